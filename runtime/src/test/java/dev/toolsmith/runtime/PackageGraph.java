package dev.toolsmith.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which package uses which, read from class files' constant pools (class references, and the types
 * in descriptors and generic signatures), and the cycles among them.
 */
public final class PackageGraph {

  private static final Pattern DESCRIBED_TYPE = Pattern.compile("L([\\w/$]+)[;<]");

  private PackageGraph() {}

  /**
   * Each package (dotted) of the classes under {@code root} whose internal name starts with {@code
   * prefix}, with the other such packages it uses.
   */
  public static Map<String, Set<String>> ofClasses(Path root, String prefix) throws IOException {
    return ofClasses(root, prefix, Set.of());
  }

  /** {@link #ofClasses(Path, String)}, not counting references to the types {@code ignored}. */
  public static Map<String, Set<String>> ofClasses(Path root, String prefix, Set<String> ignored)
      throws IOException {
    Map<String, Set<String>> imports = new TreeMap<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".class")).sorted().toList();
    }
    for (Path file : files) {
      String name = root.relativize(file).toString().replace('\\', '/');
      if (!name.startsWith(prefix)) {
        continue;
      }
      String from = packageOf(name);
      Set<String> used = imports.computeIfAbsent(from, p -> new TreeSet<>());
      for (String type : referencedTypes(Files.readAllBytes(file))) {
        if (type.startsWith(prefix) && !packageOf(type).equals(from) && !ignored.contains(type)) {
          used.add(packageOf(type));
        }
      }
    }
    return imports;
  }

  /** Every set of two or more packages that reach each other, each sorted, sorted by first. */
  public static List<List<String>> cycles(Map<String, Set<String>> imports) {
    return new Tarjan(imports).components();
  }

  /** One line per package: what it imports. */
  public static String describe(Map<String, Set<String>> imports) {
    StringBuilder text = new StringBuilder("package imports:\n");
    imports.forEach(
        (from, to) -> text.append("  ").append(from).append(" -> ").append(to).append('\n'));
    return text.toString();
  }

  private static String packageOf(String internalName) {
    int slash = internalName.lastIndexOf('/');
    return slash < 0 ? "" : internalName.substring(0, slash).replace('/', '.');
  }

  /** The internal names of the classes a class file refers to. */
  static Set<String> referencedTypes(byte[] classFile) throws IOException {
    ConstantPool pool = ConstantPool.read(classFile);
    Set<String> types = new TreeSet<>();
    for (int i = 1; i < pool.size(); i++) {
      if (pool.tags[i] == 7) {
        String name = pool.utf8[pool.first[i]];
        if (!name.startsWith("[")) {
          types.add(name);
        }
      }
      if (pool.utf8[i] != null) { // descriptors, signatures, array class names
        Matcher matcher = DESCRIBED_TYPE.matcher(pool.utf8[i]);
        while (matcher.find()) {
          types.add(matcher.group(1));
        }
      }
    }
    return types;
  }

  /** Tarjan's strongly connected components, iterating nodes in sorted order. */
  private static final class Tarjan {
    private final Map<String, Set<String>> edges;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new TreeSet<>();
    private final List<List<String>> found = new ArrayList<>();

    Tarjan(Map<String, Set<String>> edges) {
      this.edges = edges;
    }

    List<List<String>> components() {
      for (String node : new TreeSet<>(edges.keySet())) {
        if (!index.containsKey(node)) {
          visit(node);
        }
      }
      found.sort((a, b) -> a.get(0).compareTo(b.get(0)));
      return found;
    }

    private void visit(String node) {
      index.put(node, index.size());
      low.put(node, index.get(node));
      stack.push(node);
      onStack.add(node);
      for (String next : new TreeSet<>(edges.getOrDefault(node, Set.of()))) {
        if (!index.containsKey(next)) {
          visit(next);
          low.put(node, Math.min(low.get(node), low.get(next)));
        } else if (onStack.contains(next)) {
          low.put(node, Math.min(low.get(node), index.get(next)));
        }
      }
      if (low.get(node).equals(index.get(node))) {
        List<String> component = new ArrayList<>();
        String member;
        do {
          member = stack.pop();
          onStack.remove(member);
          component.add(member);
        } while (!member.equals(node));
        if (component.size() > 1) {
          component.sort(null);
          found.add(List.copyOf(component));
        }
      }
    }
  }
}
