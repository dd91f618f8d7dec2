package dev.toolsmith.example;

import dev.toolsmith.example.Conversation.ToolCall;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.result.ToolCallResult;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jspecify.annotations.Nullable;

/**
 * Dispatches the tool calls of one model reply, side by side when there are several, and prints a
 * line for each as it finishes: tool, arguments, outcome and duration.
 */
final class ToolCallRunner implements AutoCloseable {

  /** Arguments longer than this are cut in the printed line (the tool gets them whole). */
  private static final int SHOWN_ARGUMENTS = 120;

  private final ToolRegistry registry;
  private final Set<String> offered;
  private final Workspace workspace;
  private final PrintWriter out;
  private final @Nullable DeferredDefinitions deferred;
  private final ToolSession session;
  private final ExecutorService executor =
      Executors.newCachedThreadPool(
          task -> {
            Thread thread = new Thread(task, "toolsmith-chat-tool");
            thread.setDaemon(true);
            return thread;
          });

  ToolCallRunner(
      ToolRegistry registry, List<String> offered, Workspace workspace, PrintWriter out) {
    this(registry, offered, workspace, out, null, new ToolSession());
  }

  /** A runner that also answers the search calls of a deferred listing, recording in session. */
  ToolCallRunner(
      ToolRegistry registry,
      List<String> offered,
      Workspace workspace,
      PrintWriter out,
      @Nullable DeferredDefinitions deferred,
      ToolSession session) {
    this.registry = registry;
    this.offered = Set.copyOf(offered);
    this.workspace = workspace;
    this.out = out;
    this.deferred = deferred;
    this.session = session;
  }

  /** The result of each call, in the calls' order. */
  List<String> run(List<ToolCall> calls) {
    if (calls.size() == 1) {
      return List.of(run(calls.get(0)));
    }
    List<CompletableFuture<String>> results =
        calls.stream()
            .map(call -> CompletableFuture.supplyAsync(() -> run(call), executor))
            .toList();
    return results.stream().map(CompletableFuture::join).toList();
  }

  private String run(ToolCall call) {
    long start = System.nanoTime();
    // The model may name a tool it was not offered (one of another toolset): it is unknown here.
    // An offered tool it has not found yet runs like any other: deferral only hides definitions.
    DeferredDefinitions search = deferred;
    ToolCallResult called =
        search != null && search.isSearchCall(call.name())
            ? new ToolCallResult(
                ToolCallResult.Outcome.RESULT,
                search.answer(DefinitionFormat.OPENAI, call.id(), call.arguments(), session),
                System.nanoTime() - start,
                null)
            : offered.contains(call.name())
                ? registry.call(
                    call.name(),
                    call.arguments(),
                    Toolsmith.context(call.id(), workspace).withSession(session))
                : ToolCallResult.unknownTool(call.name());
    double millis = (System.nanoTime() - start) / 1e6;
    String result = called.text();
    String error = called.isError() ? Json.errorMessage(result) : null;
    String line =
        String.format(
            Locale.ROOT,
            "  %s %s %s -> %s (%.1f ms)",
            registry.emoji(call.name()),
            call.name(),
            shorten(call.arguments()),
            error == null ? "ok" : "error: " + error,
            millis);
    synchronized (out) {
      out.println(line);
      out.flush();
    }
    return result;
  }

  private static String shorten(String arguments) {
    String flat = arguments.replaceAll("\\s*\\n\\s*", " ");
    return flat.length() <= SHOWN_ARGUMENTS ? flat : flat.substring(0, SHOWN_ARGUMENTS) + "...";
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
