package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.runtime.support.Problems;
import dev.toolsmith.runtime.support.Values;
import dev.toolsmith.runtime.support.Writers;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads a tool's schema text into a Jackson tree and writes a tree back, with jackson-core and the
 * tree model only (no ObjectMapper), for the dialects that must reshape a schema.
 */
final class SchemaTree {

  private SchemaTree() {}

  /** {@code schema} as a tree; registration guarantees it is one JSON object. */
  static JsonNode parse(String schema) {
    try (JsonParser parser = dev.toolsmith.runtime.support.Json.FACTORY.createParser(schema)) {
      parser.nextToken();
      return Values.JSON.read(parser, new Problems());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code tree} as the generator's next value. */
  static void write(JsonGenerator generator, JsonNode tree) throws IOException {
    Writers.JSON.write(generator, tree);
  }
}
