package dev.toolsmith.runtime;

import static java.util.Objects.requireNonNull;

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

  /** Collects a report while discovery runs; sources may report from several threads. */
  static final class Recorder {
    private final List<SourceReport> sources = new ArrayList<>();
    private final List<Collision> collisions = new ArrayList<>();

    synchronized void source(SourceReport report) {
      sources.add(report);
    }

    synchronized void collisions(List<Collision> found) {
      collisions.addAll(found);
    }

    synchronized DiscoveryReport report() {
      return new DiscoveryReport(sources, collisions);
    }
  }
}
