package dev.toolsmith.example;

import dev.toolsmith.runtime.AvailabilityReport;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code list}: one line per tool with its toolset, emoji and availability, then what discovery
 * loaded.
 */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "Lists every tool: name, toolset, emoji, available or not (and why), and its plugin or source if it has one.",
      "With --config, then each plugin and source: loaded, failed (and why) or disabled."
    })
final class ListCommand implements Callable<Integer> {

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;
  @Mixin ToolsetOptions toolsets;

  @Override
  public Integer call() throws Exception {
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    PrintWriter out = spec.commandLine().getOut();
    for (String line : lines(registry, toolsets.select(registry, discovered.config()))) {
      out.println(line);
    }
    List<String> sources = discovered.sourceLines();
    if (!sources.isEmpty()) {
      out.println();
      out.println("Sources (" + discovered.config().source() + "):");
      sources.forEach(line -> out.println("  " + line));
    }
    out.flush();
    return 0;
  }

  /** The listing, one line per tool sorted by name; each check runs once. */
  static List<String> lines(ToolRegistry registry) {
    return lines(registry, registry.toolNames());
  }

  /** The listing of {@code names}, in their order; a tool from a plugin or source says which. */
  static List<String> lines(ToolRegistry registry, List<String> names) {
    AvailabilityReport report = registry.availability();
    int nameWidth = names.stream().mapToInt(String::length).max().orElse(0);
    int toolsetWidth = report.toolsets().keySet().stream().mapToInt(String::length).max().orElse(0);
    return names.stream()
        .map(
            name -> {
              Optional<ToolEntry> entry = registry.entry(name);
              String toolset = entry.map(ToolEntry::toolset).orElse("");
              String emoji = registry.emoji(name);
              String status = report.tool(name).map(ListCommand::status).orElse("available");
              String origin =
                  registry
                      .originOf(name)
                      .filter(o -> o.kind() != ToolOrigin.Kind.BUILT_IN)
                      .map(o -> "  [" + o + "]")
                      .orElse("");
              return pad(name, nameWidth)
                  + "  "
                  + pad(toolset, toolsetWidth)
                  + "  "
                  + emoji
                  + "  "
                  + status
                  + origin;
            })
        .toList();
  }

  /**
   * {@code available}, or {@code unavailable (why)} naming the environment variables that are
   * missing.
   */
  static String status(Availability availability) {
    if (availability.available()) {
      return "available";
    }
    List<String> missing =
        availability.requiredEnv().stream()
            .filter(
                variable -> System.getenv(variable) == null || System.getenv(variable).isEmpty())
            .toList();
    String env = missing.isEmpty() ? "" : String.join(", ", missing) + " not set; ";
    return "unavailable (" + env + availability.reason() + ")";
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(Math.max(0, width - text.length()));
  }
}
