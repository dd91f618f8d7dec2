package dev.toolsmith.example;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.SearchParameter;
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
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code search}: the tools that best match a query, with scores; without a query, one JSON array
 * of tool names per line of standard input, for scripts.
 */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    description = {
      "Ranks tools for a query, best first, with scores (this jar's available tools, or --catalog's).",
      "Without QUERY, reads one query per line from standard input and prints one JSON array of"
          + " tool names per line."
    })
final class SearchCommand implements Callable<Integer> {

  /** A longer query line is cut here: no query needs more, and memory stays bounded. */
  static final int MAX_QUERY_CHARS = 4096;

  private static final JsonFactory JSON = new JsonFactory();

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Option(
      names = "--catalog",
      paramLabel = "FILE.jsonl",
      description =
          "Search these tools instead: JSON Lines of MCP-style definitions (id as the name,"
              + " toolset, toolsetDescription, description, inputSchema).")
  @Nullable Path catalog;

  @Option(
      names = "--limit",
      paramLabel = "K",
      defaultValue = "10",
      description = "At most this many tools per query (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--ranker",
      paramLabel = "NAME",
      description =
          "lexical, semantic or hybrid (default: the best on the class path: hybrid in this app).")
  @Nullable String ranker;

  @Parameters(
      arity = "0..1",
      paramLabel = "QUERY",
      description = "What the tool should do; without it, each line of standard input is one.")
  @Nullable String query;

  @Override
  public Integer call() throws IOException {
    if (limit < 1) {
      throw new ParameterException(spec.commandLine(), "--limit must be at least 1: " + limit);
    }
    ToolRankerFactory factory = factory();
    List<SearchDocument> documents;
    try {
      documents = documents();
    } catch (ToolCatalog.CatalogException e) {
      // One line that names the file and line: the usage text would not help mend the file.
      PrintWriter err = spec.commandLine().getErr();
      err.println("search: --catalog: " + e.getMessage());
      err.flush();
      return 2;
    }
    ToolRanker tools = factory.build(documents);
    PrintWriter out = spec.commandLine().getOut();
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
                new ParameterException(
                    spec.commandLine(),
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
  private List<SearchDocument> documents() throws ToolCatalog.CatalogException {
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
      documents.add(
          new SearchDocument(
              name,
              entry.description(),
              entry.toolset(),
              toolsetDescription,
              SearchParameter.fromSchema(entry.schema()),
              List.of()));
    }
    return documents;
  }
}
