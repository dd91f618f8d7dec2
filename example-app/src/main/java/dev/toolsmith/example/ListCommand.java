package dev.toolsmith.example;

import dev.toolsmith.runtime.AvailabilityReport;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.commons.cli.Options;

/**
 * {@code list}: one line per tool with its toolset, emoji and availability, then what discovery
 * loaded.
 */
final class ListCommand implements Command {

  private static final Usage USAGE =
      new Usage(
          "list",
          "",
          0,
          "Lists every tool: name, toolset, emoji, available or not (and why), and its plugin or"
              + " source if it has one.\nWith --config, then each plugin and source: loaded,"
              + " failed (and why) or disabled.",
          "");

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    return ToolsetOptions.addTo(new Options());
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) {
    Discovered discovered = app.discover(app.workspace());
    ToolRegistry registry = discovered.registry();
    PrintWriter out = app.out();
    for (String line :
        lines(registry, ToolsetOptions.select(arguments, registry, discovered.config()))) {
      out.println(line);
    }
    List<String> sources = discovered.sourceLines();
    if (!sources.isEmpty()) {
      out.println();
      out.println("Sources (" + discovered.config().source() + "):");
      for (String line : sources) {
        out.println("  " + line);
      }
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
    int nameWidth = widest(names);
    int toolsetWidth = widest(report.toolsets().keySet());
    List<String> lines = new ArrayList<>(names.size());
    for (String name : names) {
      ToolEntry entry = registry.entry(name).orElse(null);
      String toolset = entry == null ? "" : entry.toolset();
      Availability availability = report.tool(name).orElse(null);
      String status = availability == null ? "available" : status(availability);
      ToolOrigin origin = registry.originOf(name).orElse(null);
      String from =
          origin == null || origin.kind() == ToolOrigin.Kind.BUILT_IN ? "" : "  [" + origin + "]";
      lines.add(
          pad(name, nameWidth)
              + "  "
              + pad(toolset, toolsetWidth)
              + "  "
              + registry.emoji(name)
              + "  "
              + status
              + from);
    }
    return lines;
  }

  private static int widest(Collection<String> texts) {
    int widest = 0;
    for (String text : texts) {
      widest = Math.max(widest, text.length());
    }
    return widest;
  }

  /**
   * {@code available}, or {@code unavailable (why)} naming the environment variables that are
   * missing.
   */
  static String status(Availability availability) {
    if (availability.available()) {
      return "available";
    }
    List<String> missing = new ArrayList<>();
    for (String variable : availability.requiredEnv()) {
      String value = System.getenv(variable);
      if (value == null || value.isEmpty()) {
        missing.add(variable);
      }
    }
    String env = missing.isEmpty() ? "" : String.join(", ", missing) + " not set; ";
    return "unavailable (" + env + availability.reason() + ")";
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(Math.max(0, width - text.length()));
  }
}
