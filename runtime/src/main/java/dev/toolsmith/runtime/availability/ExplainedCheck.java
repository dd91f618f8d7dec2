package dev.toolsmith.runtime.availability;

import java.util.function.BooleanSupplier;

/**
 * An availability check that can say why it fails: its reason follows {@value
 * Availability#CHECK_FAILED} in parentheses, in {@link Availability#reason()} and in the refusal
 * {@code dispatch} gives ({@code check returned false (MCP server 'docs' is closed)}), where a
 * plain {@code BooleanSupplier} leaves the model to guess.
 */
public interface ExplainedCheck extends BooleanSupplier {

  /**
   * Why the check fails now, in a few words a model can act on; asked right after {@link
   * #getAsBoolean()} returned false, on the same thread. A reason that is blank, or that throws, is
   * left out.
   */
  String unavailableReason();
}
