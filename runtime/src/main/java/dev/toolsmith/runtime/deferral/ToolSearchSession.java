package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the model has found through the tool search in one conversation, in the order found, so the
 * next request's definitions include those tools. Safe for concurrent use; one per conversation.
 */
public final class ToolSearchSession {

  private final Set<String> found = new LinkedHashSet<>();

  /** A session that has found nothing yet. */
  public ToolSearchSession() {}

  /** Records {@code names} as found. */
  public synchronized void record(Collection<String> names) {
    for (String name : requireNonNull(names, "names == null")) {
      found.add(requireNonNull(name, "name == null"));
    }
  }

  /** The tools found so far, in the order first found. */
  public synchronized List<String> found() {
    return List.copyOf(new ArrayList<>(found));
  }

  /** Whether {@code name} has been found. */
  public synchronized boolean hasFound(String name) {
    return found.contains(name);
  }

  @Override
  public synchronized String toString() {
    return "ToolSearchSession{found=" + found + "}";
  }
}
