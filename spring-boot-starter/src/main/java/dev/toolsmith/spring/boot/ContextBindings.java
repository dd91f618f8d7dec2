package dev.toolsmith.spring.boot;

import dev.toolsmith.runtime.Bindings;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * Bindings backed by the application context: a tool or check class is bound to the bean of its
 * type when there is exactly one (or a primary one), and to nothing otherwise.
 */
final class ContextBindings implements Bindings {

  private final ListableBeanFactory beans;

  ContextBindings(ListableBeanFactory beans) {
    this.beans = beans;
  }

  @Override
  public @Nullable Object find(Class<?> type) {
    return beans.getBeanProvider(type).getIfUnique();
  }
}
