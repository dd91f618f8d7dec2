package dev.toolsmith.runtime.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@code ToolIndex} the Toolsmith processor generated and names the adapters it lists, so
 * that a partial recompilation keeps the adapters it did not regenerate; not API.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedIndex {

  /** The qualified names of the adapters the index lists, sorted. */
  String[] value();
}
