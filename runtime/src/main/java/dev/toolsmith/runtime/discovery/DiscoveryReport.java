package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.util.ArrayList;
import java.util.List;

/**
 * What one discovery run loaded, in discovery order (built-in, sources, plugins), what failed and
 * which tool names collided across origins.
 *
 * @param sources one report per index, source origin and plugin
 * @param collisions every tool name one origin registered while another held it
 */
public record DiscoveryReport(List<SourceReport> sources, List<Collision> collisions) {

  public DiscoveryReport {
    sources = List.copyOf(requireNonNull(sources, "sources == null"));
    collisions = List.copyOf(requireNonNull(collisions, "collisions == null"));
  }

  /** The sources that failed to load. */
  public List<SourceReport> failures() {
    return withStatus(SourceReport.Status.FAILED);
  }

  /** The sources of {@code kind}, in discovery order. */
  public List<SourceReport> sources(ToolOrigin.Kind kind) {
    List<SourceReport> result = new ArrayList<>();
    for (SourceReport source : sources) {
      if (source.origin().kind() == kind) {
        result.add(source);
      }
    }
    return List.copyOf(result);
  }

  private List<SourceReport> withStatus(SourceReport.Status status) {
    List<SourceReport> result = new ArrayList<>();
    for (SourceReport source : sources) {
      if (source.status() == status) {
        result.add(source);
      }
    }
    return List.copyOf(result);
  }

  /**
   * Collects a report while discovery runs; sources may report from several threads. Once the
   * report is taken it records nothing more, so a source that keeps registering (an MCP server's
   * tool list changing) does not grow it for the life of the process.
   */
  static final class Recorder {
    private final List<SourceReport> sources = new ArrayList<>();
    private final List<Collision> collisions = new ArrayList<>();
    private boolean closed;

    synchronized void source(SourceReport report) {
      if (!closed) {
        sources.add(report);
      }
    }

    synchronized void collisions(List<Collision> found) {
      if (!closed) {
        collisions.addAll(found);
      }
    }

    synchronized DiscoveryReport report() {
      closed = true;
      return new DiscoveryReport(sources, collisions);
    }
  }
}
