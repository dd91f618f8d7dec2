package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where the tools' generated code gets instances of tool classes and of availability checks: a
 * function from a type to its instance, so that any container can back it.
 *
 * <pre>{@code
 * Bindings.of(Map.of(Workspace.class, workspace))       // a map
 * type -> context.getBeanProvider(type).getIfAvailable() // a Spring ApplicationContext
 * type -> injector.getExistingBinding(Key.get(type)) == null
 *     ? null : injector.getInstance(type)                // a Guice Injector
 * }</pre>
 *
 * <p>A class marked {@code @BindInstance} is only ever taken from the bindings. Any other tool or
 * check class is taken from the bindings when they hold one, else created with its no-argument
 * constructor; a check class without one must be bound.
 */
@FunctionalInterface
public interface Bindings {

  /**
   * The instance for {@code type}, or null when none is bound. It must be an instance of {@code
   * type}; one that is not is reported as a failure of the tools that needed it.
   */
  @Nullable Object find(Class<?> type);

  /** The instance for {@code type}, if one is bound. */
  default <T> Optional<T> instance(Class<T> type) {
    requireNonNull(type, "type == null");
    return Optional.ofNullable(type.cast(find(type)));
  }

  /**
   * These bindings with {@code type} bound to {@code instance}, replacing what they held for it.
   */
  default <T> Bindings with(Class<T> type, T instance) {
    requireNonNull(type, "type == null");
    Object bound = type.cast(requireNonNull(instance, "instance == null"));
    return requested -> requested == type ? bound : find(requested);
  }

  /** No bindings: only the classes the generated code can construct are used. */
  static Bindings none() {
    return MapBindings.NONE;
  }

  /** Bindings holding one instance. */
  static <T> Bindings of(Class<T> type, T instance) {
    return of(Map.of(type, instance));
  }

  /**
   * Bindings backed by a copy of {@code instances}.
   *
   * @throws IllegalArgumentException when a value is not an instance of its key
   */
  static Bindings of(Map<Class<?>, ?> instances) {
    Map<Class<?>, Object> copy = Map.copyOf(instances);
    for (Map.Entry<Class<?>, Object> binding : copy.entrySet()) {
      if (!binding.getKey().isInstance(binding.getValue())) {
        throw new IllegalArgumentException(
            binding.getValue().getClass().getName()
                + " bound to "
                + binding.getKey().getName()
                + " is not an instance of it");
      }
    }
    return new MapBindings(copy);
  }
}
