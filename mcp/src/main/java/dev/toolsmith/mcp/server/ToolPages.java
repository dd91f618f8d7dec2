package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import org.jspecify.annotations.Nullable;

/**
 * {@code tools/list} in pages: the served tools sorted by name, at most a page size of them per
 * answer, with a {@code nextCursor} while more follow. The SDK's server always answers with every
 * tool in one message (3.2 MB for 10,000 tools, which the Python SDK refuses), so the served
 * registry answers {@code tools/list} itself. A cursor names the last tool of the page before it,
 * so it needs no state on the server: it stays valid when tools change (the next page starts after
 * that name) and on any replica of a stateless server.
 */
final class ToolPages {

  private ToolPages() {}

  /**
   * The JSON-RPC answer to the {@code tools/list} request {@code id} with {@code cursor} (null for
   * the first page): a page of {@code tools}, or an invalid-params error for a cursor that is not
   * one of ours.
   */
  static String answer(
      JsonNode id,
      @Nullable JsonNode cursor,
      NavigableMap<String, McpSchema.Tool> tools,
      int size) {
    Object rpcId = id.isTextual() ? id.textValue() : id.longValue();
    McpSchema.JSONRPCResponse response;
    if (cursor != null && !cursor.isNull() && afterName(cursor) == null) {
      response =
          McpSchema.JSONRPCResponse.error(
              rpcId,
              new McpSchema.JSONRPCResponse.JSONRPCError(
                  ServingJson.INVALID_PARAMS, "Invalid params: unknown cursor", null));
    } else {
      String after = cursor == null || cursor.isNull() ? null : afterName(cursor);
      Map<String, McpSchema.Tool> rest = after == null ? tools : tools.tailMap(after, false);
      List<McpSchema.Tool> page = new ArrayList<>();
      String next = null;
      for (McpSchema.Tool tool : rest.values()) {
        if (page.size() == size) { // one more follows
          next = cursorAfter(page.get(size - 1).name());
          break;
        }
        page.add(tool);
      }
      response =
          McpSchema.JSONRPCResponse.result(
              rpcId, McpSchema.ListToolsResult.builder(page).nextCursor(next).build());
    }
    try {
      return McpJson.SDK.writeValueAsString(response);
    } catch (IOException e) { // the SDK's records always serialize
      throw new IllegalStateException(e);
    }
  }

  /** The cursor of the page after the tool {@code name}. */
  static String cursorAfter(String name) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(name.getBytes(StandardCharsets.UTF_8));
  }

  /** The tool name a cursor of ours names, or null for anything else. */
  private static @Nullable String afterName(JsonNode cursor) {
    if (!cursor.isTextual() || cursor.textValue().isEmpty()) {
      return null;
    }
    try {
      return new String(Base64.getUrlDecoder().decode(cursor.textValue()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
