package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * The start-up limit: a generated set written the way one would by hand, with no library. Its
 * {@code LimitSet} holds every tool's definition text as a constant and dispatches by a switch, so
 * start-up is loading those classes, one HashMap and one join.
 */
final class LimitSetContender {

  private final BiFunction<String, String, String> dispatch;
  private final Supplier<String> definitions;

  private LimitSetContender(
      BiFunction<String, String, String> dispatch, Supplier<String> definitions) {
    this.dispatch = dispatch;
    this.definitions = definitions;
  }

  /** Start-up: instantiates the set's {@code LimitSet}, which builds everything. */
  @SuppressWarnings("unchecked") // the generated LimitSet implements exactly these two types
  static LimitSetContender load(ClassLoader loader) {
    requireNonNull(loader, "loader == null");
    List<Object> objects = ToolSets.instantiate(loader);
    Object set = objects.get(0);
    return new LimitSetContender((BiFunction<String, String, String>) set, (Supplier<String>) set);
  }

  String definitions() {
    return definitions.get();
  }

  String dispatch(String name, String arguments) {
    return dispatch.apply(name, arguments);
  }
}
