package dev.toolsmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schema constraints for one tool property: a record component or a plain parameter of a {@link
 * Tool} method.
 *
 * <p>Every constraint is also checked by the generated argument reader before the method is called,
 * so the schema the model sees and the validation the tool gets never disagree. Unset constraints
 * (empty text, NaN, -1) add nothing. A constraint that does not fit the property's type is a
 * compile error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface Param {

  /** The property's description; defaults to its {@code @param} Javadoc tag. */
  String description() default "";

  /** The JSON property name, when it differs from the Java name. */
  String name() default "";

  /**
   * Whether the model must send this property; {@code false} lets it be absent (the value is then
   * null).
   */
  boolean required() default true;

  /**
   * The value used when the model leaves the property out (which makes it optional), written as the
   * value's text: {@code "10"}, {@code "true"}, {@code "utf-8"}, an enum constant's JSON value.
   */
  String defaultValue() default "";

  /**
   * The only values allowed, each written as in {@link #defaultValue()}; strings and numbers only.
   */
  String[] allowedValues() default {};

  /** Smallest allowed value of a number; NaN means no minimum. */
  double minimum() default Double.NaN;

  /** Largest allowed value of a number; NaN means no maximum. */
  double maximum() default Double.NaN;

  /** A number must be greater than this; NaN means no bound. */
  double exclusiveMinimum() default Double.NaN;

  /** A number must be less than this; NaN means no bound. */
  double exclusiveMaximum() default Double.NaN;

  /** A number must be a multiple of this (positive); NaN means any. */
  double multipleOf() default Double.NaN;

  /** Fewest characters (code points) of a string; -1 means no limit. */
  int minLength() default -1;

  /** Most characters (code points) of a string; -1 means no limit. */
  int maxLength() default -1;

  /** A regular expression a string must contain a match of (ECMA-262 style, unanchored). */
  String pattern() default "";

  /**
   * The JSON Schema {@code format} of a string, e.g. {@code "email"}; checked when the runtime
   * knows it.
   */
  String format() default "";

  /** Fewest elements of an array; -1 means no limit. */
  int minItems() default -1;

  /** Most elements of an array; -1 means no limit. */
  int maxItems() default -1;

  /** Whether an array's elements must be distinct. */
  boolean uniqueItems() default false;

  /** Example values for the model, each written as in {@link #defaultValue()}. */
  String[] examples() default {};

  /** Whether the model should avoid sending this property. */
  boolean deprecated() default false;
}
