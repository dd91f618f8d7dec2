package dev.toolsmith.runtime.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class the Toolsmith processor generated for one tool class, so that the processor's index
 * step finds it again from the class file in an incremental build; not API.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface GeneratedAdapter {

  /** The names of the adapter's tools, so a later build can tell a name already taken. */
  String[] value() default {};
}
