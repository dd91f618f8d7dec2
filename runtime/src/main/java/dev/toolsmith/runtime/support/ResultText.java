package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import org.jspecify.annotations.Nullable;

/** Turns a tool method's return value into the result text the model sees. */
public final class ResultText {

  /** The result of a tool whose method returns nothing. */
  public static final String OK = "{\"ok\":true}";

  private ResultText() {}

  /** A String result as it is; null as JSON {@code null}. */
  public static String string(@Nullable String value) {
    return value == null ? "null" : value;
  }

  /** {@code value} written as JSON by {@code writer}; non-ASCII characters are kept as they are. */
  public static <T> String json(@Nullable T value, ValueWriter<? super T> writer) {
    requireNonNull(writer, "writer == null");
    StringWriter out = new StringWriter();
    try (JsonGenerator g = ArgumentJson.FACTORY.createGenerator(out)) {
      Writers.value(g, writer, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
