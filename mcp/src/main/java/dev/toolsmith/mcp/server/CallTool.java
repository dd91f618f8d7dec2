package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@code call_tool} tool of a served tool search: {@code {"name": TOOL, "arguments": {...}}}
 * calls a tool that {@code search_tools} found, so a client whose listing never changes can call
 * what it found; the call goes the way a direct call of {@code TOOL} goes (same validation, same
 * result, same error texts), except that a name nobody serves is an error result rather than a
 * JSON-RPC error, since {@code call_tool} itself was found.
 */
final class CallTool {

  static final String NAME = "call_tool";

  /** What the model is told when the arguments name no tool. */
  static final String NO_NAME = "call_tool needs the string 'name' of a tool search_tools found";

  /** What the model is told when the arguments are not one JSON object. */
  static final String NOT_AN_OBJECT = "call_tool's arguments must be one JSON object";

  static final ToolDefinition DEFINITION =
      ToolDefinition.builder(
              NAME,
              "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"description\":"
                  + "\"The name of a tool search_tools found\"},\"arguments\":{\"type\":"
                  + "\"object\",\"description\":\"The tool's arguments, as its inputSchema"
                  + " describes them\"}},\"required\":[\"name\"],\"additionalProperties\":false}")
          .description(
              "Call a tool that search_tools found, by its name, with the arguments its"
                  + " definition describes. Returns what the tool returns.")
          .build();

  private CallTool() {}

  /**
   * One call of {@code call_tool}, read.
   *
   * @param name the tool to call, or null when {@code problem} says why there is none
   * @param arguments the tool's arguments as JSON text, as the client wrote them; {@code {}} when
   *     absent
   * @param problem one line for the model when the call is unusable; null when usable
   */
  record Request(@Nullable String name, String arguments, @Nullable String problem) {

    /** Reads a call's arguments, as the client wrote them when they are {@link RawArguments}. */
    static Request read(@Nullable Map<String, Object> arguments) {
      if (arguments instanceof RawArguments raw) {
        return read(raw.json());
      }
      if (arguments == null || !(arguments.get("name") instanceof String name)) {
        return failed(NO_NAME);
      }
      Object inner = arguments.get("arguments");
      return new Request(name, inner == null ? "{}" : McpJson.write(inner), null);
    }

    /**
     * Reads {@code {"name": ..., "arguments": ...}} from its text; the inner arguments are copied
     * token by token, numbers and duplicate keys as written, for the registry's reader to judge.
     */
    static Request read(String json) {
      String name = null;
      String inner = "{}";
      try (JsonParser p = McpJson.MAPPER.getFactory().createParser(json)) {
        if (p.nextToken() != JsonToken.START_OBJECT) {
          return failed(NOT_AN_OBJECT);
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String field = p.currentName();
          JsonToken value = p.nextToken();
          if ("name".equals(field) && value == JsonToken.VALUE_STRING) {
            name = p.getText();
          } else if ("arguments".equals(field) && value != JsonToken.VALUE_NULL) {
            inner = copy(p);
          } else {
            p.skipChildren();
          }
        }
      } catch (IOException | RuntimeException e) {
        return failed(NOT_AN_OBJECT);
      }
      return name == null ? failed(NO_NAME) : new Request(name, inner, null);
    }

    private static String copy(JsonParser p) throws IOException {
      StringWriter out = new StringWriter();
      try (JsonGenerator g = McpJson.MAPPER.getFactory().createGenerator(out)) {
        g.copyCurrentStructureExact(p);
      }
      return out.toString();
    }

    private static Request failed(String problem) {
      return new Request(null, "", problem);
    }
  }
}
