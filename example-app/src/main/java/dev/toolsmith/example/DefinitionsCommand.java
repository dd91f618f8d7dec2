package dev.toolsmith.example;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.EncodingType;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.DeferredListing;
import dev.toolsmith.runtime.deferral.ToolSearchMode;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Options;
import org.jspecify.annotations.Nullable;

/** {@code definitions}: the JSON array of tool definitions a model would receive. */
final class DefinitionsCommand implements Command {

  private static final Usage USAGE =
      new Usage(
          "definitions",
          "",
          0,
          "Prints the JSON array of the available tools' definitions, sorted by name, as the model"
              + " receives it.",
          "");

  private DefinitionFormat format = DefinitionFormat.OPENAI;
  private boolean strict;
  private boolean pretty;
  private @Nullable String deferred;
  private ToolSearchMode search = ToolSearchMode.CLIENT;

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    Options options =
        new Options()
            .addOption(
                CommandOptions.value(
                    "format",
                    "FORMAT",
                    "Provider shape of the definitions: openai, openai-responses, anthropic,"
                        + " gemini or mcp (default: openai)."))
            .addOption(
                CommandOptions.flag(
                    "strict",
                    "OpenAI formats: give every tool whose shape allows it a strict schema."))
            .addOption(CommandOptions.flag("pretty", "Indent the JSON for reading."))
            .addOption(
                CommandOptions.optionalValue(
                    "deferred",
                    "FORMAT",
                    "Print the deferred listing instead (in FORMAT, else --format's): the search"
                        + " tool and what it leaves to the search; its size, and the full"
                        + " listing's, in characters and o200k_base tokens goes to standard"
                        + " error."))
            .addOption(
                CommandOptions.value(
                    "search",
                    "MODE",
                    "--deferred, openai-responses and anthropic: client (the registry answers),"
                        + " hosted or hosted-regex (the provider searches) (default: client)."));
    return ToolsetOptions.addTo(options);
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) {
    String formatName = arguments.value("format");
    if (formatName != null) {
      format = format(formatName);
    }
    strict = arguments.flag("strict");
    pretty = arguments.flag("pretty");
    deferred = arguments.flag("deferred") ? arguments.value("deferred", "") : null;
    String modeName = arguments.value("search");
    if (modeName != null) {
      search = mode(modeName);
    }
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    List<String> offered = ToolsetOptions.select(arguments, registry, discovered.config());
    if (deferred != null) {
      return printDeferred(app, registry, offered);
    }
    String definitions = registry.definitions(offered, strict ? format.strict() : format);
    PrintWriter out = app.out();
    out.println(pretty ? Json.pretty(definitions) : definitions);
    out.flush();
    return 0;
  }

  private int printDeferred(Toolsmith app, ToolRegistry registry, List<String> offered) {
    DefinitionFormat chosen;
    try {
      chosen = deferred == null || deferred.isBlank() ? format : DefinitionFormat.of(deferred);
    } catch (IllegalArgumentException e) {
      app.err().println("definitions: --deferred: " + e.getMessage());
      app.err().flush();
      return 2;
    }
    if (strict) {
      chosen = chosen.strict();
    }
    DeferredListing listing =
        DeferredDefinitions.builder(registry)
            .offering(offered)
            .mode(search)
            .policy(DeferralPolicy.always())
            .build()
            .listing(chosen, new ToolSession());
    String full = registry.definitions(offered, chosen);
    var tokens = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    PrintWriter out = app.out();
    out.println(pretty ? Json.pretty(listing.tools()) : listing.tools());
    out.flush();
    PrintWriter err = app.err();
    err.printf(
        Locale.ROOT,
        "deferred %s listing: %d chars, %d tokens (o200k_base); %d loaded, %d behind the search;"
            + " full listing: %d chars, %d tokens%n",
        chosen.id(),
        listing.tools().length(),
        tokens.countTokens(listing.tools()),
        listing.loaded().size(),
        listing.deferredTools().size(),
        full.length(),
        tokens.countTokens(full));
    listing
        .crowdedNamespaces()
        .forEach(
            (namespace, tools) ->
                err.printf(
                    Locale.ROOT,
                    "warning: toolset %s defers %d tools; OpenAI advises fewer than %d functions"
                        + " per namespace, and openai-responses lists each toolset's deferred"
                        + " tools as one namespace: split the toolset, or keep some tools loaded%n",
                    namespace,
                    tools.size(),
                    DefinitionFormat.NAMESPACE_FUNCTIONS_ADVISED_BELOW));
    if (chosen.id().equals("openai-responses") || chosen.id().equals("anthropic")) {
      err.println(
          "  (the request carries the deferred definitions; the provider shows the model their"
              + " names and descriptions, or only their namespaces, until a search loads them)");
    }
    err.flush();
    return 0;
  }

  /** A search mode: client, hosted or hosted-regex. */
  private static ToolSearchMode mode(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "client" -> ToolSearchMode.CLIENT;
      case "hosted" -> ToolSearchMode.HOSTED;
      case "hosted-regex" -> ToolSearchMode.HOSTED_REGEX;
      default ->
          throw Arguments.invalid(
              "search",
              value,
              "(expected client, hosted or hosted-regex; found \"" + value + "\")");
    };
  }

  /** A format by its command-line name (openai-responses, not OPENAI_RESPONSES). */
  private static DefinitionFormat format(String value) {
    try {
      return DefinitionFormat.of(value);
    } catch (IllegalArgumentException e) {
      throw Arguments.invalid("format", value, "(" + e.getMessage() + ")");
    }
  }
}
