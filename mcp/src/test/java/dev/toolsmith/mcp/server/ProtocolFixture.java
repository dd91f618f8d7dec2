package dev.toolsmith.mcp.server;

import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolEntryBuilder;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A registry for the protocol's finer parts, served on stdio by {@link #main} and over HTTP by
 * toolsmith-mcp-http's tests: {@code count} reports progress, {@code block} and {@code block_async}
 * wait to be cancelled, {@code report} tells what the cancelled calls saw, and as many filler tools
 * as asked make a list that needs pages.
 */
public final class ProtocolFixture {

  /** How long {@code block} waits when nobody cancels it. */
  static final long BLOCK_MILLIS = 2_000;

  private static final String NO_ARGUMENTS = "{\"type\":\"object\",\"properties\":{}}";

  private final AtomicInteger interrupted = new AtomicInteger();
  private final AtomicInteger sawCancelled = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicInteger futuresCancelled = new AtomicInteger();

  /** The registry: the four tools above plus {@code fillers} tools named {@code filler_NNNNN}. */
  public static ToolRegistry registry(int fillers) {
    return new ProtocolFixture().build(fillers);
  }

  private ToolRegistry build(int fillers) {
    ToolRegistry registry = ToolRegistry.create();
    registry.register(
        tool("count", "Counts to three, reporting progress.")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      for (int i = 1; i <= 3; i++) {
                        context.progress(i, 3, "step " + i);
                        // The TypeScript client handles notifications a tick after responses, so
                        // progress sent right before the answer is dropped there: work goes on.
                        Thread.sleep(50);
                      }
                      return "{\"counted\":3}";
                    })
            .build());
    registry.register(
        tool("block", "Waits until cancelled, at most two seconds.")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) -> {
                      try {
                        Thread.sleep(BLOCK_MILLIS);
                      } catch (InterruptedException e) {
                        interrupted.incrementAndGet();
                        if (context.isCancelled()) {
                          sawCancelled.incrementAndGet();
                        }
                        return "{\"interrupted\":true}";
                      }
                      finished.incrementAndGet();
                      return "{\"finished\":true}";
                    })
            .build());
    registry.register(
        tool("block_async", "Answers a future that only a cancel completes.")
            .handler(
                (ToolHandler.Async)
                    (arguments, context) -> {
                      CompletableFuture<String> never = new CompletableFuture<>();
                      never.whenComplete(
                          (value, failure) -> {
                            if (never.isCancelled()) {
                              futuresCancelled.incrementAndGet();
                            }
                          });
                      // Without a cancel it ends, so an unanswered call cannot hang the test.
                      return never.completeOnTimeout(
                          "{\"finished\":true}", BLOCK_MILLIS, TimeUnit.MILLISECONDS);
                    })
            .build());
    registry.register(
        tool("report", "What the blocked calls saw.")
            .handler(
                (ToolHandler.Sync)
                    (arguments, context) ->
                        McpJson.write( // sorted keys: tests compare the text
                            new TreeMap<>(
                                Map.of(
                                    "interrupted",
                                    interrupted.get(),
                                    "sawCancelled",
                                    sawCancelled.get(),
                                    "finished",
                                    finished.get(),
                                    "futuresCancelled",
                                    futuresCancelled.get()))))
            .build());
    List<ToolEntry> more = new ArrayList<>();
    for (int i = 0; i < fillers; i++) {
      more.add(
          tool(String.format(Locale.ROOT, "filler_%05d", i), "Filler tool number " + i + ".")
              .handler((ToolHandler.Sync) (arguments, context) -> "{}")
              .build());
    }
    registry.registerAll(more);
    return registry;
  }

  private static ToolEntryBuilder tool(String name, String description) {
    return ToolEntry.builder(name, "protocol").description(description).schema(NO_ARGUMENTS);
  }

  /** Serves {@link #registry} on stdio; args: the number of fillers, then the page size. */
  public static void main(String[] args) throws InterruptedException {
    McpRegistryServer.Builder builder =
        McpRegistryServer.builder(registry(args.length > 0 ? Integer.parseInt(args[0]) : 0));
    if (args.length > 1) {
      builder.pageSize(Integer.parseInt(args[1]));
    }
    try (McpRegistryServer server = builder.serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
