package dev.toolsmith.runtime.discovery;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads YAML text into {@link ConfigNode}s with Jackson's streaming YAML parser: no data binding,
 * and every node keeps the line it started on.
 */
final class YamlTree {

  private static final YAMLFactory FACTORY =
      YAMLFactory.builder().loaderOptions(loaderOptions()).build();

  private YamlTree() {}

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
    try (JsonParser parser = FACTORY.createParser(text)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        return ConfigNode.emptyMap(source, "");
      }
      ConfigNode root = read(parser, source, "");
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
      if (parser.nextToken() != null) {
        throw new ConfigException(
            source, line(parser), "", "must hold one YAML document; found another");
      }
      return root;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new ConfigException(
          source,
          at == null ? 0 : at.getLineNr(),
          "",
          "is not valid YAML: " + e.getOriginalMessage(),
          e);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a string does not fail to read
    }
  }

  /** Reads the value at the parser's current token, leaving the parser on its last token. */
  private static ConfigNode read(JsonParser parser, String source, String path) throws IOException {
    int line = line(parser);
    JsonToken token = parser.currentToken();
    return switch (token) {
      case START_OBJECT -> {
        Map<String, ConfigNode> fields = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String key = parser.currentName();
          int keyLine = line(parser);
          String keyPath = path.isEmpty() ? key : path + "." + key;
          if (fields.containsKey(key)) {
            throw new ConfigException(source, keyLine, keyPath, "appears twice in one map");
          }
          parser.nextToken();
          fields.put(key, read(parser, source, keyPath));
        }
        yield ConfigNode.map(source, path, line, fields);
      }
      case START_ARRAY -> {
        List<ConfigNode> elements = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          elements.add(read(parser, source, path + "[" + elements.size() + "]"));
        }
        yield ConfigNode.list(source, path, line, elements);
      }
      case VALUE_STRING ->
          ConfigNode.scalar(ConfigNode.Kind.STRING, source, path, line, parser.getText());
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
          ConfigNode.scalar(ConfigNode.Kind.NUMBER, source, path, line, parser.getText());
      case VALUE_TRUE, VALUE_FALSE ->
          ConfigNode.scalar(ConfigNode.Kind.BOOLEAN, source, path, line, parser.getText());
      case VALUE_NULL -> ConfigNode.scalar(ConfigNode.Kind.NULL, source, path, line, "");
      // embedded objects (binary tags): not part of our format
      default ->
          throw new ConfigException(
              source, line, path, "holds an unsupported YAML value (" + token + ")");
    };
  }

  private static int line(JsonParser parser) {
    JsonLocation location = parser.currentTokenLocation();
    return location == null ? 0 : location.getLineNr();
  }
}
