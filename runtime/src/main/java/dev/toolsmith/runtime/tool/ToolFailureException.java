package dev.toolsmith.runtime.tool;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thrown by a handler (or completing an async handler's stage) that cannot answer, saying what
 * happened: the registry answers the model {@code {"error":MESSAGE, ...fields}} and reports the
 * call with the {@link Kind}'s outcome, so observers and metrics learn it from the value rather
 * than from the text. A handler that returns an {@code {"error":...}} object itself is still a
 * failure, as the reference contract allows; this type says which kind.
 *
 * <pre>{@code
 * throw ToolFailureException.unavailable("MCP server 'files' is closed");
 * throw ToolFailureException.timeout("lookup timed out after 30 s").withField("retry", true);
 * }</pre>
 */
public final class ToolFailureException extends Exception {
  private static final long serialVersionUID = 1L;

  /** What kind of failure it is: the call's outcome as observers and metrics see it. */
  public enum Kind {
    /** What the tool needs is not there now (a server disconnected, a circuit open). */
    UNAVAILABLE,
    /** The tool gave up waiting for what it needs. */
    TIMEOUT,
    /** The call was cancelled before the tool answered. */
    CANCELLED,
    /** Any other failure. */
    FAILED,
    /** A guard refused the call before it ran (a budget spent, a call repeated). */
    REFUSED,
    /** The call needed an approval it did not get. */
    DENIED
  }

  private final Kind kind;
  private final transient Map<String, Object> fields;

  private ToolFailureException(Kind kind, String message, Map<String, Object> fields) {
    super(requireNonNull(message, "message == null"), null, false, false);
    this.kind = requireNonNull(kind, "kind == null");
    this.fields = fields;
  }

  /**
   * A failure of {@code kind} whose answer to the model is {@code {"error":message}}, the message
   * as it is (sanitized and cut like every error message).
   */
  public static ToolFailureException of(Kind kind, String message) {
    return new ToolFailureException(kind, message, Map.of());
  }

  /** {@link #of} a {@link Kind#UNAVAILABLE} failure. */
  public static ToolFailureException unavailable(String message) {
    return of(Kind.UNAVAILABLE, message);
  }

  /** {@link #of} a {@link Kind#TIMEOUT} failure. */
  public static ToolFailureException timeout(String message) {
    return of(Kind.TIMEOUT, message);
  }

  /** {@link #of} a {@link Kind#CANCELLED} failure. */
  public static ToolFailureException cancelled(String message) {
    return of(Kind.CANCELLED, message);
  }

  /** {@link #of} a {@link Kind#FAILED} failure. */
  public static ToolFailureException failed(String message) {
    return of(Kind.FAILED, message);
  }

  /**
   * This failure with one more field in its answer, after the message and the fields before it;
   * {@code value} is written as {@code ToolResults} writes values. An {@code "error"} key is
   * ignored: the message stays the error.
   */
  public ToolFailureException withField(String name, Object value) {
    requireNonNull(name, "name == null");
    requireNonNull(value, "value == null");
    Map<String, Object> more = new LinkedHashMap<>(fields);
    more.put(name, value);
    return new ToolFailureException(kind, getMessage(), Collections.unmodifiableMap(more));
  }

  /** What kind of failure it is. */
  public Kind kind() {
    return kind;
  }

  /** The error message the model gets. */
  @Override
  public String getMessage() {
    return requireNonNull(super.getMessage());
  }

  /** The answer's fields after the message, in the order they were added. */
  public Map<String, Object> fields() {
    return fields;
  }
}
