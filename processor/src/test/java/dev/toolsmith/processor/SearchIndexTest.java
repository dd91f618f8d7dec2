package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ListingCost;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.DeferredListing;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.SearchParameter;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.support.PrecomputedTerms;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.search.SearchTerms;
import dev.toolsmith.schema.search.ToolTerms;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the processor writes for tool search and for a listing's cost: {@code @Tool(keywords)} into
 * the entry, each tool's analysed search terms, {@code @Tool(deferred = false)} as an always-loaded
 * mark, and each definition's o200k_base token count, made at compile time.
 */
final class SearchIndexTest {

  private static final Encoding O200K =
      Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  private static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.index.Files",
          """
          package demo.index;

          import dev.toolsmith.annotations.Tool;
          import java.util.List;
          import java.util.Map;
          import java.util.function.Supplier;

          public final class Files {
            /** Computes a file's checksum. */
            @Tool(keywords = {"sha256", "digest", "sha256", "integrity"})
            public static String fileChecksum(String path) { return path; }

            /**
             * Lists a directory.
             *
             * @param path the directory, relative to the workspace
             */
            @Tool(title = "List a directory", strict = true, deferred = false)
            public static List<String> listDirectory(String path) { return List.of(path); }

            /** Tells the time in a zone the application chooses. */
            @Tool(schemaOverrides = Zones.class)
            public static String now(String zone) { return zone; }

            public static final class Zones implements Supplier<Map<String, Object>> {
              @Override
              public Map<String, Object> get() { return Map.of(); }
            }
          }
          """);

  @Test
  void keywordsReachTheEntryInOrderOnceAndSearchMatchesThem() throws Exception {
    try (URLClassLoader loader = loaded()) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.get("file_checksum").keywords())
          .containsExactly("sha256", "digest", "integrity")
          .inOrder();
      assertThat(tools.get("list_directory").keywords()).isEmpty();

      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      // "digest" is in no name, description or parameter: only the keyword can match it.
      List<SearchHit> hits = registry.search("digest", 3);
      assertThat(hits).isNotEmpty();
      assertThat(hits.get(0).name()).isEqualTo("file_checksum");
    }
  }

  @Test
  void aToolNotDeferredIsListedInFullWhenTheOthersWait() throws Exception {
    try (URLClassLoader loader = loaded()) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.get("list_directory").alwaysLoaded()).isTrue();
      assertThat(tools.get("file_checksum").alwaysLoaded()).isFalse();

      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      DeferredListing listing =
          DeferredDefinitions.builder(registry)
              .policy(DeferralPolicy.always())
              .build()
              .listing(DefinitionFormat.OPENAI, new ToolSession());
      assertThat(listing.loaded()).containsExactly("list_directory");
      assertThat(listing.deferredTools()).containsExactly("file_checksum", "now");
    }
  }

  @Test
  void theRuntimeCountsTheTokensOfTheTextAListingWritesForCompiledTools() throws Exception {
    try (URLClassLoader loader = loaded()) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      for (String name : List.of("file_checksum", "list_directory")) {
        for (DefinitionFormat format : DefinitionFormat.values()) {
          String listing = registry.definitions(List.of(name), format);
          int expected = O200K.countTokens(listing.substring(1, listing.length() - 1));
          assertWithMessage(name + " in " + format)
              .that(tools.get(name).definitionTokens(format))
              .isEqualTo(OptionalInt.of(expected));
        }
      }
      // A tool not marked strict is written strict only in the strict format: its own count.
      assertThat(tools.get("file_checksum").definitionTokens(DefinitionFormat.OPENAI_STRICT))
          .isNotEqualTo(tools.get("file_checksum").definitionTokens(DefinitionFormat.OPENAI));
    }
  }

  @Test
  void aListingsCostSumsTheTokensOfWhatItLists() throws Exception {
    try (URLClassLoader loader = loaded()) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      registry.register(
          ToolEntry.builder("hand_built", "default")
              .schema("{\"type\":\"object\"}")
              .description("Registered by hand.")
              .handler((ToolHandler.Sync) (arguments, context) -> "")
              .build());
      List<String> names = List.of("file_checksum", "list_directory", "now", "hand_built", "nope");
      ListingCost cost = registry.listingCost(names, DefinitionFormat.ANTHROPIC);

      assertThat(cost.tools()).isEqualTo(4);
      assertThat(cost.exact()).isTrue();
      assertThat(cost.chars())
          .isEqualTo(registry.definitions(names, DefinitionFormat.ANTHROPIC).length());
      long expected = 0;
      for (String name : names) {
        String one = registry.definitions(List.of(name), DefinitionFormat.ANTHROPIC);
        expected += one.equals("[]") ? 0 : O200K.countTokens(one.substring(1, one.length() - 1));
      }
      assertThat(cost.tokens()).isEqualTo(expected);
    }
  }

  @Test
  void aCopyIsCountedOnItsOwnDefinition() throws Exception {
    try (URLClassLoader loader = loaded()) {
      ToolEntry checksum = Compiled.tools(loader, Bindings.none()).get("file_checksum");
      OptionalInt tokens = checksum.definitionTokens(DefinitionFormat.OPENAI);
      assertThat(tokens).isPresent();

      assertThat(checksum.toBuilder().emoji("🔐").build().definitionTokens(DefinitionFormat.OPENAI))
          .isEqualTo(tokens);
      ToolEntry shorter = checksum.toBuilder().description("Hashes.").build();
      assertThat(shorter.definitionTokens(DefinitionFormat.OPENAI))
          .isEqualTo(
              OptionalInt.of(
                  O200K.countTokens(DefinitionFormat.OPENAI.definition(shorter.definition()))));
      assertThat(shorter.definitionTokens(DefinitionFormat.OPENAI).getAsInt())
          .isLessThan(tokens.getAsInt());
    }
  }

  @Test
  void theTermsWrittenForEachToolAreWhatTheRuntimeMakesOfTheEntrysFields() throws Exception {
    try (URLClassLoader loader = loaded()) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.keySet()).containsExactly("file_checksum", "list_directory", "now");
      for (ToolEntry entry : tools.values()) {
        SearchDocument document = entry.searchDocument("");
        PrecomputedTerms written = document.precomputed();
        assertWithMessage(entry.name()).that(written).isNotNull();
        assertThat(written.analysis()).isEqualTo(SearchTerms.VERSION);
        ToolTerms analysed =
            ToolTerms.analyse(
                entry.name(),
                entry.definition().description(),
                document.parameters().stream().map(SearchParameter::name).toList(),
                document.parameters().stream().map(SearchParameter::description).toList(),
                entry.toolset(),
                entry.keywords());
        assertWithMessage(entry.name()).that(written.terms()).hasValue(analysed);
      }
      // The same, spelled out: split name, stems without stop words, counts, keywords split.
      assertThat(tools.get("list_directory").searchDocument("").precomputed())
          .isEqualTo(
              new PrecomputedTerms(
                  SearchTerms.VERSION,
                  "list directory|list directory|path|directory relativ workspac|default||"));
      assertThat(tools.get("file_checksum").searchDocument("").precomputed())
          .isEqualTo(
              new PrecomputedTerms(
                  SearchTerms.VERSION,
                  "file checksum|comput file checksum|path||default|sha 256 digest integrity|"));
    }
  }

  @Test
  void theTermsLoadWithTheFirstSearchNotWithTheEntriesOrAListing() throws Exception {
    Path out =
        Compiled.writeClassOutput(Compiled.compile(SOURCE), Files.createTempDirectory("index"));
    try (WatchingLoader loader = new WatchingLoader(out)) {
      ToolRegistry registry = ToolRegistry.create();
      Compiled.tools(loader, Bindings.none()).values().forEach(registry::register);
      registry.definitions(registry.toolNames(), DefinitionFormat.OPENAI);
      assertThat(loader.loaded("demo.index.Files_Tools$Terms")).isFalse();

      assertThat(registry.search("checksum", 1).get(0).name()).isEqualTo("file_checksum");
      assertThat(loader.loaded("demo.index.Files_Tools$Terms")).isTrue();
    }
  }

  @Test
  void searchRanksCompiledToolsAsItRanksTheSameToolsWithoutTheirTerms() throws Exception {
    try (URLClassLoader loader = loaded()) {
      ToolRegistry registry = ToolRegistry.create();
      List<SearchDocument> bare = new ArrayList<>();
      for (ToolEntry entry : Compiled.tools(loader, Bindings.none()).values()) {
        registry.register(entry);
        SearchDocument d = entry.searchDocument("");
        bare.add(
            new SearchDocument(
                d.name(), d.description(), d.toolset(), "", d.parameters(), d.keywords()));
      }
      ToolRanker analysed = new LexicalRankerFactory().build(bare);
      for (String query :
          List.of("checksum of a file", "list the folder", "what time is it", "sha256", "dir")) {
        assertWithMessage(query)
            .that(registry.search(query, 5))
            .isEqualTo(analysed.search(query, 5, name -> true));
      }
      assertThat(registry.search("sha256 digest", 1).get(0).name()).isEqualTo("file_checksum");
    }
  }

  @Test
  void aCopyKeepsItsTermsOnlyWhileTheFieldsTheyWereMadeFromStayTheSame() throws Exception {
    try (URLClassLoader loader = loaded()) {
      ToolEntry checksum = Compiled.tools(loader, Bindings.none()).get("file_checksum");
      assertThat(checksum.toBuilder().emoji("x").build().searchDocument("").precomputed())
          .isEqualTo(checksum.searchDocument("").precomputed());
      for (ToolEntry changed :
          List.of(
              checksum.toBuilder().description("Hashes a file.").build(),
              checksum.toBuilder().keywords(List.of("md5")).build(),
              checksum.toBuilder().schema("{\"type\":\"object\",\"properties\":{}}").build())) {
        assertThat(changed.searchDocument("").precomputed()).isNull();
      }
    }
  }

  @Test
  void aBlankKeywordIsAnErrorOnTheAttribute() {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.index.Blank",
            """
            package demo.index;

            import dev.toolsmith.annotations.Tool;

            public final class Blank {
              /** Does. */
              @Tool(
                  keywords = {"fine", " "})
              public static String run() { return ""; }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(Message.KEYWORD_BLANK.text(" "))
        .inFile(source)
        .onLineContaining("keywords = {\"fine\", \" \"}");
  }

  /** A class loader over compiled classes that says which of them it has loaded. */
  private static final class WatchingLoader extends URLClassLoader {
    WatchingLoader(Path classes) throws Exception {
      super(new URL[] {classes.toUri().toURL()}, Compiled.class.getClassLoader());
    }

    boolean loaded(String name) {
      return findLoadedClass(name) != null;
    }
  }

  private static URLClassLoader loaded() throws Exception {
    Path out =
        Compiled.writeClassOutput(Compiled.compile(SOURCE), Files.createTempDirectory("index"));
    return Compiled.loader(out);
  }
}
