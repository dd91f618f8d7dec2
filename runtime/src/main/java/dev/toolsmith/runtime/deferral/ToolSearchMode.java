package dev.toolsmith.runtime.deferral;

/**
 * Who runs the model's tool search, for the formats whose provider has a native one (OpenAI
 * Responses, Anthropic). Every other format always gets the portable {@code search_tools} function,
 * answered by the registry.
 */
public enum ToolSearchMode {
  /**
   * The provider searches the deferred definitions it was sent: OpenAI's {@code
   * {"type":"tool_search"}}, Anthropic's {@code tool_search_tool_bm25_20251119}.
   */
  HOSTED,

  /**
   * As {@link #HOSTED}, with Anthropic's regex variant ({@code tool_search_tool_regex_20251119}).
   */
  HOSTED_REGEX,

  /**
   * The registry's search answers: OpenAI's client-executed {@code tool_search} (answered with a
   * {@code tool_search_output} item holding the loaded definitions), Anthropic's custom search tool
   * (answered with {@code tool_reference} blocks).
   */
  CLIENT
}
