package dev.toolsmith.example;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetAvailability;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code list}: one line per tool with its toolset, emoji and availability. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists every tool: name, toolset, emoji, available or not (and why).")
final class ListCommand implements Callable<Integer> {

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    ToolRegistry registry = Toolsmith.registry(app.workspace());
    PrintWriter out = spec.commandLine().getOut();
    for (String line : lines(registry)) {
      out.println(line);
    }
    out.flush();
    return 0;
  }

  /** The listing, one line per tool sorted by name; each toolset's check runs once. */
  static List<String> lines(ToolRegistry registry) {
    Map<String, ToolsetAvailability> byToolset = new HashMap<>();
    for (ToolsetAvailability availability : registry.availability()) {
      byToolset.put(availability.toolset(), availability);
    }
    List<String> names = registry.toolNames();
    int nameWidth = names.stream().mapToInt(String::length).max().orElse(0);
    int toolsetWidth = byToolset.keySet().stream().mapToInt(String::length).max().orElse(0);
    return names.stream()
        .map(name -> {
          String toolset = registry.toolsetOf(name).orElse("");
          ToolsetAvailability availability = byToolset.get(toolset);
          String status = availability == null ? "available" : status(availability);
          return pad(name, nameWidth) + "  " + pad(toolset, toolsetWidth) + "  " + registry.emoji(name) + "  " + status;
        })
        .toList();
  }

  /** {@code available}, or {@code unavailable (why)} naming the environment variables that are missing. */
  static String status(ToolsetAvailability availability) {
    if (availability.available()) {
      return "available";
    }
    List<String> missing = availability.requiredEnv().stream()
        .filter(variable -> System.getenv(variable) == null || System.getenv(variable).isEmpty())
        .toList();
    String env = missing.isEmpty() ? "" : String.join(", ", missing) + " not set; ";
    return "unavailable (" + env + availability.reason() + ")";
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(Math.max(0, width - text.length()));
  }
}
