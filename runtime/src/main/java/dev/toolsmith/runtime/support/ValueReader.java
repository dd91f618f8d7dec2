package dev.toolsmith.runtime.support;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Reads one JSON value of a tool argument, validating it as it goes.
 *
 * <p>The parser ({@link ArgumentReader#parser()}) stands on the value's first token; a reader
 * leaves it on the value's last token. A value that breaks the schema is recorded in {@code in},
 * skipped, and read as {@code null}.
 *
 * @param <T> the Java type read
 */
@FunctionalInterface
public interface ValueReader<T> {

  /**
   * Reads the value at the parser's current token. Null when the value has a problem, or is a JSON
   * null the reader accepts ({@link Readers#nullable}).
   */
  @Nullable T read(ArgumentReader in) throws IOException;
}
