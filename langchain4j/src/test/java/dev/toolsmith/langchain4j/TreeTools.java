package dev.toolsmith.langchain4j;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.List;

/** A tool whose schema has nested, recursive definitions and constraint keywords. */
public final class TreeTools {

  private TreeTools() {}

  /**
   * A node of an outline.
   *
   * @param label the node's label
   * @param children the node's children
   */
  public record Node(
      @Param(minLength = 1, pattern = "^\\S.*$") String label, List<Node> children) {}

  /**
   * Counts the nodes of an outline.
   *
   * @param root the outline's root
   * @param weight how much each node counts, between 0.5 and 2.5
   */
  @Tool(toolset = "outline")
  public static int countNodes(Node root, @Param(minimum = 0.5, maximum = 2.5) double weight) {
    return (int) (count(root) * weight);
  }

  private static int count(Node node) {
    int n = 1;
    for (Node child : node.children()) {
      n += count(child);
    }
    return n;
  }
}
