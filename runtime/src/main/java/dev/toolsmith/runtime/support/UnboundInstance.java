package dev.toolsmith.runtime.support;

import static java.util.Objects.requireNonNull;

/**
 * What the generated adapter of a {@code @BindInstance} class throws when the bindings hold no
 * instance of it: its index reports the class as a failed source, with the call that binds it,
 * instead of leaving its tools out without a word.
 */
public final class UnboundInstance extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private UnboundInstance(String message) {
    super(message, null, false, false); // an expected failure: no stack trace to log
  }

  /** The failure of {@code owner}'s tools, naming the {@code Bindings.of(...)} call to add. */
  public static UnboundInstance of(Class<?> owner) {
    requireNonNull(owner, "owner == null");
    String simple = owner.getSimpleName();
    return new UnboundInstance(
        owner.getName()
            + " is marked @BindInstance and no instance of it is bound, so its tools are left out;"
            + " bind one: Discovery.discover(Bindings.of("
            + simple
            + ".class, "
            + Character.toLowerCase(simple.charAt(0))
            + simple.substring(1)
            + "))");
  }
}
