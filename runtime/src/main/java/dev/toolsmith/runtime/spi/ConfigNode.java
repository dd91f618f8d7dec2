package dev.toolsmith.runtime.spi;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One value of a configuration file, immutable, with the key path and line it came from, so that
 * whoever interprets it (the runtime, or a {@link ToolSource} reading its own section) can report a
 * problem with {@link #problem} naming the key and the line.
 */
public final class ConfigNode {

  /** The shape of a node. */
  public enum Kind {
    /** Keys to values, in file order. */
    MAP,
    /** A sequence of values. */
    LIST,
    /** A string. */
    STRING,
    /** A number, kept as its text. */
    NUMBER,
    /** true or false. */
    BOOLEAN,
    /** An empty value ({@code key:} or {@code null}). */
    NULL
  }

  private final Kind kind;
  private final String source;
  private final String path;
  private final int line;
  private final Map<String, ConfigNode> fields;
  private final List<ConfigNode> elements;
  private final String text;

  private ConfigNode(
      Kind kind,
      String source,
      String path,
      int line,
      Map<String, ConfigNode> fields,
      List<ConfigNode> elements,
      String text) {
    this.kind = kind;
    this.source = source;
    this.path = path;
    this.line = line;
    this.fields = fields;
    this.elements = elements;
    this.text = text;
  }

  /** A map node read from {@code source} at {@code line} (1-based, 0 when unknown). */
  public static ConfigNode map(
      String source, String path, int line, Map<String, ConfigNode> fields) {
    return new ConfigNode(
        Kind.MAP,
        source,
        path,
        line,
        Collections.unmodifiableMap(new LinkedHashMap<>(fields)),
        List.of(),
        "");
  }

  /** A list node read from {@code source} at {@code line}. */
  public static ConfigNode list(String source, String path, int line, List<ConfigNode> elements) {
    return new ConfigNode(Kind.LIST, source, path, line, Map.of(), List.copyOf(elements), "");
  }

  /** A scalar node of {@code kind} (not a map or list) with its text as written. */
  public static ConfigNode scalar(Kind kind, String source, String path, int line, String text) {
    return new ConfigNode(kind, source, path, line, Map.of(), List.of(), text);
  }

  /** An empty map at {@code path}: what an absent section reads as. */
  public static ConfigNode emptyMap(String source, String path) {
    requireNonNull(source, "source == null");
    requireNonNull(path, "path == null");
    return map(source, path, 0, Map.of());
  }

  /** The node's shape. */
  public Kind kind() {
    return kind;
  }

  /** The file name or label the node was read from. */
  public String source() {
    return source;
  }

  /**
   * The dotted key path, list elements as {@code [i]}; e.g. {@code mcp_servers.everything.args[0]}.
   */
  public String path() {
    return path;
  }

  /** The 1-based line the node starts on; 0 for a node that is not in the file. */
  public int line() {
    return line;
  }

  /** Whether the node is a map. */
  public boolean isMap() {
    return kind == Kind.MAP;
  }

  /** Whether the node is an empty value. */
  public boolean isNull() {
    return kind == Kind.NULL;
  }

  /** The map's fields in file order; empty for a node that is not a map. */
  public Map<String, ConfigNode> fields() {
    return fields;
  }

  /** The value of {@code key} in this map; empty when absent or when this is not a map. */
  public Optional<ConfigNode> get(String key) {
    return Optional.ofNullable(fields.get(key));
  }

  /** The list's elements; empty for a node that is not a list. */
  public List<ConfigNode> elements() {
    return elements;
  }

  /**
   * The scalar's text: a string's value, a number's digits, {@code true}/{@code false}; else empty.
   */
  public String text() {
    return text;
  }

  /** A problem with this node, located at its line and path, to throw. */
  public ConfigException problem(String message) {
    return new ConfigException(source, line, path, message);
  }

  /** This map; an empty value reads as an empty map. */
  public ConfigNode requireMap() {
    if (kind == Kind.NULL) {
      return map(source, path, line, Map.of());
    }
    if (kind != Kind.MAP) {
      throw problem("must be a map; found " + describe());
    }
    return this;
  }

  /** Fails on the first key of this map that is not in {@code allowed}, naming the allowed ones. */
  public ConfigNode requireKeys(Set<String> allowed) {
    for (Map.Entry<String, ConfigNode> field : requireMap().fields.entrySet()) {
      if (!allowed.contains(field.getKey())) {
        throw field
            .getValue()
            .problem("is not a known key; expected one of " + String.join(", ", sorted(allowed)));
      }
    }
    return this;
  }

  /** The string value. */
  public String asString() {
    if (kind != Kind.STRING) {
      throw problem("must be a string; found " + describe());
    }
    return text;
  }

  /** The boolean value. */
  public boolean asBoolean() {
    if (kind != Kind.BOOLEAN) {
      throw problem("must be true or false; found " + describe());
    }
    return Boolean.parseBoolean(text);
  }

  /** The value as an int. */
  public int asInt() {
    if (kind == Kind.NUMBER) {
      try {
        return Integer.parseInt(text);
      } catch (NumberFormatException e) {
        // fall through: a fraction or a number too large
      }
    }
    throw problem("must be a whole number; found " + describe());
  }

  /** The value as a double, e.g. a timeout in seconds. */
  public double asDouble() {
    if (kind == Kind.NUMBER) {
      try {
        return Double.parseDouble(text);
      } catch (NumberFormatException e) {
        // fall through: YAML spellings Java does not read (.inf, 0x1F)
      }
    }
    throw problem("must be a number; found " + describe());
  }

  /**
   * The map of strings to strings, e.g. environment variables; an empty value reads as an empty
   * map.
   */
  public Map<String, String> asStringMap() {
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, ConfigNode> field : requireMap().fields.entrySet()) {
      values.put(field.getKey(), field.getValue().asString());
    }
    return Collections.unmodifiableMap(values);
  }

  /** The list of strings; an empty value reads as an empty list. */
  public List<String> asStringList() {
    if (kind == Kind.NULL) {
      return List.of();
    }
    if (kind != Kind.LIST) {
      throw problem("must be a list of strings; found " + describe());
    }
    List<String> values = new ArrayList<>(elements.size());
    for (ConfigNode element : elements) {
      values.add(element.asString());
    }
    return List.copyOf(values);
  }

  /** The node's shape in words, with a scalar's text: {@code a map}, {@code the number 12}. */
  public String describe() {
    return switch (kind) {
      case MAP -> "a map";
      case LIST -> "a list";
      case STRING -> "the string '" + text + "'";
      case NUMBER -> "the number " + text;
      case BOOLEAN -> text;
      default -> "an empty value";
    };
  }

  private static List<String> sorted(Set<String> keys) {
    List<String> list = new ArrayList<>(new LinkedHashSet<>(keys));
    Collections.sort(list);
    return list;
  }

  @Override
  public String toString() {
    return source + ":" + line + " " + path + " (" + describe() + ")";
  }
}
