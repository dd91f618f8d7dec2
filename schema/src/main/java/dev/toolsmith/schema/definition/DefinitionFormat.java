package dev.toolsmith.schema.definition;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The provider shape a tool's definition is written in: what the runtime's {@code
 * ToolRegistry.definitions(names, format)} lists, and how its deferred listings and search answers
 * look.
 *
 * <p>Each format has one form object, the one place that knows the provider: how a definition is
 * written, how a tool left to a search is marked, how tools are grouped, what the search tool looks
 * like and how its answer is wrapped. A new provider is a new constant, its form, and a case of the
 * switch that picks it. OpenAI's two shapes have a strict variant ({@link #strict()}): every tool
 * whose shape allows it gets its strict schema. In the plain variants, only tools marked
 * {@code @Tool(strict = true)} do.
 */
public enum DefinitionFormat {
  /**
   * OpenAI Chat Completions: {@code {"type":"function","function":{name, description,
   * parameters}}}.
   */
  OPENAI("openai"),

  /** {@link #OPENAI} with every tool strict where its shape allows. */
  OPENAI_STRICT("openai"),

  /** OpenAI Responses: {@code {"type":"function", name, description, parameters, strict}}. */
  OPENAI_RESPONSES("openai-responses"),

  /** {@link #OPENAI_RESPONSES} with every tool strict where its shape allows. */
  OPENAI_RESPONSES_STRICT("openai-responses"),

  /** Anthropic Messages: {@code {name, description, input_schema}}. */
  ANTHROPIC("anthropic"),

  /**
   * Gemini function declarations: {@code {name, description, parameters}} in its OpenAPI subset.
   */
  GEMINI("gemini"),

  /** MCP {@code tools/list} entries: {@code {name, description, inputSchema}} (2020-12). */
  MCP("mcp");

  /**
   * OpenAI advises fewer than this many functions in one namespace, for token use and for how well
   * the model picks among them; {@link #OPENAI_RESPONSES} groups each toolset's deferred tools into
   * one namespace, so the processor and the deferred listing warn about a toolset that defers this
   * many or more.
   */
  public static final int NAMESPACE_FUNCTIONS_ADVISED_BELOW = 10;

  private final String id;

  DefinitionFormat(String id) {
    this.id = id;
  }

  /** The format's command-line name: openai, openai-responses, anthropic, gemini or mcp. */
  public String id() {
    return id;
  }

  /** The strict variant of this format; formats without a strict mode return themselves. */
  public DefinitionFormat strict() {
    return switch (this) {
      case OPENAI -> OPENAI_STRICT;
      case OPENAI_RESPONSES -> OPENAI_RESPONSES_STRICT;
      default -> this;
    };
  }

  /** Whether this is a strict variant. */
  public boolean isStrict() {
    return this == OPENAI_STRICT || this == OPENAI_RESPONSES_STRICT;
  }

  /**
   * The plain format named {@code id} (openai, openai-responses, anthropic, gemini, mcp; case and
   * underscores ignored).
   *
   * @throws IllegalArgumentException for any other name
   */
  public static DefinitionFormat of(String id) {
    requireNonNull(id, "id == null");
    String wanted = id.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (DefinitionFormat format : values()) {
      if (!format.isStrict() && format.id.equals(wanted)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "unknown definition format \""
            + id
            + "\"; expected openai, openai-responses, anthropic,"
            + " gemini or mcp");
  }

  /**
   * The definition of {@code tool} in this format, as one JSON object text: schema texts spliced in
   * as they are, a dialect not precomputed derived from the schema.
   *
   * @throws RuntimeException when the tool cannot be written in this shape (a schema with no
   *     variant the shape needs)
   */
  public String definition(ToolDefinition tool) {
    return write(tool, false);
  }

  /**
   * {@link #definition} marked to load on demand ({@code "defer_loading":true}), in a format that
   * {@link #listsDeferredTools() lists deferred tools}; the plain definition in any other.
   *
   * @throws RuntimeException as {@link #definition} does
   */
  public String deferredDefinition(ToolDefinition tool) {
    return write(tool, form().listsDeferredTools());
  }

  private String write(ToolDefinition tool, boolean deferLoading) {
    StringBuilder out =
        new StringBuilder(128 + tool.schema().length() + tool.description().length());
    form().write(out, tool, deferLoading);
    return out.toString();
  }

  /**
   * Whether a listing that leaves tools to a search lists them, marked to load on demand (OpenAI
   * Responses and Anthropic, whose providers hold a native tool search); in any other format they
   * are left out, and the {@code search_tools} function finds them.
   */
  public boolean listsDeferredTools() {
    return form().listsDeferredTools();
  }

  /** Whether tools left to a search are grouped by toolset into namespaces (OpenAI Responses). */
  public boolean groupsNamespaces() {
    return form().groupsNamespaces();
  }

  /**
   * A namespace named {@code name} holding {@code definitions}, in a format that {@link
   * #groupsNamespaces() groups namespaces}.
   *
   * @throws UnsupportedOperationException in any other format
   */
  public String namespace(String name, String description, List<String> definitions) {
    requireNonNull(name, "name == null");
    requireNonNull(description, "description == null");
    return form().namespace(name, description, List.copyOf(definitions));
  }

  /**
   * The search tool in this format: the provider's own when {@code hosted} (Anthropic's regex
   * variant when {@code regex}) in a format whose provider has one, else {@code function}, the
   * {@code search_tools} function, in this format (OpenAI Responses: its client-executed {@code
   * tool_search}).
   */
  public String searchTool(ToolDefinition function, boolean hosted, boolean regex) {
    return form().searchTool(requireNonNull(function, "function == null"), hosted, regex);
  }

  /**
   * What goes back to the model for its search call {@code callId}: for OpenAI Responses the {@code
   * tool_search_output} item holding {@code namespaces} (the found tools' namespaces); for
   * Anthropic the {@code tool_result} of {@code tool_reference} blocks naming {@code found}, or a
   * text; for MCP the {@code search_tools} result text {@code {"tools":[TOOL...]}}, each found
   * tool's definition in full; in every other format the result text {@code
   * {"tools":[{"name","description","parameters"}...]}} (the caller wraps it as its tool result).
   *
   * @param problem why the arguments were unusable, or null
   * @param noMatch what to tell the model when nothing matched
   */
  public String searchAnswer(
      String callId,
      List<ToolDefinition> found,
      List<String> namespaces,
      @Nullable String problem,
      String noMatch) {
    requireNonNull(callId, "callId == null");
    requireNonNull(noMatch, "noMatch == null");
    return form()
        .searchAnswer(callId, List.copyOf(found), List.copyOf(namespaces), problem, noMatch);
  }

  /**
   * This format's form, made when asked rather than with the constants: a program that lists in one
   * format loads that format's form alone (the MCP form, for one, loads Jackson). Each comes from
   * its class's {@code form} method, typed as the form: were this method to return the writers
   * themselves, the verifier would load all five to check they are forms, at the first use of any
   * format.
   */
  private DefinitionForm form() {
    return switch (this) {
      case OPENAI -> OpenAiDefinitionWriter.form(false);
      case OPENAI_STRICT -> OpenAiDefinitionWriter.form(true);
      case OPENAI_RESPONSES -> OpenAiResponsesDefinitionWriter.form(false);
      case OPENAI_RESPONSES_STRICT -> OpenAiResponsesDefinitionWriter.form(true);
      case ANTHROPIC -> AnthropicDefinitionWriter.form();
      case GEMINI -> GeminiDefinitionWriter.form();
      case MCP -> McpDefinitionWriter.form();
    };
  }
}
