package dev.toolsmith.schema.definition;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
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
final class McpDefinitionWriter implements DefinitionWriter {

  /** The key a result that is not an object is wrapped in. */
  static final String WRAPPED = "result";

  /** Reads output schemas; Jackson's defaults, as the runtime's own factory. */
  private static final JsonFactory FACTORY = new JsonFactory();

  @Override
  public void write(StringBuilder out, ToolDefinition tool) {
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

  private static void hint(StringBuilder out, int start, String name, @Nullable Boolean value) {
    if (value != null) {
      out.append(out.length() == start ? "\"" : ",\"").append(name).append("\":").append(value);
    }
  }

  /**
   * {@code schema} when it describes a JSON object (never null), else the wrapper around it, its
   * {@code $defs} moved to the wrapper's root so that its {@code #/$defs/...} references still
   * resolve.
   */
  static String mcp(String schema) {
    if (isObject(schema)) {
      return schema;
    }
    // Each top-level member's text runs from its name to the next member's name (or the closing
    // brace), less the comma: offsets of token starts, which the parser knows exactly.
    List<String> members = new ArrayList<>();
    String definitions = "";
    try (JsonParser parser = FACTORY.createParser(schema)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return wrapper(schema, ""); // a boolean schema
      }
      int start = -1;
      int valueStart = -1;
      boolean isDefinitions = false;
      JsonToken token;
      while ((token = parser.nextToken()) == JsonToken.FIELD_NAME
          || token == JsonToken.END_OBJECT) {
        int here = (int) parser.currentTokenLocation().getCharOffset();
        if (start >= 0) {
          String member = trimComma(schema.substring(start, here));
          if (isDefinitions) {
            definitions = trimComma(schema.substring(valueStart, here));
          } else {
            members.add(member);
          }
        }
        if (token == JsonToken.END_OBJECT) {
          break;
        }
        start = here;
        isDefinitions = "$defs".equals(parser.currentName());
        parser.nextToken();
        valueStart = (int) parser.currentTokenLocation().getCharOffset();
        parser.skipChildren();
      }
    } catch (IOException e) {
      return wrapper(schema, "");
    }
    return wrapper("{" + String.join(",", members) + "}", definitions);
  }

  /** {@code text} without its trailing white space and comma. */
  private static String trimComma(String text) {
    String trimmed = text.strip();
    return trimmed.endsWith(",") ? trimmed.substring(0, trimmed.length() - 1).strip() : trimmed;
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
  private static boolean isObject(String schema) {
    try (JsonParser parser = FACTORY.createParser(schema)) {
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
