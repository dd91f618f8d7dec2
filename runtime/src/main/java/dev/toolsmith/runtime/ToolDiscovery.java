package dev.toolsmith.runtime;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Fills a registry from the tool sources it finds. Phase 1, built-in tools: every {@link ToolIndex}
 * on the class path, through {@link ServiceLoader}, each isolated so one broken index never stops
 * the others.
 */
final class ToolDiscovery {

  private static final Logger LOG = System.getLogger(ToolDiscovery.class.getName());

  /** Recovery after a provider error is best effort in ServiceLoader; never loop on one forever. */
  private static final int MAX_PROVIDER_ERRORS = 1_000;

  private ToolDiscovery() {}

  /**
   * Registers the tools of every index {@code loader} finds, in the order of the indexes' class
   * names; returns how many indexes loaded. An index that cannot be instantiated, or whose
   * {@code tools} throws, is logged and skipped.
   */
  static int loadIndexes(ToolRegistry registry, Bindings bindings, ClassLoader loader) {
    int loaded = 0;
    for (ToolIndex index : indexes(loader)) {
      String source = index.getClass().getName();
      try {
        List<ToolEntry> tools = index.tools(bindings);
        if (tools == null) {
          LOG.log(Level.WARNING, () -> "Tool index " + source + " returned null; skipped");
          continue;
        }
        registry.registerAll(tools); // all or nothing: it checks every entry before it writes
        loaded++;
        LOG.log(Level.DEBUG, () -> "Tool index " + source + ": " + tools.size() + " tool(s)");
      } catch (RuntimeException | LinkageError e) {
        LOG.log(Level.WARNING, () -> "Tool index " + source + " failed to load; skipped", e);
      }
    }
    return loaded;
  }

  /** Every index {@code loader} can instantiate, sorted by class name so the order never varies. */
  static List<ToolIndex> indexes(ClassLoader loader) {
    List<ToolIndex> indexes = new ArrayList<>();
    Iterator<ToolIndex> providers = ServiceLoader.load(ToolIndex.class, loader).iterator();
    int errors = 0;
    while (errors < MAX_PROVIDER_ERRORS) {
      try {
        if (!providers.hasNext()) {
          break;
        }
        indexes.add(providers.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        // A missing class, a constructor that throws, a class that is not an index: skip that one.
        errors++;
        LOG.log(Level.WARNING, () -> "Tool index provider skipped: " + e.getMessage(), e);
      }
    }
    indexes.sort(Comparator.comparing(index -> index.getClass().getName()));
    return indexes;
  }
}
