package dev.toolsmith.runtime.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** The {@link ToolRankerFactory} implementations on the class path or module path. */
public final class ToolRankers {

  private ToolRankers() {}

  /** Every ranker factory found, most preferred first (equal preferences by name). */
  public static List<ToolRankerFactory> available() {
    List<ToolRankerFactory> factories = new ArrayList<>();
    for (ToolRankerFactory factory : ServiceLoader.load(ToolRankerFactory.class)) {
      factories.add(factory);
    }
    if (factories.stream().noneMatch(f -> f.name().equals(LexicalRankerFactory.NAME))) {
      factories.add(new LexicalRankerFactory()); // a class path that lost the service file
    }
    factories.sort(
        Comparator.comparingInt(ToolRankerFactory::preference)
            .reversed()
            .thenComparing(ToolRankerFactory::name));
    return List.copyOf(factories);
  }

  /**
   * The most preferred ranker factory: the lexical one unless an optional module brings another.
   */
  public static ToolRankerFactory preferred() {
    return available().get(0);
  }

  /** The ranker factory called {@code name}, if one is present. */
  public static Optional<ToolRankerFactory> named(String name) {
    return available().stream().filter(f -> f.name().equals(name)).findFirst();
  }
}
