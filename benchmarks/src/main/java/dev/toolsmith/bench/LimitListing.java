package dev.toolsmith.bench;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * The listing limit: each tool's definition text built once in advance, the toolset checks run once
 * per listing, the available texts joined. Nothing a registry does can be cheaper.
 */
final class LimitListing {

  private final String[] texts;
  private final int[] toolsetOfTool;
  private final BooleanSupplier[] checks;

  private LimitListing(String[] texts, int[] toolsetOfTool, BooleanSupplier[] checks) {
    this.texts = texts;
    this.toolsetOfTool = toolsetOfTool;
    this.checks = checks;
  }

  /** The check of a toolset that has none. */
  private static boolean always() {
    return true;
  }

  /** Takes the texts and checks from a loaded Toolsmith registry (set-up, not measured). */
  static LimitListing of(ToolsmithContender toolsmith) {
    ToolRegistry registry = toolsmith.registry();
    List<String> names = toolsmith.names();
    String[] texts = new String[names.size()];
    int[] toolsetOfTool = new int[names.size()];
    Map<String, Integer> toolsets = new HashMap<>();
    List<BooleanSupplier> checks = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      String one = registry.definitions(List.of(name));
      texts[i] = one.substring(1, one.length() - 1);
      ToolEntry entry = registry.entry(name).orElseThrow();
      Integer index = toolsets.get(entry.toolset());
      if (index == null) {
        index = checks.size();
        toolsets.put(entry.toolset(), index);
        checks.add(entry.check().orElse(LimitListing::always));
      }
      toolsetOfTool[i] = index;
    }
    return new LimitListing(texts, toolsetOfTool, checks.toArray(new BooleanSupplier[0]));
  }

  String definitions() {
    boolean[] available = new boolean[checks.length];
    for (int i = 0; i < checks.length; i++) {
      available[i] = checks[i].getAsBoolean();
    }
    StringBuilder out = new StringBuilder(texts.length * 512);
    out.append('[');
    for (int i = 0; i < texts.length; i++) {
      if (available[toolsetOfTool[i]]) {
        if (out.length() > 1) {
          out.append(',');
        }
        out.append(texts[i]);
      }
    }
    return out.append(']').toString();
  }
}
