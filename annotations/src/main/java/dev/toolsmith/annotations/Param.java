package dev.toolsmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Schema hints for one tool property: a record component or a plain parameter of a {@link Tool} method.
 *
 * <p>Every hint is also checked by the generated argument reader before the method is called, so the
 * schema the model sees and the validation the tool gets never disagree.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
public @interface Param {

  /** The property's description; defaults to its {@code @param} Javadoc tag. */
  String description() default "";

  /** Whether the model must send this property; {@code false} lets it be absent (the value is then null). */
  boolean required() default true;

  /** Smallest allowed value of a number; NaN means no minimum. */
  double minimum() default Double.NaN;

  /** Largest allowed value of a number; NaN means no maximum. */
  double maximum() default Double.NaN;
}
