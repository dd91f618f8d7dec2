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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One registry tool as served, in the shape of each era: its MCP {@code Tool} (title, annotations
 * and output schema as the registry's MCP definition has them), and how a result of it becomes a
 * call's answer: the text in {@code content}, and for a tool with an output schema the same JSON as
 * {@code structuredContent}, wrapped as {@code {"result": ...}} (in both) when the definition wraps
 * the schema.
 */
record ServedTool(
    McpSchema.Tool tool, io.modelcontextprotocol.modern.McpSchema.Tool modern, boolean wrapped) {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  /** Reads structured content with numbers as written (a BigDecimal result stays exact). */
  private static final ObjectReader EXACT =
      McpJson.MAPPER.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** The tool's name. */
  String name() {
    return tool.name();
  }

  /**
   * The served tool of {@code definition}, an MCP definition the registry wrote for {@code entry}.
   */
  static ServedTool of(JsonNode definition, Optional<ToolEntry> entry) {
    Map<String, Object> schema =
        new InputSchema(McpJson.MAPPER.convertValue(definition.get("inputSchema"), MAP));
    schema.remove("$schema");
    String name = definition.get("name").asText();
    String description = definition.path("description").asText();
    String title = definition.hasNonNull("title") ? definition.get("title").asText() : null;
    JsonNode hints = definition.get("annotations");
    JsonNode output = definition.get("outputSchema");
    Map<String, Object> outputSchema =
        output == null ? null : McpJson.MAPPER.convertValue(output, MAP);
    // The registry wraps a schema that is not an object's: the entry's own differs from it.
    boolean wrapped =
        output != null
            && !output.equals(
                entry.map(e -> e.definition().outputSchema()).map(ServedTool::tree).orElse(null));
    return of(name, title, description, schema, outputSchema, hints, wrapped);
  }

  /** A served tool from its parts; {@code hints} is the definition's {@code annotations}. */
  static ServedTool of(
      String name,
      @Nullable String title,
      String description,
      Map<String, Object> inputSchema,
      @Nullable Map<String, Object> outputSchema,
      @Nullable JsonNode hints,
      boolean wrapped) {
    McpSchema.Tool.Builder tool =
        McpSchema.Tool.builder(name, inputSchema).description(description);
    io.modelcontextprotocol.modern.McpSchema.ToolAnnotations modernHints = null;
    if (title != null) {
      tool.title(title);
    }
    if (hints != null) {
      tool.annotations(
          new McpSchema.ToolAnnotations(
              null,
              hint(hints, "readOnlyHint"),
              hint(hints, "destructiveHint"),
              hint(hints, "idempotentHint"),
              hint(hints, "openWorldHint"),
              null));
      modernHints =
          new io.modelcontextprotocol.modern.McpSchema.ToolAnnotations(
              null,
              hint(hints, "readOnlyHint"),
              hint(hints, "destructiveHint"),
              hint(hints, "idempotentHint"),
              hint(hints, "openWorldHint"));
    }
    if (outputSchema != null) {
      tool.outputSchema(outputSchema);
    }
    return new ServedTool(
        tool.build(),
        new io.modelcontextprotocol.modern.McpSchema.Tool(
            name, title, description, inputSchema, outputSchema, modernHints, null, null),
        wrapped);
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
   * The answer to a call whose result is {@code result}, the registry's. A tool with an output
   * schema gets its structured content; a result that cannot be read as JSON, or that was spilled
   * to a file (the notice is not what the output schema describes), is an error result with the
   * registry's text, since clients validate the structured content of every other result.
   */
  CallAnswer answer(ToolCallResult result) {
    String text = result.text();
    boolean error = result.isError() || (tool.outputSchema() != null && result.spilled());
    if (error || tool.outputSchema() == null) {
      return new CallAnswer(text, null, error);
    }
    try {
      Object value = EXACT.readValue(text, Object.class);
      if (value == null) { // no structured content can say "nothing"
        return new CallAnswer(text, null, true);
      }
      // The text is the structured content serialised (MCP: SHOULD); the result's own text keeps
      // its numbers exactly as written.
      return wrapped
          ? new CallAnswer("{\"result\":" + text.strip() + "}", Map.of("result", value), false)
          : new CallAnswer(text, value, false);
    } catch (IOException | RuntimeException e) {
      return new CallAnswer(text, null, true);
    }
  }

  /**
   * An input schema as served. The registry's readers validate arguments themselves and report
   * every problem in the result, so the modern server's schema validator skips these (and still
   * checks results against output schemas, as the legacy server does).
   */
  static final class InputSchema extends LinkedHashMap<String, Object> {
    private static final long serialVersionUID = 1L;

    InputSchema(Map<String, Object> schema) {
      super(schema);
    }
  }
}
