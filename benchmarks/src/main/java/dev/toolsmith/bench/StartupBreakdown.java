package dev.toolsmith.bench;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.spi.ToolIndex;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * Where Toolsmith's cold start-up goes, phase by phase, in a fresh JVM: {@code java -cp
 * toolsmith-benchmarks.jar dev.toolsmith.bench.StartupBreakdown N}. Not a JMH benchmark: one cold
 * sample per run, to explain the StartupBenchmark figures.
 */
public final class StartupBreakdown {

  private StartupBreakdown() {}

  public static void main(String[] args) throws Exception {
    int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    if (args.length > 1 && args[1].equals("discover")) {
      discover(n);
      return;
    }
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    try (URLClassLoader loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, n))) {
      int before = classes.getLoadedClassCount();
      long t0 = System.nanoTime();
      List<ToolIndex> indexes = new ArrayList<>();
      ServiceLoader.load(ToolIndex.class, loader).forEach(indexes::add);
      long t1 = System.nanoTime();
      int afterIndex = classes.getLoadedClassCount();
      List<ToolEntry> entries = new ArrayList<>();
      for (ToolIndex index : indexes) {
        entries.addAll(index.tools(Bindings.none()));
      }
      long t2 = System.nanoTime();
      int afterTools = classes.getLoadedClassCount();
      ToolRegistry registry = ToolRegistry.create();
      registry.registerAll(entries);
      long t3 = System.nanoTime();
      String definitions = registry.definitions(registry.toolNames());
      long t4 = System.nanoTime();
      int afterAll = classes.getLoadedClassCount();
      System.out.printf(
          Locale.ROOT,
          "N=%d: find index %.1f ms (%d classes), index.tools() %.1f ms"
              + " (%d classes), registerAll %.1f ms, definitions %.1f ms (%d chars),"
              + " %d classes loaded in all%n",
          entries.size(),
          (t1 - t0) / 1e6,
          afterIndex - before,
          (t2 - t1) / 1e6,
          afterTools - afterIndex,
          (t3 - t2) / 1e6,
          (t4 - t3) / 1e6,
          definitions.length(),
          afterAll - before);
    }
  }

  /** The path an application takes: {@code Discovery.discover} then one listing of every tool. */
  private static void discover(int n) throws Exception {
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    try (URLClassLoader loader = ToolSets.loader(ToolSets.extract(ToolSets.TOOLSMITH, n))) {
      int before = classes.getLoadedClassCount();
      long t0 = System.nanoTime();
      ToolRegistry registry = ToolsmithContender.discover(loader);
      long t1 = System.nanoTime();
      int afterDiscover = classes.getLoadedClassCount();
      String definitions = registry.definitions(registry.toolNames());
      long t2 = System.nanoTime();
      int afterAll = classes.getLoadedClassCount();
      System.out.printf(
          Locale.ROOT,
          "N=%d: discover %.1f ms (%d classes), definitions %.1f ms"
              + " (%d classes, %d chars), %.1f ms and %d classes in all%n",
          registry.toolNames().size(),
          (t1 - t0) / 1e6,
          afterDiscover - before,
          (t2 - t1) / 1e6,
          afterAll - afterDiscover,
          definitions.length(),
          (t2 - t0) / 1e6,
          afterAll - before);
    }
  }
}
