package dev.toolsmith.schema.definition;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The OpenAI Responses API form, flat: {@code
 * {"type":"function","name":N,"description":D,"parameters":SCHEMA,"strict":B}}; tools left to the
 * search carry {@code "defer_loading":true} and are grouped by toolset into {@code namespace}
 * objects; the search is {@code {"type":"tool_search"}}, hosted or client-executed, whose client
 * form is answered with a {@code tool_search_output} item holding the found definitions.
 */
final class OpenAiResponsesDefinitionWriter extends DefinitionForm {

  private final boolean strict;

  OpenAiResponsesDefinitionWriter(boolean strict) {
    this.strict = strict;
  }

  /** A new writer, typed as its form: see {@code DefinitionFormat#form()}. */
  static DefinitionForm form(boolean strict) {
    return new OpenAiResponsesDefinitionWriter(strict);
  }

  @Override
  void write(StringBuilder out, ToolDefinition tool, boolean deferLoading) {
    out.append("{\"type\":\"function\",\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    OpenAiDefinitionWriter.writeParameters(out, tool, strict, true);
    out.append(deferLoading ? ",\"defer_loading\":true}" : "}");
  }

  @Override
  boolean listsDeferredTools() {
    return true;
  }

  @Override
  boolean groupsNamespaces() {
    return true;
  }

  @Override
  String namespace(String name, String description, List<String> definitions) {
    StringBuilder out = new StringBuilder("{\"type\":\"namespace\",\"name\":");
    JsonText.string(out, name).append(",\"description\":");
    JsonText.string(out, description).append(",\"tools\":");
    return out.append(array(definitions)).append('}').toString();
  }

  @Override
  String searchTool(ToolDefinition function, boolean hosted, boolean regex) {
    if (hosted) {
      return "{\"type\":\"tool_search\"}";
    }
    StringBuilder out = new StringBuilder("{\"type\":\"tool_search\",\"execution\":\"client\"");
    JsonText.string(out.append(",\"description\":"), function.description());
    return out.append(",\"parameters\":").append(function.schema()).append('}').toString();
  }

  /** The {@code tool_search_output} input item for {@code callId}, holding the namespaces found. */
  @Override
  String searchAnswer(
      String callId,
      List<ToolDefinition> found,
      List<String> groups,
      @Nullable String problem,
      String noMatch) {
    StringBuilder out = new StringBuilder("{\"type\":\"tool_search_output\",\"call_id\":");
    JsonText.string(out, callId);
    out.append(",\"execution\":\"client\",\"status\":\"completed\",\"tools\":");
    return out.append(array(groups)).append('}').toString();
  }
}
