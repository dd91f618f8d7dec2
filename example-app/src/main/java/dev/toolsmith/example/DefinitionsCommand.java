package dev.toolsmith.example;

import dev.toolsmith.runtime.DefinitionFormat;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code definitions}: the JSON array of tool definitions a model would receive. */
@Command(
    name = "definitions",
    mixinStandardHelpOptions = true,
    description = "Prints the JSON array of the available tools' definitions, sorted by name, as the model receives it.")
final class DefinitionsCommand implements Callable<Integer> {

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "openai",
      description = "Provider shape of the definitions: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  DefinitionFormat format;

  @Option(names = "--pretty", description = "Indent the JSON for reading.")
  boolean pretty;

  @Mixin ToolsetOptions toolsets;

  @Override
  public Integer call() throws Exception {
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    String definitions = registry.definitions(toolsets.select(registry, discovered.config()), format);
    PrintWriter out = spec.commandLine().getOut();
    out.println(pretty ? Json.pretty(definitions) : definitions);
    out.flush();
    return 0;
  }
}
