package dev.toolsmith.example;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.Options;

/** {@code --toolsets} and {@code --disable-toolsets}: which tools a command offers the model. */
final class ToolsetOptions {

  private ToolsetOptions() {}

  /** {@code options} with the two toolset options added. */
  static Options addTo(Options options) {
    return options
        .addOption(
            CommandOptions.value(
                "toolsets",
                "TOOLSET,...",
                "Offer only these toolsets, includes expanded; all or * for every tool "
                    + "(default: the config's toolsets.enabled, else all)."))
        .addOption(
            CommandOptions.value(
                "disable-toolsets",
                "TOOLSET,...",
                "Take these toolsets away after --toolsets (added to the config's"
                    + " toolsets.disabled)."));
  }

  /**
   * The selected tool names, sorted: the options first, the configuration's selection otherwise.
   */
  static List<String> select(Arguments arguments, ToolRegistry registry, ToolsmithConfig config) {
    List<String> enabled = arguments.list("toolsets");
    List<String> on = enabled != null ? enabled : config.toolsets().enabled();
    List<String> off = new ArrayList<>(config.toolsets().disabled());
    List<String> disabled = arguments.list("disable-toolsets");
    if (disabled != null) {
      off.addAll(disabled);
    }
    return registry.resolveToolsets(on, off);
  }
}
