package dev.toolsmith.runtime;

import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@link Bindings} backed by a map: {@link Bindings#none()} and {@link Bindings#of(Map)}. A class
 * rather than lambdas, which would each spin a class at every start-up.
 */
final class MapBindings implements Bindings {

  static final MapBindings NONE = new MapBindings(Map.of());

  private final Map<Class<?>, Object> instances;

  MapBindings(Map<Class<?>, Object> instances) {
    this.instances = instances;
  }

  @Override
  public @Nullable Object find(Class<?> type) {
    return instances.get(type);
  }
}
