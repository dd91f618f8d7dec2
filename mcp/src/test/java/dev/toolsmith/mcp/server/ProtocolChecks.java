package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import java.util.List;
import java.util.Map;

/**
 * What protocol.mjs (the TypeScript SDK's client) must see from a served {@link ProtocolFixture}:
 * every tool through {@code nextCursor} pages, the tool's progress, and cancelled calls that stop
 * and are never answered; shared with toolsmith-mcp-http's tests through this module's test jar.
 */
public final class ProtocolChecks {

  private ProtocolChecks() {}

  /** Runs protocol.mjs with {@code args} and checks every step; returns the steps by name. */
  public static Map<String, JsonNode> check(int fillers, int pageSize, List<String> args)
      throws Exception {
    Map<String, JsonNode> steps = TypeScriptSession.run("protocol.mjs", args);
    JsonNode list = steps.get("list");
    int total = fillers + 4;
    assertEquals(total, list.get("total").asInt(), list.toString());
    assertEquals(total, list.get("distinct").asInt(), list.toString());
    assertTrue(list.get("sorted").asBoolean(), list.toString());
    assertEquals((total + pageSize - 1) / pageSize, list.get("pages").asInt(), list.toString());
    assertEquals(Math.min(pageSize, total), list.get("firstPage").asInt(), list.toString());
    assertEquals("[\"count\",\"block\",\"block_async\",\"report\"]", list.get("has").toString());
    assertEquals("{\"counted\":3}", steps.get("call").get("text").asText());
    JsonNode progress = steps.get("progress");
    assertEquals("{\"counted\":3}", progress.get("text").asText());
    assertEquals(
        "[{\"progress\":1,\"total\":3,\"message\":\"step 1\"},"
            + "{\"progress\":2,\"total\":3,\"message\":\"step 2\"},"
            + "{\"progress\":3,\"total\":3,\"message\":\"step 3\"}]",
        progress.get("reports").toString());
    for (String name : List.of("cancel_block", "cancel_block_async")) {
      JsonNode cancel = steps.get(name);
      assertTrue(cancel.has("rejected"), cancel.toString());
      assertTrue(cancel.get("afterMs").asLong() < ProtocolFixture.BLOCK_MILLIS, cancel.toString());
    }
    // The cancelled calls stopped (the sync tool interrupted, seeing isCancelled; the async tool's
    // future cancelled), none ran to its end, and no answer came for either.
    assertEquals(
        "{\"finished\":0,\"futuresCancelled\":1,\"interrupted\":1,\"sawCancelled\":1,"
            + "\"clientErrors\":[]}",
        McpJson.write(
            ((com.fasterxml.jackson.databind.node.ObjectNode) steps.get("report"))
                .without("step")));
    return steps;
  }
}
