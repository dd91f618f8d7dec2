package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Instances the application supplies for tool classes marked {@code @BindInstance}, keyed by class.
 *
 * <p>Immutable; {@link #with} returns a copy with one more binding.
 */
public final class Bindings {

  private static final Bindings NONE = new Bindings(Map.of());

  private final Map<Class<?>, Object> instances;

  private Bindings(Map<Class<?>, Object> instances) {
    this.instances = instances;
  }

  /** No bindings: only tools whose classes the generated code can construct are available. */
  public static Bindings none() {
    return NONE;
  }

  /** Bindings holding one instance. */
  public static <T> Bindings of(Class<T> type, T instance) {
    return NONE.with(type, instance);
  }

  /** A copy of these bindings that also binds {@code instance} to {@code type}. */
  public <T> Bindings with(Class<T> type, T instance) {
    requireNonNull(type, "type == null");
    requireNonNull(instance, "instance == null");
    Map<Class<?>, Object> copy = new LinkedHashMap<>(instances);
    copy.put(type, type.cast(instance));
    return new Bindings(Map.copyOf(copy));
  }

  /** The instance bound to {@code type}, if any. */
  public <T> Optional<T> instance(Class<T> type) {
    return Optional.ofNullable(type.cast(instances.get(type)));
  }
}
