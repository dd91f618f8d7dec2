package dev.toolsmith.runtime.discovery;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.Fixtures;
import dev.toolsmith.runtime.LogCapture;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.spi.ToolSink;
import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Phase 2: sources such as the MCP module, given their section, isolated from each other. */
class SourcePhaseTest {

  private final LogCapture log = LogCapture.of(ServiceProviders.class);
  private final LogCapture registryLog = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
    registryLog.close();
  }

  /** A stand-in for the MCP module: one origin per server key, "down" servers fail. */
  static final class FakeServers implements ToolSource {
    @Override
    public String section() {
      return "mcp_servers";
    }

    @Override
    public void load(ToolSourceContext context) {
      for (String server : context.config().fields().keySet()) {
        if (server.startsWith("down")) {
          context.failed(server, "connection refused");
        } else {
          String tool =
              context.config().get(server).orElseThrow().get("tool").orElseThrow().asString();
          context.register(
              server,
              List.of(
                  Fixtures.tool(tool, "mcp-" + server)
                      .handler((ToolHandler.Sync) (args, ctx) -> "from " + server)
                      .build()));
        }
      }
    }
  }

  /** A source that throws. */
  static final class Exploding implements ToolSource {
    @Override
    public String section() {
      return "mcp_servers";
    }

    @Override
    public void load(ToolSourceContext context) {
      throw new IllegalStateException("kaboom");
    }
  }

  private DiscoveryReport discover(ToolRegistry registry, String yaml, ToolSource... sources) {
    ToolsmithConfig config = ToolsmithConfig.parse(yaml, "toolsmith.yaml", Path.of("."));
    ClassLoader loader = new HidingIndexes(getClass().getClassLoader());
    return Discovery.builder()
        .config(config)
        .classLoader(loader)
        .sources(List.of(sources))
        .build()
        .into(registry);
  }

  /** Keeps the sink it was given, as the MCP module does for servers whose tools change. */
  static final class Keeping implements ToolSource {
    volatile ToolSink sink;

    @Override
    public String section() {
      return "mcp_servers";
    }

    @Override
    public void load(ToolSourceContext context) {
      sink = context.sink();
      sink.register("docs", List.of(entry("search_docs", "mcp-docs")));
    }
  }

  @Test
  void aSourceKeepsAHandleOnItsOwnOriginsOnly() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("forecast", "weather"));
    Keeping source = new Keeping();
    DiscoveryReport report = discover(registry, "mcp_servers:\n  docs: {}\n", source);
    ToolSink sink = source.sink;

    // later registrations are updates: refused collisions come back, the report is not rewritten
    List<Collision> refused = sink.register("docs", List.of(entry("forecast", "mcp-docs")));
    assertEquals(1, refused.size());
    assertEquals(false, refused.get(0).replaced());
    assertEquals(1, report.sources().size());
    assertEquals(List.of("search_docs"), report.sources().get(0).tools());

    assertTrue(sink.holds("docs", "search_docs"));
    assertEquals(false, sink.holds("docs", "forecast"), "the application's, not the source's");
    assertEquals(false, sink.remove("docs", "forecast"));
    assertEquals(List.of("forecast", "search_docs"), registry.toolNames());
    assertTrue(sink.remove("docs", "search_docs"));
    assertEquals(List.of("forecast"), registry.toolNames());

    long generation = registry.generation();
    sink.availabilityChanged();
    assertEquals(generation + 1, registry.generation(), "cached checks are dropped");
  }

  @Test
  void sourcesAreFoundByServiceLoaderAndOneThatCannotBeCreatedIsReported() {
    ToolsmithConfig config =
        ToolsmithConfig.parse("mcp_servers:\n  alpha: {}\n", "toolsmith.yaml", Path.of("."));
    ClassLoader loader = new HidingIndexes(getClass().getClassLoader());
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report =
        Discovery.builder().config(config).classLoader(loader).build().into(registry);

    assertEquals(List.of("ping_alpha"), registry.toolNames());
    assertEquals("pong from alpha", registry.dispatch("ping_alpha", "{}"));
    assertEquals(1, report.failures().size());
    assertTrue(
        report.failures().get(0).detail().contains("CrashingSource constructor failed"),
        report.failures().get(0).detail());
  }

  @Test
  void aSourceRegistersEachOriginAndReportsTheOnesThatFail() {
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report =
        discover(
            registry,
            String.join(
                "\n",
                "mcp_servers:",
                "  docs: {tool: search_docs}",
                "  down_one: {}",
                "  weather: {tool: forecast}"),
            new FakeServers());

    assertEquals(List.of("forecast", "search_docs"), registry.toolNames());
    assertEquals("from weather", registry.dispatch("forecast", "{}"));
    assertEquals(
        Optional.of(ToolOrigin.source("mcp_servers.docs")), registry.originOf("search_docs"));
    assertEquals(
        List.of(
            "source mcp_servers.docs: loaded 1 tool(s)",
            "source mcp_servers.down_one: FAILED: connection refused",
            "source mcp_servers.weather: loaded 1 tool(s)"),
        report.sources().stream().map(SourceReport::describe).collect(Collectors.toList()));
  }

  @Test
  void aSourceThatThrowsIsReportedAndTheNextOneStillLoads() {
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report =
        discover(
            registry,
            "mcp_servers:\n  docs: {tool: search_docs}\n",
            new Exploding(),
            new FakeServers());

    assertEquals(List.of("search_docs"), registry.toolNames());
    assertEquals(1, report.failures().size());
    assertEquals(
        new SourceReport(
            ToolOrigin.source("mcp_servers"),
            SourceReport.Status.FAILED,
            List.of(),
            "IllegalStateException: kaboom"),
        report.failures().get(0));
    assertTrue(log.warnings().get(0).contains("kaboom"), log.warnings().toString());
  }

  @Test
  void aServerOverridesAnEarlierToolOnlyWithAllowOverride() {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(entry("search_docs", "docs"));
    DiscoveryReport refused =
        discover(registry, "mcp_servers:\n  docs: {tool: search_docs}\n", new FakeServers());
    assertEquals("search_docs@docs", registry.dispatch("search_docs", "{}"));
    assertEquals(
        List.of(
            new Collision(
                "search_docs",
                ToolOrigin.APPLICATION,
                "docs",
                ToolOrigin.source("mcp_servers.docs"),
                "mcp-docs",
                false)),
        refused.collisions());
    assertEquals(List.of(), refused.sources().get(0).tools());

    DiscoveryReport allowed =
        discover(
            registry,
            "mcp_servers:\n  docs: {tool: search_docs, allow_override: true}\n",
            new FakeServers());
    assertEquals("from docs", registry.dispatch("search_docs", "{}"));
    assertTrue(allowed.collisions().get(0).replaced());
  }

  @Test
  void aBadAllowOverrideIsAConfigErrorOfThatSourceNamingTheLine() {
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report =
        discover(
            registry,
            "mcp_servers:\n  docs:\n    tool: search_docs\n    allow_override: sometimes\n",
            new FakeServers());
    assertEquals(List.of(), registry.toolNames());
    assertEquals(
        "toolsmith.yaml, line 4: mcp_servers.docs.allow_override must be true or false; "
            + "found the string 'sometimes'",
        report.failures().get(0).detail());
  }

  @Test
  void theSourcesOwnToolsReplaceEachOtherAsInTheirOrigin() {
    ToolRegistry registry = ToolRegistry.create();
    ToolSource twice =
        new ToolSource() {
          @Override
          public String section() {
            return "mcp_servers";
          }

          @Override
          public void load(ToolSourceContext context) {
            context.register("docs", List.of(Fixtures.entry("search_docs", "mcp-docs")));
            // a refresh (tools/list_changed): same origin, same toolset, replaced silently
            context.register(
                "docs",
                List.of(
                    Fixtures.tool("search_docs", "mcp-docs")
                        .handler((ToolHandler.Sync) (args, ctx) -> "refreshed")
                        .build()));
          }
        };
    DiscoveryReport report = discover(registry, "", twice);
    assertEquals("refreshed", registry.dispatch("search_docs", "{}"));
    assertEquals(List.of(), report.collisions());
    assertEquals(List.of(), registryLog.warnings());
  }

  @Test
  void aSourceKeepsItsContextToChangeItsToolsAfterDiscovery() {
    ToolSourceContext[] kept = new ToolSourceContext[1];
    ToolSource changing =
        new ToolSource() {
          @Override
          public String section() {
            return "mcp_servers";
          }

          @Override
          public void load(ToolSourceContext context) {
            kept[0] = context;
            context.register(
                "docs", List.of(entry("search_docs", "mcp-docs"), entry("fetch_doc", "mcp-docs")));
          }
        };
    ToolRegistry registry = ToolRegistry.create();
    DiscoveryReport report = discover(registry, "", changing);

    // tools/list_changed: fetch_doc went away, summarize_doc came
    ToolSourceContext context = kept[0];
    ToolOrigin docs = context.originOf("docs");
    context.register(
        "docs", List.of(entry("search_docs", "mcp-docs"), entry("summarize_doc", "mcp-docs")));
    for (String name : registry.toolNamesFrom(docs)) {
      if (!List.of("search_docs", "summarize_doc").contains(name)) {
        registry.deregister(name);
      }
    }

    assertEquals(List.of("search_docs", "summarize_doc"), registry.toolNames());
    assertEquals(1, report.sources().size(), "the report was taken when discovery ended");
  }
}
