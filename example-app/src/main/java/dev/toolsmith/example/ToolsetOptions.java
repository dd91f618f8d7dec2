package dev.toolsmith.example;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** {@code --toolsets} and {@code --disable-toolsets}: which tools a command offers the model. */
final class ToolsetOptions {

  @Option(
      names = "--toolsets",
      split = ",",
      paramLabel = "TOOLSET",
      description =
          "Offer only these toolsets, includes expanded; all or * for every tool "
              + "(default: the config's toolsets.enabled, else all).")
  @Nullable List<String> enabled;

  @Option(
      names = "--disable-toolsets",
      split = ",",
      paramLabel = "TOOLSET",
      description =
          "Take these toolsets away after --toolsets (added to the config's toolsets.disabled).")
  @Nullable List<String> disabled;

  /**
   * The selected tool names, sorted: the options first, the configuration's selection otherwise.
   */
  List<String> select(ToolRegistry registry, ToolsmithConfig config) {
    List<String> on = enabled != null ? enabled : config.toolsets().enabled();
    List<String> off = new ArrayList<>(config.toolsets().disabled());
    if (disabled != null) {
      off.addAll(disabled);
    }
    return registry.resolveToolsets(on, off);
  }
}
