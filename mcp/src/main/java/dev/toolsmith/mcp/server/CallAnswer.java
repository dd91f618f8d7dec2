package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.result.ToolCallResult;
import io.modelcontextprotocol.modern.McpException;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What a served call answers, whatever the era: the text for {@code content}, the structured
 * content when the tool has an output schema, and whether it is an error result. A call of a tool
 * nobody serves is no result: it is the JSON-RPC error the specification gives for an unknown tool
 * (-32602), whose message is the registry's own ({@code Unknown tool: NAME}).
 */
record CallAnswer(String text, @Nullable Object structured, boolean error, boolean unknownTool) {

  /** A result (not an unknown tool). */
  CallAnswer(String text, @Nullable Object structured, boolean error) {
    this(text, structured, error, false);
  }

  /**
   * The answer to a call of a tool nobody serves: the message of the registry's {@code
   * {"error":...}} answer {@code result} (or, for a name the server's filter hides, the message the
   * registry gives any unknown name).
   */
  static CallAnswer unknown(ToolCallResult result) {
    String message;
    try {
      // The registry's answer to an unknown name is one error object; its message is the text a
      // JSON-RPC error carries.
      message = McpJson.MAPPER.readTree(result.text()).path("error").asText(result.text());
    } catch (IOException e) {
      message = result.text();
    }
    return new CallAnswer(message, null, true, true);
  }

  /** The answer in the legacy shape. */
  McpSchema.CallToolResult legacy() {
    McpSchema.CallToolResult.Builder result =
        McpSchema.CallToolResult.builder().addTextContent(text).isError(error);
    if (structured != null) {
      result.structuredContent(structured);
    }
    return result.build();
  }

  /** The answer in the 2026-07-28 shape. */
  io.modelcontextprotocol.modern.McpSchema.CallToolResult modern() {
    return new io.modelcontextprotocol.modern.McpSchema.CallToolResult(
        List.of(io.modelcontextprotocol.modern.McpSchema.TextContent.builder(text).build()),
        structured,
        error,
        null,
        null);
  }

  /** The legacy SDK's error for a tool nobody serves, with the registry's message. */
  McpError unknownLegacy() {
    return McpError.builder(ServingJson.INVALID_PARAMS).message(text).build();
  }

  /** The modern SDK's error for a tool nobody serves, with the registry's message. */
  McpException unknownModern() {
    return McpException.invalidParams(text);
  }
}
