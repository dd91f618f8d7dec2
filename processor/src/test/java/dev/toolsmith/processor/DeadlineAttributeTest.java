package dev.toolsmith.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.result.ToolCallResult;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code @Tool(deadlineMillis)} reaches the entry, and the registry stops the call at it. */
final class DeadlineAttributeTest {

  static final JavaFileObject SLOW =
      JavaFileObjects.forSourceString(
          "demo.d.Slow",
"""
package demo.d;

import dev.toolsmith.annotations.Tool;

public final class Slow {
  /** Sleeps far longer than its deadline. */
  @Tool(deadlineMillis = 150)
  public static String nap() throws InterruptedException {
    Thread.sleep(60_000);
    return "rested";
  }

  /** Has no deadline of its own. */
  @Tool
  public static String quick() {
    return "done";
  }
}
""");

  @Test
  void theDeclaredDeadlineIsTheEntrysAndStopsTheCall(@TempDir Path dir) throws Exception {
    Path out = Compiled.writeClassOutput(Compiled.compile(SLOW), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertEquals(Optional.of(Duration.ofMillis(150)), tools.get("nap").deadline());
      assertEquals(Optional.empty(), tools.get("quick").deadline());

      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      long start = System.nanoTime();
      ToolCallResult result = registry.call("nap", "{}");

      assertEquals(ToolCallResult.Outcome.TIMEOUT, result.outcome());
      assertEquals(
          "{\"error\":\"Tool nap timed out after its deadline of 150 ms\"}", result.text());
      assertTrue(System.nanoTime() - start < 10_000_000_000L);
    }
  }
}
