package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.runtime.internal.LazyLogger;
import org.junit.jupiter.api.Test;

/** The registry's helpers log under one name, the one logging configurations already use. */
class LoggerNameTest {

  @Test
  void theRegistryLoggerIsNamedAfterToolRegistry() {
    assertEquals(ToolRegistry.class.getName(), LazyLogger.REGISTRY);
  }
}
