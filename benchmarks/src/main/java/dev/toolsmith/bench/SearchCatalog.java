package dev.toolsmith.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a tool catalog in the JSON Lines format of {@code toolsearch/catalog/tools.jsonl}. */
public final class SearchCatalog {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SearchCatalog() {}

  /** One search document per line: {@code id} as the name, description, toolset, parameters. */
  public static List<SearchDocument> read(Path file) {
    List<SearchDocument> documents = new ArrayList<>();
    for (JsonNode tool : lines(file)) {
      JsonNode schema = tool.path("inputSchema");
      documents.add(
          new SearchDocument(
              tool.path("id").asText(),
              tool.path("description").asText(""),
              tool.path("toolset").asText(""),
              tool.path("toolsetDescription").asText(""),
              schema.isObject() ? SearchParameter.fromSchema(schema.toString()) : List.of(),
              List.of()));
    }
    return documents;
  }

  /**
   * {@code path} as given when absolute, else the first that exists of it resolved against the
   * working directory and each of its parents: {@code shared/toolsearch/...} is found from the repo
   * root, from {@code benchmarks/} and from a worktree beside it.
   */
  public static Path locate(String path) {
    Path given = Path.of(path);
    for (Path dir = Path.of("").toAbsolutePath(); dir != null && !given.isAbsolute(); ) {
      Path candidate = dir.resolve(given);
      if (Files.exists(candidate)) {
        return candidate.normalize();
      }
      dir = dir.getParent();
    }
    return given;
  }

  /** Each non-blank line of {@code file} as JSON. */
  static List<JsonNode> lines(Path file) {
    try {
      List<JsonNode> nodes = new ArrayList<>();
      for (String line : Files.readAllLines(file)) {
        if (!line.isBlank()) {
          nodes.add(JSON.readTree(line));
        }
      }
      return nodes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
