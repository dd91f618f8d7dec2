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
 * {@code tools/list} in pages, in both eras: the served tools sorted by name, at most a page size
 * of them per answer, with a {@code nextCursor} while more follow. The legacy SDK's server always
 * answers with every tool in one message (3.2 MB for 10,000 tools, which the Python SDK refuses),
 * so the served registry answers legacy {@code tools/list} itself. A cursor names the last tool of
 * the page before it, so it needs no state on the server: it stays valid when tools change (the
 * next page starts after that name) and on any replica.
 */
final class ToolPages {

  /** The message of the invalid-params error a foreign cursor gets. */
  static final String UNKNOWN_CURSOR = "Invalid params: unknown cursor";

  private ToolPages() {}

  /** One page: its tools and the cursor of the next, null on the last page. */
  record Page(List<ServedTool> tools, @Nullable String nextCursor) {}

  /**
   * The page of {@code tools} after {@code cursor} (null or JSON null for the first), or null for a
   * cursor that is not one of ours.
   */
  static @Nullable Page page(
      @Nullable JsonNode cursor, NavigableMap<String, ServedTool> tools, int size) {
    String after = null;
    if (cursor != null && !cursor.isNull()) {
      after = cursor.isTextual() ? afterName(cursor.textValue()) : null;
      if (after == null) {
        return null;
      }
    }
    Map<String, ServedTool> rest = after == null ? tools : tools.tailMap(after, false);
    List<ServedTool> page = new ArrayList<>();
    String next = null;
    for (ServedTool tool : rest.values()) {
      if (page.size() == size) { // one more follows
        next = cursorAfter(page.get(size - 1).name());
        break;
      }
      page.add(tool);
    }
    return new Page(page, next);
  }

  /**
   * The legacy JSON-RPC answer to the {@code tools/list} request {@code id} with {@code cursor}: a
   * page of {@code tools}, or an invalid-params error for a cursor that is not one of ours.
   */
  static String answer(
      JsonNode id, @Nullable JsonNode cursor, NavigableMap<String, ServedTool> tools, int size) {
    Object rpcId = id.isTextual() ? id.textValue() : id.longValue();
    Page page = page(cursor, tools, size);
    McpSchema.JSONRPCResponse response =
        page == null
            ? McpSchema.JSONRPCResponse.error(
                rpcId,
                new McpSchema.JSONRPCResponse.JSONRPCError(
                    ServingJson.INVALID_PARAMS, UNKNOWN_CURSOR, null))
            : McpSchema.JSONRPCResponse.result(
                rpcId,
                McpSchema.ListToolsResult.builder(
                        page.tools().stream().map(ServedTool::tool).toList())
                    .nextCursor(page.nextCursor())
                    .build());
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
  private static @Nullable String afterName(String cursor) {
    if (cursor.isEmpty()) {
      return null;
    }
    try {
      return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
