package dev.toolsmith.schema.definition;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One provider's form, the one place that knows it: how a tool's definition is written, how a tool
 * left to the search is marked, how tools are grouped, what the search tool looks like and how its
 * answer is wrapped. This base is the portable form (Chat Completions, Gemini, MCP): deferred tools
 * are not listed, and a {@code search_tools} function in the format's own shape answers with the
 * tools found. The forms with a native tool search (OpenAI Responses, Anthropic) override it.
 */
abstract class DefinitionForm {

  /**
   * Appends {@code tool} as one JSON object, with {@code "defer_loading":true} as its last member
   * when {@code deferLoading}; schema texts are spliced in as they are, never parsed again (a
   * dialect not precomputed is derived from the schema).
   *
   * @throws RuntimeException when the tool cannot be written in this shape
   */
  abstract void write(StringBuilder out, ToolDefinition tool, boolean deferLoading);

  /** Whether tools left to the search are listed, marked to load on demand (native forms). */
  boolean listsDeferredTools() {
    return false;
  }

  /** Whether the tools left to the search are grouped by toolset into namespaces. */
  boolean groupsNamespaces() {
    return false;
  }

  /** A namespace holding {@code definitions}; only for a form that {@link #groupsNamespaces}. */
  String namespace(String name, String description, List<String> definitions) {
    throw new UnsupportedOperationException("no namespaces in this form");
  }

  /**
   * The search tool as this form declares it: the provider's own when {@code hosted} (the regex
   * variant when {@code regex}, where there is one), else {@code function} in this form.
   */
  String searchTool(ToolDefinition function, boolean hosted, boolean regex) {
    StringBuilder out = new StringBuilder();
    write(out, function, false);
    return out.toString();
  }

  /**
   * The answer to a search call {@code callId} that found {@code found} (and, for a form that
   * groups namespaces, their namespaces {@code groups}); {@code problem} says why the arguments
   * were unusable, {@code noMatch} what to say when nothing matched. The portable answer: {@code
   * {"tools":[{"name","description","parameters"}...]}}, or {@code {"error":PROBLEM}}.
   */
  String searchAnswer(
      String callId,
      List<ToolDefinition> found,
      List<String> groups,
      @Nullable String problem,
      String noMatch) {
    StringBuilder out = new StringBuilder();
    if (problem != null) {
      return JsonText.string(out.append("{\"error\":"), problem).append('}').toString();
    }
    out.append("{\"tools\":[");
    for (int i = 0; i < found.size(); i++) {
      ToolDefinition tool = found.get(i);
      out.append(i > 0 ? "," : "").append("{\"name\":");
      JsonText.string(out, tool.name()).append(",\"description\":");
      JsonText.string(out, tool.description()).append(",\"parameters\":").append(tool.schema());
      out.append('}');
    }
    out.append(']');
    if (found.isEmpty()) {
      JsonText.string(out.append(",\"note\":"), noMatch);
    }
    return out.append('}').toString();
  }

  /** {@code elements} as one JSON array. */
  static String array(List<String> elements) {
    return "[" + String.join(",", elements) + "]";
  }
}
