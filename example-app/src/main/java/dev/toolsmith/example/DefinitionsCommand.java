package dev.toolsmith.example;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.EncodingType;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.DeferredListing;
import dev.toolsmith.runtime.deferral.ToolSearchMode;
import dev.toolsmith.runtime.deferral.ToolSearchSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/** {@code definitions}: the JSON array of tool definitions a model would receive. */
@Command(
    name = "definitions",
    mixinStandardHelpOptions = true,
    description =
        "Prints the JSON array of the available tools' definitions, sorted by name, as the model receives it.")
final class DefinitionsCommand implements Callable<Integer> {

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "openai",
      converter = FormatConverter.class,
      description =
          "Provider shape of the definitions: openai, openai-responses, anthropic, gemini"
              + " or mcp (default: ${DEFAULT-VALUE}).")
  DefinitionFormat format;

  @Option(
      names = "--strict",
      description = "OpenAI formats: give every tool whose shape allows it a strict schema.")
  boolean strict;

  @Option(names = "--pretty", description = "Indent the JSON for reading.")
  boolean pretty;

  @Option(
      names = "--deferred",
      arity = "0..1",
      paramLabel = "FORMAT",
      fallbackValue = "",
      description =
          "Print the deferred listing instead (in FORMAT, else --format's): the search tool and"
              + " what it leaves to the search; its size, and the full listing's, in characters"
              + " and o200k_base tokens goes to standard error.")
  @Nullable String deferred;

  @Option(
      names = "--search",
      paramLabel = "MODE",
      defaultValue = "client",
      converter = ModeConverter.class,
      description =
          "--deferred, openai-responses and anthropic: client (the registry answers),"
              + " hosted or hosted-regex (the provider searches) (default: ${DEFAULT-VALUE}).")
  ToolSearchMode search;

  @Mixin ToolsetOptions toolsets;

  @Override
  public Integer call() throws Exception {
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    List<String> offered = toolsets.select(registry, discovered.config());
    if (deferred != null) {
      return printDeferred(registry, offered);
    }
    String definitions = registry.definitions(offered, strict ? format.strict() : format);
    PrintWriter out = spec.commandLine().getOut();
    out.println(pretty ? Json.pretty(definitions) : definitions);
    out.flush();
    return 0;
  }

  private int printDeferred(ToolRegistry registry, List<String> offered) {
    DefinitionFormat chosen;
    try {
      chosen = deferred == null || deferred.isBlank() ? format : DefinitionFormat.of(deferred);
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("definitions: --deferred: " + e.getMessage());
      spec.commandLine().getErr().flush();
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
            .listing(chosen, new ToolSearchSession());
    String full = registry.definitions(offered, chosen);
    var tokens = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    PrintWriter out = spec.commandLine().getOut();
    out.println(pretty ? Json.pretty(listing.tools()) : listing.tools());
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
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
    if (chosen.id().equals("openai-responses") || chosen.id().equals("anthropic")) {
      err.println(
          "  (the request carries the deferred definitions; the provider shows the model their"
              + " names and descriptions, or only their namespaces, until a search loads them)");
    }
    err.flush();
    return 0;
  }

  /** Reads a search mode: client, hosted or hosted-regex. */
  static final class ModeConverter implements ITypeConverter<ToolSearchMode> {
    @Override
    public ToolSearchMode convert(String value) {
      return switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "client" -> ToolSearchMode.CLIENT;
        case "hosted" -> ToolSearchMode.HOSTED;
        case "hosted-regex" -> ToolSearchMode.HOSTED_REGEX;
        default ->
            throw new TypeConversionException(
                "expected client, hosted or hosted-regex; found \"" + value + "\"");
      };
    }
  }

  /** Reads a format by its command-line name (openai-responses, not OPENAI_RESPONSES). */
  static final class FormatConverter implements ITypeConverter<DefinitionFormat> {
    @Override
    public DefinitionFormat convert(String value) {
      try {
        return DefinitionFormat.of(value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
