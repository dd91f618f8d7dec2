package dev.toolsmith.schema.definition;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The Anthropic Messages API form: {@code {"name":N,"description":D,"input_schema":SCHEMA}}, with
 * {@code "input_examples":[...]} when the tool has example arguments; a tool left to the search
 * carries {@code "defer_loading":true}, the search is the server's ({@code
 * tool_search_tool_bm25_20251119} or {@code _regex_20251119}) or a custom tool answered with a
 * {@code tool_result} of {@code tool_reference} blocks.
 */
final class AnthropicDefinitionWriter extends DefinitionForm {

  /** A new writer, typed as its form: see {@code DefinitionFormat#form()}. */
  static DefinitionForm form() {
    return new AnthropicDefinitionWriter();
  }

  @Override
  void write(StringBuilder out, ToolDefinition tool, boolean deferLoading) {
    out.append("{\"name\":");
    JsonText.string(out, tool.name()).append(",\"description\":");
    JsonText.string(out, tool.description());
    out.append(",\"input_schema\":").append(tool.schema());
    if (!tool.inputExamples().isEmpty()) {
      out.append(",\"input_examples\":").append(array(tool.inputExamples()));
    }
    out.append(deferLoading ? ",\"defer_loading\":true}" : "}");
  }

  @Override
  boolean listsDeferredTools() {
    return true;
  }

  @Override
  String searchTool(ToolDefinition function, boolean hosted, boolean regex) {
    if (!hosted) {
      return super.searchTool(function, false, false);
    }
    return regex
        ? "{\"type\":\"tool_search_tool_regex_20251119\",\"name\":\"tool_search_tool_regex\"}"
        : "{\"type\":\"tool_search_tool_bm25_20251119\",\"name\":\"tool_search_tool_bm25\"}";
  }

  /** A {@code tool_result} for the {@code tool_use} {@code callId}: references, or a text. */
  @Override
  String searchAnswer(
      String callId,
      List<ToolDefinition> found,
      List<String> groups,
      @Nullable String problem,
      String noMatch) {
    StringBuilder out = new StringBuilder("{\"type\":\"tool_result\",\"tool_use_id\":");
    JsonText.string(out, callId);
    if (problem != null || found.isEmpty()) {
      out.append(problem != null ? ",\"is_error\":true" : "");
      out.append(",\"content\":[{\"type\":\"text\",\"text\":");
      JsonText.string(out, problem != null ? problem : noMatch);
      return out.append("}]}").toString();
    }
    out.append(",\"content\":[");
    for (int i = 0; i < found.size(); i++) {
      out.append(i > 0 ? "," : "").append("{\"type\":\"tool_reference\",\"tool_name\":");
      JsonText.string(out, found.get(i).name()).append('}');
    }
    return out.append("]}").toString();
  }
}
