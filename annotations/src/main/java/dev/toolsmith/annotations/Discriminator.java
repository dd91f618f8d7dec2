package dev.toolsmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the property that tells the records of a sealed interface apart in JSON (default {@code
 * "type"}); each record's value is its {@link JsonName} or its simple name in snake_case.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Discriminator {

  /** The discriminator property's name. */
  String value() default "type";
}
