package dev.toolsmith.example;

import dev.toolsmith.runtime.DefinitionFormat;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
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

  @Mixin ToolsetOptions toolsets;

  @Override
  public Integer call() throws Exception {
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    String definitions =
        registry.definitions(
            toolsets.select(registry, discovered.config()), strict ? format.strict() : format);
    PrintWriter out = spec.commandLine().getOut();
    out.println(pretty ? Json.pretty(definitions) : definitions);
    out.flush();
    return 0;
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
