package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.TypeScriptSession;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Progress and cancellation in the 2026-07-28 form over Streamable HTTP, with a real client: the
 * TypeScript SDK v2 pinned to 2026-07-28 calls a tool with a progress callback, hears its reports,
 * and cancels the call (closing the call's response stream); the tool sees the cancellation.
 */
@Timeout(120)
final class HttpModernProgressTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void aModernClientHearsProgressAndItsCancelReachesTheTool() throws Exception {
    CountDownLatch sawCancelled = new CountDownLatch(1);
    AtomicInteger finished = new AtomicInteger();
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        ToolEntry.builder("tick", "test")
            .description("Reports progress every 100 ms until cancelled, at most 10 s.")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      for (int i = 1; i <= 100; i++) {
                        if (context.isCancelled()) {
                          break;
                        }
                        context.progress(i, 100, "tick " + i);
                        try {
                          Thread.sleep(100);
                        } catch (InterruptedException e) {
                          break;
                        }
                      }
                      if (context.isCancelled()) {
                        sawCancelled.countDown();
                        return "{\"cancelled\":true}";
                      }
                      finished.incrementAndGet();
                      return "{\"finished\":true}";
                    })
            .build());
    try (McpHttpServer server = McpHttpServer.builder(registry).serve(ANY_LOOPBACK_PORT)) {
      Map<String, JsonNode> steps =
          TypeScriptSession.run("progress.mjs", List.of("http", server.endpoint().toString()));
      JsonNode cancelled = steps.get("cancelled");
      JsonNode progress = cancelled.get("progress");
      assertEquals(3, progress.size(), cancelled.toString());
      for (int i = 0; i < 3; i++) {
        assertEquals(i + 1, progress.get(i).get("progress").asInt(), cancelled.toString());
        assertEquals(100, progress.get(i).get("total").asInt(), cancelled.toString());
        assertEquals("tick " + (i + 1), progress.get(i).get("message").asText());
      }
      assertTrue(cancelled.has("error"), "the cancelled call got an answer: " + cancelled);
      assertFalse(cancelled.has("result"), cancelled.toString());
      // Over HTTP the server sees the closed stream when it next writes: the next report.
      assertTrue(
          sawCancelled.await(5, TimeUnit.SECONDS),
          "the tool did not see the cancellation: " + cancelled);
      assertEquals(0, finished.get());
    }
  }
}
