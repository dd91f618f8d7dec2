package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.schema.definition.ToolDefinition;
import dev.toolsmith.schema.definition.ToolHints;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One registry tool as served, in the shape of each era, built from its {@link ToolDefinition} as
 * listed now: its MCP {@code Tool} (title, annotations and output schema as the MCP definition has
 * them), and how a result of it becomes a call's answer: the text in {@code content}, and for a
 * tool with an output schema the same JSON as {@code structuredContent}, wrapped as {@code
 * {"result": ...}} (in both) when the definition wraps the schema.
 */
record ServedTool(
    ToolDefinition definition,
    McpSchema.Tool tool,
    io.modelcontextprotocol.modern.McpSchema.Tool modern,
    boolean wrapped) {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  /** Reads structured content with numbers as written (a BigDecimal result stays exact). */
  private static final ObjectReader EXACT =
      McpJson.MAPPER.reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** The tool's name. */
  String name() {
    return definition.name();
  }

  /**
   * The served tool of {@code definition}. The SDKs take schemas as maps: the schema texts are read
   * into them here, at the edge.
   *
   * @throws IllegalArgumentException when a schema is not a JSON object
   */
  static ServedTool of(ToolDefinition definition) {
    String name = definition.name();
    String title = definition.title().isEmpty() ? null : definition.title();
    Map<String, Object> schema = new InputSchema(map(definition.schema()));
    schema.remove("$schema");
    String output = definition.mcpOutputSchema();
    Map<String, Object> outputSchema = output == null ? null : map(output);
    McpSchema.Tool.Builder tool =
        McpSchema.Tool.builder(name, schema).description(definition.description());
    io.modelcontextprotocol.modern.McpSchema.ToolAnnotations modernHints = null;
    if (title != null) {
      tool.title(title);
    }
    ToolHints hints = definition.hints();
    if (!hints.isEmpty()) {
      tool.annotations(
          new McpSchema.ToolAnnotations(
              null,
              hints.readOnly(),
              hints.destructive(),
              hints.idempotent(),
              hints.openWorld(),
              null));
      modernHints =
          new io.modelcontextprotocol.modern.McpSchema.ToolAnnotations(
              null, hints.readOnly(), hints.destructive(), hints.idempotent(), hints.openWorld());
    }
    if (outputSchema != null) {
      tool.outputSchema(outputSchema);
    }
    return new ServedTool(
        definition,
        tool.build(),
        new io.modelcontextprotocol.modern.McpSchema.Tool(
            name, title, definition.description(), schema, outputSchema, modernHints, null, null),
        definition.mcpWrapsResults());
  }

  private static Map<String, Object> map(String schema) {
    try {
      Map<String, Object> map = McpJson.MAPPER.readValue(schema, MAP);
      if (map == null) {
        throw new IllegalArgumentException("a schema is null");
      }
      return map;
    } catch (IOException e) {
      throw new IllegalArgumentException("a schema is not a JSON object", e);
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
          ? new CallAnswer(
              "{\"" + ToolDefinition.MCP_RESULT_KEY + "\":" + text.strip() + "}",
              Map.of(ToolDefinition.MCP_RESULT_KEY, value),
              false)
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
