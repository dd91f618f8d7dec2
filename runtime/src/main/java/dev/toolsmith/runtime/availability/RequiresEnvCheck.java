package dev.toolsmith.runtime.availability;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The ready check of a tool that needs environment variables: available when every variable of the
 * tool's own {@code requiresEnv} is set and not blank. {@code requiresEnv} only informs (it is
 * reported with the tool's availability); this check decides:
 *
 * <pre>{@code
 * @Tool(requiresEnv = "CHAT_TOKEN", check = RequiresEnvCheck.class)
 * }</pre>
 *
 * <p>An instance made with the no-argument constructor checks the variables of the tool it is given
 * to: the entry binds it to its {@code requiresEnv} when it is built.
 */
public final class RequiresEnvCheck implements ExplainedCheck {

  private final List<String> variables;
  private final Function<String, @Nullable String> environment;

  /** The check of the tool it is given to, reading the process environment. */
  public RequiresEnvCheck() {
    this(List.of(), System::getenv);
  }

  private RequiresEnvCheck(List<String> variables, Function<String, @Nullable String> environment) {
    this.variables = List.copyOf(variables);
    this.environment = environment;
  }

  /**
   * A check of {@code variables}, read from {@code environment} (a variable's value, or null when
   * it is not set), for an environment other than the process's.
   */
  public static RequiresEnvCheck of(
      List<String> variables, Function<String, @Nullable String> environment) {
    return new RequiresEnvCheck(
        requireNonNull(variables, "variables == null"),
        requireNonNull(environment, "environment == null"));
  }

  /** This check for {@code variables}, reading the same environment. */
  public RequiresEnvCheck forVariables(List<String> variables) {
    return new RequiresEnvCheck(requireNonNull(variables, "variables == null"), environment);
  }

  /** The variables checked. */
  public List<String> variables() {
    return variables;
  }

  @Override
  public boolean getAsBoolean() {
    return problems().isEmpty();
  }

  /** Which variables are missing: {@code CHAT_TOKEN is not set, REGION is blank}. */
  @Override
  public String unavailableReason() {
    return String.join(", ", problems());
  }

  private List<String> problems() {
    List<String> problems = new ArrayList<>();
    for (String variable : variables) {
      String value = environment.apply(variable);
      if (value == null) {
        problems.add(variable + " is not set");
      } else if (value.isBlank()) {
        problems.add(variable + " is blank");
      }
    }
    return problems;
  }
}
