package dev.toolsmith.runtime.tool;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one conversation remembers across its tool calls: the tools the model found through the tool
 * search (so the next request's definitions include them), the approvals given for the whole
 * session, how many calls each tool and the session made, and the answers of recent calls by their
 * canonical arguments. Made by whoever runs the loop (one per conversation, per MCP session...) and
 * handed to the calls in their {@link ToolContext#withSession context}. Safe for concurrent use.
 */
public final class ToolSession {

  /** How many distinct calls (tool and arguments) a session remembers the answer of. */
  static final int REMEMBERED_CALLS = 256;

  /** The longest answer a session keeps the text of; of a longer one it keeps the length. */
  public static final int REMEMBERED_ANSWER_CHARS = 500;

  private final Set<String> found = new LinkedHashSet<>();
  private final Set<String> approved = new HashSet<>();
  private final Map<String, Integer> callsByTool = new HashMap<>();
  private int calls;
  private final Map<CallKey, Remembered> recent =
      new LinkedHashMap<>(16, 0.75f, true) { // access order: the least recent call is forgotten
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<CallKey, Remembered> eldest) {
          return size() > REMEMBERED_CALLS;
        }
      };

  /** A session that has found, approved and called nothing yet. */
  public ToolSession() {}

  // ---- Tool search ----

  /** Records {@code names} as found by the tool search. */
  public synchronized void recordFound(Collection<String> names) {
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

  // ---- Approvals ----

  /** Records that {@code tool} may run for the rest of this session without asking again. */
  public synchronized void approveForSession(String tool) {
    approved.add(requireNonNull(tool, "tool == null"));
  }

  /** Whether {@code tool} was approved for this session. */
  public synchronized boolean isApprovedForSession(String tool) {
    return approved.contains(tool);
  }

  // ---- Calls ----

  /** Counts one call of {@code tool} that is about to run. */
  public synchronized void countCall(String tool) {
    callsByTool.merge(requireNonNull(tool, "tool == null"), 1, Integer::sum);
    calls++;
  }

  /** How many calls of {@code tool} ran (or began) in this session. */
  public synchronized int calls(String tool) {
    return callsByTool.getOrDefault(tool, 0);
  }

  /** How many tool calls ran (or began) in this session. */
  public synchronized int calls() {
    return calls;
  }

  /**
   * Remembers that {@code tool} called with {@code canonicalArguments} answered {@code answer}: one
   * more identical call, and its latest answer (its text when short, else its length).
   */
  public synchronized void rememberCall(String tool, String canonicalArguments, String answer) {
    requireNonNull(answer, "answer == null");
    CallKey key = new CallKey(tool, canonicalArguments);
    Remembered before = recent.get(key);
    recent.put(
        key,
        new Remembered(
            before == null ? 1 : before.times() + 1,
            answer.length() <= REMEMBERED_ANSWER_CHARS ? answer : "",
            answer.length()));
  }

  /** How often {@code tool} ran with {@code canonicalArguments} and what it last answered. */
  public synchronized Optional<Remembered> remembered(String tool, String canonicalArguments) {
    return Optional.ofNullable(recent.get(new CallKey(tool, canonicalArguments)));
  }

  /**
   * How often one call ran in a session, and its latest answer.
   *
   * @param times how many identical calls ran
   * @param lastAnswer the latest answer's text; empty when it was over {@link
   *     #REMEMBERED_ANSWER_CHARS}
   * @param lastAnswerChars the latest answer's length
   */
  public record Remembered(int times, String lastAnswer, int lastAnswerChars) {}

  private record CallKey(String tool, String arguments) {}

  @Override
  public synchronized String toString() {
    return "ToolSession{found=" + found + ", approved=" + approved + ", calls=" + calls + "}";
  }
}
