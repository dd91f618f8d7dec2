package dev.toolsmith.runtime.discovery;

import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.events.ScalarEvent;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads YAML text into {@link ConfigNode}s with SnakeYAML's event parser: no data binding, no
 * object construction, and every node keeps the line it started on. SnakeYAML alone (a module that
 * requires nothing but {@code java.base}) keeps the runtime bootable on the module path with just
 * its published dependencies.
 */
final class YamlTree {

  private static final Resolver RESOLVER = new Resolver();

  /** The explicit tags a scalar may carry: YAML's own types, read as they say. */
  private static final Map<String, ConfigNode.Kind> TAGS =
      Map.of(
          Tag.STR.getValue(), ConfigNode.Kind.STRING,
          Tag.INT.getValue(), ConfigNode.Kind.NUMBER,
          Tag.FLOAT.getValue(), ConfigNode.Kind.NUMBER,
          Tag.BOOL.getValue(), ConfigNode.Kind.BOOLEAN,
          Tag.NULL.getValue(), ConfigNode.Kind.NULL);

  private final Iterator<Event> events;
  private final String source;

  private YamlTree(Iterator<Event> events, String source) {
    this.events = events;
    this.source = source;
  }

  /**
   * SnakeYAML's options: text over {@link ToolsmithConfig#MAX_FILE_BYTES} code points is refused,
   * the bound {@link ToolsmithConfig#load} puts on a file's bytes (a code point is at least a
   * byte), so text given to {@link ToolsmithConfig#parse} is bounded alike.
   */
  private static LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setCodePointLimit(ToolsmithConfig.MAX_FILE_BYTES);
    return options;
  }

  /** The document's root map; empty text (or only comments) gives an empty map. */
  static ConfigNode parse(String text, String source) {
    try {
      ParserImpl parser = new ParserImpl(new StreamReader(new StringReader(text)), loaderOptions());
      Iterator<Event> events =
          new Iterator<>() {
            @Override
            public boolean hasNext() {
              return parser.peekEvent() != null;
            }

            @Override
            public Event next() {
              return parser.getEvent();
            }
          };
      return new YamlTree(events, source).document();
    } catch (MarkedYAMLException e) {
      Mark at = e.getProblemMark();
      throw new ConfigException(
          source, at == null ? 0 : at.getLine() + 1, "", "is not valid YAML: " + e.getMessage(), e);
    } catch (YAMLException e) {
      throw new ConfigException(source, 0, "", "is not valid YAML: " + e.getMessage(), e);
    }
  }

  private ConfigNode document() {
    expect(Event.ID.StreamStart);
    Event first = events.next();
    if (first.is(Event.ID.StreamEnd)) {
      return ConfigNode.emptyMap(source, "");
    }
    ConfigNode root = read(events.next(), "");
    expect(Event.ID.DocumentEnd);
    Event after = events.next();
    if (!after.is(Event.ID.StreamEnd)) {
      throw new ConfigException(
          source,
          after.getStartMark().getLine() + 1,
          "",
          "must hold one YAML document; found another");
    }
    if (root.isNull()) {
      return ConfigNode.emptyMap(source, "");
    }
    if (!root.isMap()) {
      throw new ConfigException(
          source,
          root.line(),
          "",
          "the document must be a map of sections; found " + root.describe());
    }
    return root;
  }

  private void expect(Event.ID id) {
    Event event = events.next();
    if (!event.is(id)) {
      throw new IllegalStateException("YAML parser gave " + event + " where " + id + " belongs");
    }
  }

  /** The value that starts with {@code event}, its events consumed. */
  private ConfigNode read(Event event, String path) {
    int line = event.getStartMark().getLine() + 1;
    switch (event.getEventId()) {
      case MappingStart -> {
        Map<String, ConfigNode> fields = new LinkedHashMap<>();
        for (Event key = events.next(); !key.is(Event.ID.MappingEnd); key = events.next()) {
          if (!(key instanceof ScalarEvent scalar)) {
            throw new ConfigException(
                source, key.getStartMark().getLine() + 1, path, "must have plain keys");
          }
          String name = scalar.getValue();
          String keyPath = path.isEmpty() ? name : path + "." + name;
          if (fields.containsKey(name)) {
            throw new ConfigException(
                source, key.getStartMark().getLine() + 1, keyPath, "appears twice in one map");
          }
          fields.put(name, read(events.next(), keyPath));
        }
        return ConfigNode.map(source, path, line, fields);
      }
      case SequenceStart -> {
        List<ConfigNode> elements = new ArrayList<>();
        for (Event next = events.next(); !next.is(Event.ID.SequenceEnd); next = events.next()) {
          elements.add(read(next, path + "[" + elements.size() + "]"));
        }
        return ConfigNode.list(source, path, line, elements);
      }
      case Scalar -> {
        ScalarEvent scalar = (ScalarEvent) event;
        ConfigNode.Kind kind = kind(scalar, line, path);
        String text = kind == ConfigNode.Kind.NULL ? "" : scalar.getValue();
        return ConfigNode.scalar(kind, source, path, line, text);
      }
      case Alias ->
          throw new ConfigException(
              source,
              line,
              path,
              "is an alias (*"
                  + ((AliasEvent) event).getAnchor()
                  + "), which the configuration does not read; write the value out");
      default ->
          throw new IllegalStateException("YAML parser gave " + event + " where a value belongs");
    }
  }

  /**
   * A scalar's kind: quoted text is a string; a plain scalar is typed as YAML 1.1 resolves it (the
   * empty one and base-60 numbers are strings); an explicit tag must be one of YAML's own scalar
   * types.
   */
  private ConfigNode.Kind kind(ScalarEvent scalar, int line, String path) {
    String tag = scalar.getTag();
    if (tag != null && !tag.equals("!")) {
      ConfigNode.Kind kind = TAGS.get(tag);
      if (kind == null) {
        throw new ConfigException(
            source, line, path, "holds an unsupported YAML value (tag " + tag + ")");
      }
      return kind;
    }
    if (scalar.getScalarStyle() != DumperOptions.ScalarStyle.PLAIN || scalar.getValue().isEmpty()) {
      return ConfigNode.Kind.STRING;
    }
    Tag resolved = RESOLVER.resolve(NodeId.scalar, scalar.getValue(), true);
    if (resolved.equals(Tag.BOOL)) {
      return ConfigNode.Kind.BOOLEAN;
    } else if ((resolved.equals(Tag.INT) || resolved.equals(Tag.FLOAT))
        && scalar.getValue().indexOf(':') < 0) { // base 60 (1:20) stays text
      return ConfigNode.Kind.NUMBER;
    } else if (resolved.equals(Tag.NULL)) {
      return ConfigNode.Kind.NULL;
    }
    return ConfigNode.Kind.STRING;
  }
}
