package demo.tree;

import dev.toolsmith.annotations.Tool;
import java.util.List;
import java.util.Optional;

/** Trees of labels. */
public final class Trees {
  private Trees() {}

  /**
   * A node of a tree.
   *
   * @param label the node's label
   * @param children the node's children
   * @param next the node after this one
   */
  public record Node(String label, List<Node> children, Optional<Node> next) {}

  /** Counts a tree's nodes. */
  @Tool
  public static int count(Node root) {
    int total = 1;
    for (Node child : root.children()) {
      total += count(child);
    }
    return total + root.next().map(Trees::count).orElse(0);
  }
}
