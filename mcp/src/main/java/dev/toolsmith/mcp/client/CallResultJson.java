package dev.toolsmith.mcp.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * An MCP {@code CallToolResult} as the JSON text the model sees: text contents joined as {@code
 * {"result": TEXT}}, plus {@code "structuredContent"} when present; images, audio and resources
 * described rather than dropped; the text of a result with {@code isError} as the message of the
 * failure it is (the registry writes it {@code {"error": TEXT}}).
 */
final class CallResultJson {

  /**
   * The {@code _meta} key of an answer this side made for a result spilled to a file ({@link
   * ServerOutput}); its value is {@link #SPILLED_TOKEN}, unknown to the server, so no server can
   * pass its text off as a spill notice.
   */
  static final String SPILLED_KEY = "dev.toolsmith/spilled";

  static final String SPILLED_TOKEN = UUID.randomUUID().toString();

  private CallResultJson() {}

  /** The JSON text of {@code result}, a result without {@code isError}. */
  static String of(McpSchema.CallToolResult result) {
    if (result.meta() != null
        && SPILLED_TOKEN.equals(result.meta().get(SPILLED_KEY))
        && result.content() != null
        && result.content().size() == 1
        && result.content().get(0) instanceof McpSchema.TextContent notice) {
      return notice.text(); // the spill notice, in the registry's shape already
    }
    ObjectNode out = McpJson.MAPPER.createObjectNode();
    out.put("result", text(result.content()));
    if (result.structuredContent() != null) {
      out.set("structuredContent", McpJson.MAPPER.valueToTree(result.structuredContent()));
    }
    return McpJson.write(out);
  }

  /** The message of a result with {@code isError}: its contents as text. */
  static String errorMessage(McpSchema.CallToolResult result) {
    String text = text(result.content());
    return text.isEmpty() ? "MCP tool reported an error" : text;
  }

  /** Each content item as text, joined by newlines. */
  private static String text(List<McpSchema.Content> contents) {
    if (contents == null) {
      return "";
    }
    List<String> parts = new ArrayList<>();
    for (McpSchema.Content content : contents) {
      parts.add(describe(content));
    }
    return String.join("\n", parts);
  }

  private static String describe(McpSchema.Content content) {
    if (content instanceof McpSchema.TextContent text) {
      return text.text();
    }
    if (content instanceof McpSchema.ImageContent image) {
      return "[image " + image.mimeType() + ", " + base64Bytes(image.data()) + " bytes]";
    }
    if (content instanceof McpSchema.AudioContent audio) {
      return "[audio " + audio.mimeType() + ", " + base64Bytes(audio.data()) + " bytes]";
    }
    if (content instanceof McpSchema.EmbeddedResource embedded) {
      McpSchema.ResourceContents resource = embedded.resource();
      if (resource instanceof McpSchema.TextResourceContents text) {
        return "[resource " + text.uri() + mime(text.mimeType()) + "]\n" + text.text();
      }
      if (resource instanceof McpSchema.BlobResourceContents blob) {
        return "[resource "
            + blob.uri()
            + mime(blob.mimeType())
            + ", "
            + base64Bytes(blob.blob())
            + " bytes]";
      }
      return "[resource " + (resource == null ? "?" : resource.uri()) + "]";
    }
    if (content instanceof McpSchema.ResourceLink link) {
      String name = link.name() == null ? "" : link.name() + " ";
      String description = link.description() == null ? "" : ": " + link.description();
      return "[resource link " + name + link.uri() + mime(link.mimeType()) + description + "]";
    }
    return "[" + content.type() + " content]";
  }

  private static String mime(String mimeType) {
    return mimeType == null || mimeType.isEmpty() ? "" : " (" + mimeType + ")";
  }

  /** The decoded size of base64 text, without decoding it. */
  private static long base64Bytes(String data) {
    if (data == null) {
      return 0;
    }
    int length = data.length();
    int padding = 0;
    if (length > 0 && data.charAt(length - 1) == '=') {
      padding = length > 1 && data.charAt(length - 2) == '=' ? 2 : 1;
    }
    return (long) length * 3 / 4 - padding;
  }
}
