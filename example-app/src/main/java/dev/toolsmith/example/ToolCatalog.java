package dev.toolsmith.example;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tools read from a JSON Lines file of MCP-style definitions (the format of {@code
 * toolsearch/catalog/tools.jsonl}): one object per line with {@code id} (the tool's name), {@code
 * toolset}, {@code toolsetDescription}, {@code description} and {@code inputSchema}.
 */
final class ToolCatalog {

  /** A larger file is refused before it is read: a catalog of 676 tools is about 1 MB. */
  static final int MAX_BYTES = 64 * 1024 * 1024;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /** A catalog that cannot be read; the message is one line naming the file and line. */
  static final class CatalogException extends Exception {
    private static final long serialVersionUID = 1L;

    CatalogException(String message) {
      super(message);
    }
  }

  private ToolCatalog() {}

  /** One search document per non-blank line, in file order. */
  static List<SearchDocument> read(Path file) throws CatalogException {
    if (!Files.exists(file)) {
      throw new CatalogException(file + ": no such file");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1); // bounded for a pipe or device as for a file
    } catch (IOException e) {
      throw new CatalogException(file + ": cannot read: " + e.getMessage());
    }
    if (bytes.length > MAX_BYTES) {
      throw new CatalogException(file + ": over the limit of " + MAX_BYTES + " bytes");
    }
    List<SearchDocument> documents = new ArrayList<>();
    Map<String, Integer> lineOfId = new HashMap<>();
    int number = 0;
    for (int start = 0; start < bytes.length; ) {
      int end = start;
      while (end < bytes.length && bytes[end] != '\n') {
        end++;
      }
      number++;
      String line = utf8(bytes, start, end, file, number);
      start = end + 1;
      if (line.isBlank()) {
        continue;
      }
      SearchDocument document = document(line, file, number);
      Integer first = lineOfId.putIfAbsent(document.name(), number);
      if (first != null) {
        throw new CatalogException(
            where(file, number)
                + "duplicate id "
                + document.name()
                + " (first on line "
                + first
                + ")");
      }
      documents.add(document);
    }
    return documents;
  }

  /** One line's bytes as text; decoded line by line so that bad bytes are blamed on their line. */
  private static String utf8(byte[] bytes, int start, int end, Path file, int number)
      throws CatalogException {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .decode(ByteBuffer.wrap(bytes, start, end - start))
          .toString();
    } catch (CharacterCodingException e) {
      throw new CatalogException(where(file, number) + "not UTF-8 text");
    }
  }

  private static SearchDocument document(String line, Path file, int number)
      throws CatalogException {
    JsonNode tool;
    try {
      tool = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw new CatalogException(where(file, number) + "not JSON: " + e.getOriginalMessage());
    }
    if (tool == null || !tool.isObject()) {
      throw new CatalogException(where(file, number) + "not a JSON object");
    }
    JsonNode id = tool.path("id");
    if (!id.isTextual() || id.asText().isBlank()) {
      throw new CatalogException(where(file, number) + "\"id\" must be a non-empty string");
    }
    JsonNode schema = tool.path("inputSchema");
    if (!schema.isMissingNode() && !schema.isNull() && !schema.isObject()) {
      throw new CatalogException(where(file, number) + "\"inputSchema\" must be an object");
    }
    return new SearchDocument(
        id.asText(),
        text(tool, "description", file, number),
        text(tool, "toolset", file, number),
        text(tool, "toolsetDescription", file, number),
        schema.isObject() ? SearchParameter.fromSchema(schema.toString()) : List.of(),
        List.of());
  }

  /** An optional string field: "" when absent or null. */
  private static String text(JsonNode tool, String field, Path file, int number)
      throws CatalogException {
    JsonNode value = tool.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return "";
    }
    if (!value.isTextual()) {
      throw new CatalogException(where(file, number) + "\"" + field + "\" must be a string");
    }
    return value.asText();
  }

  private static String where(Path file, int number) {
    return file + " line " + number + ": ";
  }
}
