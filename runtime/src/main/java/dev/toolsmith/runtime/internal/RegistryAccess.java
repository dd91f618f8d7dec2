package dev.toolsmith.runtime.internal;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolOrigin;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The registry operations that discovery needs and users must not call, reached across packages the
 * way the JDK's {@code SharedSecrets} does it: {@link ToolRegistry} installs them when its class
 * initializes. This package is not exported by the module.
 */
public final class RegistryAccess {

  /** What {@link ToolRegistry} provides. */
  public interface Operations {
    /**
     * Registers the entries and toolsets of one generated index in one write, without re-parsing
     * schemas the processor wrote and checked at compile time.
     */
    List<Collision> registerTrusted(
        ToolRegistry registry,
        ToolOrigin origin,
        List<ToolEntry> entries,
        List<ToolsetDefinition> toolsets);
  }

  private static volatile @Nullable Operations operations;

  private RegistryAccess() {}

  /** Called once, by {@link ToolRegistry}'s static initializer. */
  public static void install(Operations provided) {
    if (operations != null) {
      throw new IllegalStateException("already installed");
    }
    operations = provided;
  }

  /**
   * See {@link Operations#registerTrusted}; {@code registry} exists, so its class installed them.
   */
  public static List<Collision> registerTrusted(
      ToolRegistry registry,
      ToolOrigin origin,
      List<ToolEntry> entries,
      List<ToolsetDefinition> toolsets) {
    return requireNonNull(operations).registerTrusted(registry, origin, entries, toolsets);
  }
}
