package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SegmentedStringWriter;
import dev.toolsmith.runtime.internal.JsonCore;
import java.io.IOException;
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

  /** An integer result ({@code long}, {@code int}, {@code short}, {@code byte}), unboxed. */
  public static String json(long value) {
    return Long.toString(value);
  }

  /**
   * A {@code double} result, unboxed, as Jackson writes it: NaN and the infinities as strings (the
   * output schema allows them so).
   */
  public static String json(double value) {
    String text = Double.toString(value);
    return Double.isFinite(value) ? text : '"' + text + '"';
  }

  /** A {@code float} result, unboxed, as Jackson writes it. */
  public static String json(float value) {
    String text = Float.toString(value);
    return Float.isFinite(value) ? text : '"' + text + '"';
  }

  /** A {@code boolean} result. */
  public static String json(boolean value) {
    return value ? "true" : "false";
  }

  /** {@code value} written as JSON by {@code writer}; non-ASCII characters are kept as they are. */
  public static <T> String json(@Nullable T value, ValueWriter<? super T> writer) {
    requireNonNull(writer, "writer == null");
    // Jackson's own writer: its buffers are recycled, so only the result string is new.
    SegmentedStringWriter out = new SegmentedStringWriter(JsonCore.FACTORY._getBufferRecycler());
    try {
      try (JsonGenerator g = JsonCore.FACTORY.createGenerator(out)) {
        Writers.value(g, writer, value);
      }
      return out.getAndClear();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
