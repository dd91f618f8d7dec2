package dev.toolsmith.search.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.output.Response;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.search.LexicalRankerFactory;
import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchHit;
import dev.toolsmith.runtime.search.ToolRanker;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A registry's index after its tools change embeds only the texts it has no vector of, and ranks as
 * a fresh build does; the real model, counted.
 */
class RebuildTest {

  /** The real model, counting the texts it is asked to embed for tools (queries aside). */
  static final class CountingModel implements EmbeddingModel {
    final EmbeddingModel model;
    final AtomicInteger texts = new AtomicInteger();

    CountingModel(EmbeddingModel model) {
      this.model = model;
    }

    @Override
    public Response<List<Embedding>> embedAll(List<TextSegment> segments) {
      texts.addAndGet(segments.size());
      return model.embedAll(segments);
    }

    @Override
    public Response<Embedding> embed(String text) {
      return model.embed(text);
    }
  }

  private static ToolEntry tool(String name, String description) {
    return ToolEntry.builder(name, "fleet")
        .schema("{\"type\":\"object\",\"properties\":{}}")
        .description(description)
        .handler((ToolHandler.Sync) (arguments, context) -> "{}")
        .build();
  }

  private static List<String> names(List<SearchHit> hits) {
    return hits.stream().map(SearchHit::name).toList();
  }

  @Test
  void addingOneToolToAHundredEmbedsThatToolsTwoTextsOnly() {
    CountingModel counting = new CountingModel(TextEmbedder.MINILM_L6_V2.model());
    SemanticRankerFactory semantic =
        new SemanticRankerFactory(List.of(TextEmbedder.MINILM_L6_V2), embedder -> counting);
    ToolRegistry registry =
        ToolRegistry.builder()
            .ranker(new HybridRankerFactory(new LexicalRankerFactory(), semantic, 1))
            .build();
    for (int i = 0; i < 100; i++) {
      registry.register(tool("metric_" + i, "Reports fleet metric number " + i + "."));
    }
    assertThat(names(registry.search("metric 7", 1))).containsExactly("metric_7");
    assertThat(counting.texts).hasValue(200); // each tool's whole text and summary

    registry.register(tool("send_email", "Send an email to one or more recipients."));
    assertThat(names(registry.search("mail someone", 1))).containsExactly("send_email");
    assertThat(counting.texts).hasValue(202);

    registry.deregister("metric_3");
    assertThat(names(registry.search("metric 3", 100))).doesNotContain("metric_3");
    assertThat(counting.texts).hasValue(202);
  }

  @Test
  void aRebuildRanksAsAFreshBuildDoes() {
    SemanticRankerFactory factory = new SemanticRankerFactory();
    List<SearchDocument> tools = SemanticRankerTest.TOOLS;
    ToolRanker fewer = factory.build(tools.subList(1, tools.size()));
    ToolRanker rebuilt = factory.rebuild(fewer, tools);
    ToolRanker fresh = factory.build(tools);
    HybridRankerFactory hybrid = new HybridRankerFactory(new LexicalRankerFactory());
    ToolRanker hybridRebuilt = hybrid.rebuild(hybrid.build(tools.subList(2, tools.size())), tools);
    ToolRanker hybridFresh = hybrid.build(tools);
    for (String query :
        List.of("which folders am I allowed to touch", "commit my changes", "mail the team")) {
      assertThat(rebuilt.search(query, 10, n -> true))
          .isEqualTo(fresh.search(query, 10, n -> true));
      assertThat(hybridRebuilt.search(query, 10, n -> true))
          .isEqualTo(hybridFresh.search(query, 10, n -> true));
    }
  }
}
