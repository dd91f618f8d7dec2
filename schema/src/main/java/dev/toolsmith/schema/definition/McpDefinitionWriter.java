package dev.toolsmith.schema.definition;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.schema.SchemaJson;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The Model Context Protocol {@code Tool} shape of {@code tools/list}: {@code
 * {"name":N,"title":T,"description":D,"inputSchema":SCHEMA,"outputSchema":OUT,"annotations":{...}}},
 * schemas JSON Schema 2020-12 as they are; title, output schema and annotations only when the tool
 * has them.
 *
 * <p>MCP asks for an output schema of {@code "type":"object"}, as {@code structuredContent} is an
 * object. A tool whose results are a JSON object (a record, a map) has its own output schema; any
 * other result (a list, an enum, a number, an optional record) is described wrapped, as {@code
 * {"result": VALUE}}, the convention of the Python SDK, and a server puts the result in {@code
 * structuredContent} the same way.
 */
final class McpDefinitionWriter extends DefinitionForm {

  /** The key a result that is not an object is wrapped in. */
  static final String WRAPPED = "result";

  /** A new writer, typed as its form: see {@code DefinitionFormat#form()}. */
  static DefinitionForm form() {
    return new McpDefinitionWriter();
  }

  @Override
  void write(StringBuilder out, ToolDefinition tool, boolean deferLoading) {
    out.append("{\"name\":");
    JsonText.string(out, tool.name());
    if (!tool.title().isEmpty()) {
      out.append(",\"title\":");
      JsonText.string(out, tool.title());
    }
    out.append(",\"description\":");
    JsonText.string(out, tool.description());
    out.append(",\"inputSchema\":").append(tool.schema());
    String outputSchema = tool.outputSchema();
    if (outputSchema != null) {
      out.append(",\"outputSchema\":").append(mcp(outputSchema));
    }
    ToolHints hints = tool.hints();
    if (!hints.isEmpty()) {
      out.append(",\"annotations\":{");
      int start = out.length();
      hint(out, start, "readOnlyHint", hints.readOnly());
      hint(out, start, "destructiveHint", hints.destructive());
      hint(out, start, "idempotentHint", hints.idempotent());
      hint(out, start, "openWorldHint", hints.openWorld());
      out.append('}');
    }
    out.append('}');
  }

  /**
   * The search answer with each found tool's definition in full, {@code {"tools":[TOOL...]}}, as
   * {@code tools/list} gives it: a client that cannot list again (a stateless one) can still call
   * what it found.
   */
  @Override
  String searchAnswer(
      String callId,
      List<ToolDefinition> found,
      List<String> groups,
      @Nullable String problem,
      String noMatch) {
    if (problem != null) {
      return super.searchAnswer(callId, found, groups, problem, noMatch);
    }
    StringBuilder out = new StringBuilder("{\"tools\":[");
    for (int i = 0; i < found.size(); i++) {
      write(out.append(i > 0 ? "," : ""), found.get(i), false);
    }
    out.append(']');
    if (found.isEmpty()) {
      JsonText.string(out.append(",\"note\":"), noMatch);
    }
    return out.append('}').toString();
  }

  private static void hint(StringBuilder out, int start, String name, @Nullable Boolean value) {
    if (value != null) {
      out.append(out.length() == start ? "\"" : ",\"").append(name).append("\":").append(value);
    }
  }

  /**
   * {@code schema} when it describes a JSON object (never null), else the wrapper around it, its
   * {@code $defs} moved to the wrapper's root so that its {@code #/$defs/...} references still
   * resolve. The members are copied token by token (numbers as written), never cut from the text.
   */
  static String mcp(String schema) {
    if (isObject(schema)) {
      return schema;
    }
    StringWriter value = new StringWriter(schema.length());
    StringWriter definitions = new StringWriter();
    try (JsonParser parser = SchemaJson.FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return wrapper(schema, ""); // a boolean schema
      }
      try (JsonGenerator members = SchemaJson.FACTORY.createGenerator(value);
          JsonGenerator defs = SchemaJson.FACTORY.createGenerator(definitions)) {
        members.writeStartObject();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String name = parser.currentName();
          parser.nextToken();
          if ("$defs".equals(name)) {
            defs.copyCurrentStructureExact(parser);
          } else {
            members.writeFieldName(name);
            members.copyCurrentStructureExact(parser);
          }
        }
        members.writeEndObject();
      }
    } catch (IOException e) {
      return wrapper(schema, "");
    }
    return wrapper(value.toString(), definitions.toString());
  }

  private static String wrapper(String value, String definitions) {
    return "{\"type\":\"object\",\"properties\":{\""
        + WRAPPED
        + "\":"
        + value
        + "},\"required\":[\""
        + WRAPPED
        + "\"],\"additionalProperties\":false"
        + (definitions.isEmpty() ? "" : ",\"$defs\":" + definitions)
        + "}";
  }

  /** Whether the schema's top-level {@code type} is the one word {@code "object"}. */
  static boolean isObject(String schema) {
    try (JsonParser parser = SchemaJson.FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("type".equals(field)) {
          return value == JsonToken.VALUE_STRING && "object".equals(parser.getText());
        }
        parser.skipChildren();
      }
      return false;
    } catch (IOException e) {
      return false;
    }
  }
}
