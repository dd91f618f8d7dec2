package dev.toolsmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The JSON value of an enum constant, or the discriminator value of a record implementing a sealed
 * interface, when it differs from the default (the constant's name; the record's simple name in
 * snake_case).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.TYPE})
public @interface JsonName {

  /** The JSON value. */
  String value();
}
