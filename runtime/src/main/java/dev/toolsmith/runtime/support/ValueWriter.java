package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Writes one non-null value of a tool's result as JSON; {@link Writers#value} handles null.
 *
 * @param <T> the Java type written
 */
@FunctionalInterface
public interface ValueWriter<T> {

  /** Writes {@code value}, never null, to {@code generator}. */
  void write(JsonGenerator generator, T value) throws IOException;
}
