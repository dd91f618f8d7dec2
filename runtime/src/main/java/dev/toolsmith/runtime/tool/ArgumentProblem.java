package dev.toolsmith.runtime.tool;

import static java.util.Objects.requireNonNull;

/**
 * One thing wrong with a tool call's arguments, as the model is told about it.
 *
 * @param path JSON Pointer to the offending value, e.g. {@code /maxLines}; empty for the whole
 *     object
 * @param expected what the schema asks for, e.g. {@code integer >= 1}
 * @param got what was found, shortened, e.g. {@code 0} or {@code missing}
 */
public record ArgumentProblem(String path, String expected, String got) {
  /** Checks that no component is null. */
  public ArgumentProblem {
    requireNonNull(path, "path == null");
    requireNonNull(expected, "expected == null");
    requireNonNull(got, "got == null");
  }
}
