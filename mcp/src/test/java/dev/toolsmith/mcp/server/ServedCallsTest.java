package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.toolsmith.runtime.tool.ToolSession;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The state each legacy MCP session keeps across its calls, and how long it is remembered. */
final class ServedCallsTest {

  @Test
  void eachSessionHasOneStateAndTheLeastRecentlyUsedIsForgottenBeyondTheCap() {
    ServedCalls calls = new ServedCalls(false, Map.of());
    ToolSession first = calls.session("first");
    ToolSession oldest = calls.session("s0");
    for (int i = 1; i < ServedCalls.MAX_SESSIONS - 1; i++) {
      calls.session("s" + i);
    }
    assertSame(first, calls.session("first")); // used again: the most recent
    calls.session("one more");
    assertSame(first, calls.session("first"), "kept: recent");
    assertNotSame(oldest, calls.session("s0"), "the oldest is forgotten, and starts afresh");
    assertNull(calls.session(null), "no session id: no state kept");
  }

  @Test
  void overStdioThereIsOneSession() {
    ServedCalls calls = new ServedCalls(true, Map.of());
    assertSame(calls.session(null), calls.session("any"));
  }
}
