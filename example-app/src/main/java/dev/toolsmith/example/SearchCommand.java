package dev.toolsmith.example;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.search.ToolRankerFactory;
import dev.toolsmith.runtime.search.ToolRankers;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.commons.cli.Options;
import org.jspecify.annotations.Nullable;

/**
 * {@code search}: the tools that best match a query, with scores; without a query, one JSON array
 * of tool names per line of standard input, for scripts.
 */
final class SearchCommand implements Command {

  /** A longer query line is cut here: no query needs more, and memory stays bounded. */
  static final int MAX_QUERY_CHARS = 4096;

  private static final JsonFactory JSON = new JsonFactory();

  private static final Usage USAGE =
      new Usage(
          "search",
          "[QUERY]",
          1,
          "Ranks tools for a query, best first, with scores (this jar's available tools, or"
              + " --catalog's).\nWithout QUERY, reads one query per line from standard input and"
              + " prints one JSON array of tool names per line.",
          "");

  private @Nullable Path catalog;
  private @Nullable String ranker;

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    return new Options()
        .addOption(
            CommandOptions.value(
                "catalog",
                "FILE.jsonl",
                "Search these tools instead: JSON Lines of MCP-style definitions (id as the name,"
                    + " toolset, toolsetDescription, description, inputSchema)."))
        .addOption(
            CommandOptions.value("limit", "K", "At most this many tools per query (default: 10)."))
        .addOption(
            CommandOptions.value(
                "ranker",
                "NAME",
                "lexical, semantic or hybrid (default: the best on the class path: hybrid when"
                    + " the embeddings module is there, else lexical)."));
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) throws IOException {
    catalog = arguments.path("catalog");
    ranker = arguments.value("ranker");
    int limit = arguments.integer("limit", 10);
    String query = arguments.parameter(0);
    if (limit < 1) {
      throw new UsageException("--limit must be at least 1: " + limit);
    }
    ToolRankerFactory factory = factory();
    List<SearchDocument> documents;
    try {
      documents = documents(app);
    } catch (ToolCatalog.CatalogException e) {
      // One line that names the file and line: the usage text would not help mend the file.
      PrintWriter err = app.err();
      err.println("search: --catalog: " + e.getMessage());
      err.flush();
      return 2;
    }
    ToolRanker tools = factory.build(documents);
    PrintWriter out = app.out();
    if (query != null) {
      return printRanking(tools.search(query, limit, name -> true), out);
    }
    Reader in = new InputStreamReader(System.in, StandardCharsets.UTF_8);
    for (String line = QueryLines.next(in); line != null; line = QueryLines.next(in)) {
      List<SearchHit> hits =
          line.isBlank() ? List.of() : tools.search(line.strip(), limit, name -> true);
      out.println(names(hits));
      out.flush(); // a script waits for each answer before it sends the next query
    }
    return 0;
  }

  private ToolRankerFactory factory() {
    if (ranker == null) {
      return ToolRankers.preferred();
    }
    return ToolRankers.named(ranker)
        .orElseThrow(
            () ->
                new UsageException(
                    "--ranker: no ranker called "
                        + ranker
                        + " on the class path; available: "
                        + ToolRankers.available().stream()
                            .map(ToolRankerFactory::name)
                            .collect(Collectors.joining(", "))));
  }

  /** One line per hit: rank, name, score; exit code 1 when nothing matches. */
  private static int printRanking(List<SearchHit> hits, PrintWriter out) {
    if (hits.isEmpty()) {
      out.println("No tool matches.");
      out.flush();
      return 1;
    }
    int width = hits.stream().mapToInt(hit -> hit.name().length()).max().orElse(0);
    for (int i = 0; i < hits.size(); i++) {
      SearchHit hit = hits.get(i);
      out.printf(Locale.ROOT, "%2d  %-" + width + "s  %.4f%n", i + 1, hit.name(), hit.score());
    }
    out.flush();
    return 0;
  }

  /** The names of {@code hits} as one JSON array. */
  static String names(List<SearchHit> hits) {
    StringWriter text = new StringWriter();
    try (JsonGenerator generator = JSON.createGenerator(text)) {
      generator.writeStartArray();
      for (SearchHit hit : hits) {
        generator.writeString(hit.name());
      }
      generator.writeEndArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return text.toString();
  }

  /** {@code --catalog}'s tools, else this jar's (and {@code --config}'s) available ones. */
  private List<SearchDocument> documents(Toolsmith app) throws ToolCatalog.CatalogException {
    if (catalog != null) {
      return ToolCatalog.read(catalog);
    }
    return documents(app.discover(app.workspace()).registry());
  }

  /**
   * The registry's available tools as a ranker sees them (what {@code registry.search} indexes and
   * offers).
   */
  private static List<SearchDocument> documents(ToolRegistry registry) {
    List<SearchDocument> documents = new ArrayList<>();
    for (String name : registry.availability().availableTools()) {
      ToolEntry entry = registry.entry(name).orElse(null);
      if (entry == null) {
        continue; // removed since the names were read
      }
      String toolsetDescription =
          registry
              .toolsetDefinition(entry.toolset())
              .map(ToolsetDefinition::description)
              .orElse("");
      documents.add(entry.searchDocument(toolsetDescription));
    }
    return documents;
  }
}
