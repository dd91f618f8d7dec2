package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.result.ToolCallResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One registry tool as served: its MCP {@code Tool} (title, annotations and output schema as the
 * registry's MCP definition has them), and how a result of it becomes a {@code CallToolResult}: the
 * text in {@code content}, and for a tool with an output schema the same JSON as {@code
 * structuredContent}, wrapped as {@code {"result": ...}} (in both) when the definition wraps the
 * schema.
 */
record ServedTool(McpSchema.Tool tool, boolean wrapped) {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  /** Reads structured content with numbers as written (a BigDecimal result stays exact). */
  private static final ObjectReader EXACT =
      McpJson.MAPPER.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /**
   * The served tool of {@code definition}, an MCP definition the registry wrote for {@code entry}.
   */
  static ServedTool of(JsonNode definition, Optional<ToolEntry> entry) {
    Map<String, Object> schema = McpJson.MAPPER.convertValue(definition.get("inputSchema"), MAP);
    schema.remove("$schema");
    String name = definition.get("name").asText();
    McpSchema.Tool.Builder tool =
        McpSchema.Tool.builder(name, schema).description(definition.path("description").asText());
    if (definition.hasNonNull("title")) {
      tool.title(definition.get("title").asText());
    }
    JsonNode hints = definition.get("annotations");
    if (hints != null) {
      tool.annotations(
          new McpSchema.ToolAnnotations(
              null,
              hint(hints, "readOnlyHint"),
              hint(hints, "destructiveHint"),
              hint(hints, "idempotentHint"),
              hint(hints, "openWorldHint"),
              null));
    }
    JsonNode output = definition.get("outputSchema");
    boolean wrapped = false;
    if (output != null) {
      tool.outputSchema(McpJson.MAPPER.convertValue(output, MAP));
      // The registry wraps a schema that is not an object's: the entry's own differs from it.
      wrapped =
          !output.equals(
              entry.map(e -> e.definition().outputSchema()).map(ServedTool::tree).orElse(null));
    }
    return new ServedTool(tool.build(), wrapped);
  }

  private static @Nullable Boolean hint(JsonNode hints, String name) {
    JsonNode value = hints.get(name);
    return (value != null && value.isBoolean()) ? value.booleanValue() : null;
  }

  private static @Nullable JsonNode tree(String json) {
    try {
      return McpJson.MAPPER.readTree(json);
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The call result of {@code answer}, the registry's. A tool with an output schema gets its
   * structured content; when the result cannot be read as JSON, there is none, and the SDK answers
   * that the structured content is missing, as an error. A result spilled to a file is an error
   * result with the registry's notice as its text: the notice is not what the output schema
   * describes, and clients validate the structured content of every other result.
   */
  McpSchema.CallToolResult result(ToolCallResult answer) {
    boolean error = answer.isError() || (tool.outputSchema() != null && answer.spilled());
    McpSchema.CallToolResult.Builder call = McpSchema.CallToolResult.builder().isError(error);
    String result = answer.text();
    String text = result;
    if (!error && tool.outputSchema() != null) {
      try {
        Object value = EXACT.readValue(result, Object.class);
        call.structuredContent(wrapped ? Map.of("result", value) : value);
        // The text is the structured content serialised (MCP: SHOULD); the result's own text keeps
        // its numbers exactly as written.
        text = wrapped ? "{\"result\":" + result.strip() + "}" : result;
      } catch (IOException | RuntimeException e) {
        // left without structured content
      }
    }
    return call.addTextContent(text).build();
  }
}
