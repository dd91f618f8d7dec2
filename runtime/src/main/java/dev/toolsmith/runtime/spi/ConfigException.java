package dev.toolsmith.runtime.spi;

import static java.util.Objects.requireNonNull;

import org.jspecify.annotations.Nullable;

/**
 * A configuration file that cannot be used: its message names the file, the line and the key, e.g.
 * {@code toolsmith.yaml, line 7: plugins.enabled must be a list of strings; found a map}.
 */
public final class ConfigException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String source;
  private final int line;
  private final String path;

  /**
   * @param source the file name, or a label such as {@code <string>}
   * @param line the 1-based line, or 0 when unknown
   * @param path the dotted key path, e.g. {@code plugins.enabled}; empty for the document
   * @param problem what is wrong, without the location
   */
  public ConfigException(String source, int line, String path, String problem) {
    this(source, line, path, problem, null);
  }

  /** Like {@link #ConfigException(String, int, String, String)}, with what caused it. */
  public ConfigException(
      String source, int line, String path, String problem, @Nullable Throwable cause) {
    super(
        location(requireNonNull(source, "source == null"), line)
            + ": "
            + (requireNonNull(path, "path == null").isEmpty() ? "" : path + " ")
            + requireNonNull(problem, "problem == null"),
        cause);
    this.source = source;
    this.line = line;
    this.path = path;
  }

  /** The message: where, and what is wrong; never null. */
  @Override
  public String getMessage() {
    return requireNonNull(super.getMessage());
  }

  private static String location(String source, int line) {
    return line > 0 ? source + ", line " + line : source;
  }

  /** The file name or label the problem is in. */
  public String source() {
    return source;
  }

  /** The 1-based line of the problem, or 0 when unknown. */
  public int line() {
    return line;
  }

  /** The dotted key path of the problem; empty for the whole document. */
  public String path() {
    return path;
  }
}
