package dev.toolsmith.example;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.discovery.SourceReport;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A registry filled by the three discovery phases under {@code --config}, what discovery reported,
 * and the configuration it followed.
 */
record Discovered(ToolRegistry registry, DiscoveryReport report, ToolsmithConfig config) {

  /**
   * The tools of this jar, then those of the sources and plugins {@code configFile} names (none
   * when null), with the files toolset bound to {@code workspace}. A missing or broken file is a
   * usage error.
   */
  static Discovered of(@Nullable Path configFile, Workspace workspace) {
    return of(configFile, workspace, null);
  }

  /** {@link #of(Path, Workspace)} into a registry running the guards {@code guards} makes. */
  static Discovered of(
      @Nullable Path configFile,
      Workspace workspace,
      @Nullable Function<ToolsmithConfig, Guards> guards) {
    ToolsmithConfig config = configuration(configFile);
    ToolRegistry registry =
        guards == null
            ? ToolRegistry.create()
            : ToolRegistry.builder().guards(guards.apply(config)).build();
    DiscoveryReport report;
    try {
      report =
          Discovery.builder()
              .config(config)
              .bindings(Toolsmith.bindings(workspace))
              .build()
              .into(registry);
    } catch (ConfigException e) { // a section no source found declares, as before loading
      throw new UsageException("--config: " + e.getMessage());
    }
    return new Discovered(registry, report, config);
  }

  private static ToolsmithConfig configuration(@Nullable Path configFile) {
    if (configFile == null) {
      return ToolsmithConfig.defaults();
    }
    // The library reads a missing file as the defaults; on the command line it is more likely a
    // typo. Anything that exists (a pipe, a device) is the library's to read, within its limit.
    if (!Files.exists(configFile)) {
      throw new UsageException("--config: no such file: " + configFile);
    }
    try {
      return ToolsmithConfig.load(configFile);
    } catch (ConfigException | UncheckedIOException e) {
      throw new UsageException("--config: " + e.getMessage());
    }
  }

  /**
   * What discovery did beyond this jar's own tools: each plugin and source loaded, failed or
   * disabled, each built-in index that failed, each tool name refused or overridden. Empty when
   * only this jar's tools loaded, so the plain listing stays one line per tool.
   */
  List<String> sourceLines() {
    // A loop, not a stream: every list and definitions command runs it, and a lambda spins a class.
    boolean beyondBuiltIn = false;
    for (SourceReport source : report.sources()) {
      beyondBuiltIn |=
          source.origin().kind() != ToolOrigin.Kind.BUILT_IN
              || source.status() != SourceReport.Status.LOADED;
    }
    List<String> lines = new ArrayList<>();
    if (!beyondBuiltIn && report.collisions().isEmpty()) {
      return lines;
    }
    for (SourceReport source : report.sources()) {
      lines.add(source.describe());
    }
    for (Collision collision : report.collisions()) {
      lines.add("collision: " + collision.describe());
    }
    return lines;
  }
}
