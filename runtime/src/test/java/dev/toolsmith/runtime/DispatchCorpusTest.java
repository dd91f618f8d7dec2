package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code dispatch} answers, byte for byte, over every kind of call: the answers recorded from
 * the registry before its call pipeline answered with values ({@code corpus/dispatch.json}), so a
 * change of the pipeline cannot change a byte the model reads. {@code -Dcorpus.record=true} records
 * the file again from the code under test.
 */
class DispatchCorpusTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RESOURCE = "corpus/dispatch.json";

  @TempDir Path temp;

  /** A tool name, its arguments, and a context cancelled before the call when asked. */
  private record Call(String name, String arguments, boolean cancelled) {}

  private ToolRegistry registry() {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(
                ResultBudget.builder()
                    .defaultMaxResultChars(200)
                    .previewChars(40)
                    .maxErrorChars(60)
                    .spillDirectory(temp.resolve("spill"))
                    .build())
            .build();
    registry.register(Fixtures.entry("echo", "text"));
    registry.register(
        Fixtures.tool("args", "text")
            .handler((ToolHandler.Sync) (args, context) -> "{\"args\":" + args + "}")
            .build());
    registry.register(
        Fixtures.tool("hé", "text").handler((ToolHandler.Sync) (args, context) -> "«ok»").build());
    registry.register(Fixtures.entry("off", "gated", () -> false));
    registry.register(
        Fixtures.tool("needs_key", "gated").check(() -> false).requiresEnv(List.of("KEY")).build());
    registry.register(
        Fixtures.tool("boom", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new IllegalStateException("disk full at /home/me ü");
                    })
            .build());
    registry.register(
        Fixtures.tool("bare", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new UnsupportedOperationException();
                    })
            .build());
    registry.register(
        Fixtures.tool("secret", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new IllegalArgumentException(
                          "bad key sk-abcdefghijklmnopqrstuvwxyz0123456789 in request");
                    })
            .build());
    registry.register(
        Fixtures.tool("long_failure", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new IllegalStateException("x".repeat(500));
                    })
            .build());
    registry.register(
        Fixtures.tool("nothing", "fail")
            .handler((ToolHandler.Sync) (args, context) -> null)
            .build());
    registry.register(
        Fixtures.tool("refuses", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) ->
                        ToolResults.error("quota " + "q".repeat(100), java.util.Map.of("code", 7)))
            .build());
    registry.register(
        Fixtures.tool("mid_error", "fail")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> "{\"ok\":1,\"error\":\"" + "e".repeat(100) + "\"}")
            .build());
    registry.register(
        Fixtures.tool("strict", "text")
            .handler(
                (ToolHandler.Sync)
                    (args, context) -> {
                      throw new InvalidArgumentsException(
                          List.of(
                              new ArgumentProblem("$.text", "a string", "42"),
                              new ArgumentProblem("$.n", "an integer", "\"é\"")));
                    })
            .build());
    registry.register(
        Fixtures.tool("big", "text")
            .handler((ToolHandler.Sync) (args, context) -> "line\n".repeat(100))
            .build());
    registry.register(
        Fixtures.tool("big_error", "text")
            .handler(
                (ToolHandler.Sync)
                    (args, context) ->
                        ToolResults.error("short", java.util.Map.of("detail", "d".repeat(300))))
            .build());
    registry.register(
        Fixtures.tool("later", "async")
            .handler(
                (ToolHandler.Async)
                    (args, context) -> CompletableFuture.supplyAsync(() -> "{\"later\":true}"))
            .build());
    registry.register(
        Fixtures.tool("later_fails", "async")
            .handler(
                (ToolHandler.Async)
                    (args, context) ->
                        CompletableFuture.failedFuture(new IllegalArgumentException("no such")))
            .build());
    registry.register(
        Fixtures.tool("later_null", "async")
            .handler((ToolHandler.Async) (args, context) -> null)
            .build());
    registry.register(
        Fixtures.tool("later_strict", "async")
            .handler(
                (ToolHandler.Async)
                    (args, context) ->
                        CompletableFuture.failedFuture(
                            new InvalidArgumentsException(
                                List.of(new ArgumentProblem("$", "an object", "[]")))))
            .build());
    registry.register(
        Fixtures.tool("never", "async")
            .handler((ToolHandler.Async) (args, context) -> new CompletableFuture<>())
            .build());
    registry.register(
        Fixtures.tool("stops", "async")
            .handler(
                (ToolHandler.Sync) (args, context) -> context.isCancelled() ? "stopped" : "ran")
            .build());
    return registry;
  }

  private static List<Call> calls() {
    List<Call> calls = new ArrayList<>();
    for (String name :
        List.of(
            "echo",
            "hé",
            "off",
            "needs_key",
            "boom",
            "bare",
            "secret",
            "long_failure",
            "nothing",
            "refuses",
            "mid_error",
            "strict",
            "big",
            "big_error",
            "later",
            "later_fails",
            "later_null",
            "later_strict",
            "nope",
            "",
            "ünknown " + "u".repeat(80))) {
      calls.add(new Call(name, "{}", false));
    }
    calls.add(new Call("args", "{\"text\":\"hé \\u00e9\"}", false));
    calls.add(new Call("args", null, false));
    calls.add(new Call(null, "{}", false));
    calls.add(new Call("never", "{}", true));
    calls.add(new Call("stops", "{}", true));
    calls.add(new Call("stops", "{}", false));
    return calls;
  }

  private String answer(ToolRegistry registry, Call call) {
    ToolContext context = ToolContext.of("call_1");
    if (call.cancelled()) {
      ToolContext.Control control = new ToolContext.Control((done, total, message) -> {});
      control.cancel();
      context = context.withControl(control);
    }
    String result = registry.dispatch(call.name(), call.arguments(), context);
    // A spill file's name is random: its path and id are the parts that may differ.
    return result
        .replace(temp.toString(), "$TEMP")
        .replaceAll("-[0-9]+\\.txt\"", "-N.txt\"")
        .replaceAll("(\"id\":\"[A-Za-z0-9_]+)-[0-9]+\"", "$1-N\"");
  }

  @Test
  void dispatchAnswersAsRecorded() throws IOException {
    ToolRegistry registry = registry();
    ToolRegistry observed = registry();
    observed.addObserver(c -> r -> {});
    ArrayNode answers = JSON.createArrayNode();
    for (Call call : calls()) {
      ObjectNode answer = answers.addObject();
      answer.put("name", call.name());
      answer.put("arguments", call.arguments());
      answer.put("cancelled", call.cancelled());
      answer.put("result", answer(registry, call));
      answer.put("observed", answer(observed, call));
    }
    if (Boolean.getBoolean("corpus.record")) {
      Files.writeString(
          Path.of("src/test/resources", RESOURCE),
          JSON.writerWithDefaultPrettyPrinter().writeValueAsString(answers) + "\n",
          StandardCharsets.UTF_8);
      return;
    }
    JsonNode recorded;
    try (InputStream in = getClass().getClassLoader().getResourceAsStream(RESOURCE)) {
      recorded = JSON.readTree(in);
    }
    assertEquals(recorded.size(), answers.size());
    for (int i = 0; i < answers.size(); i++) {
      assertEquals(recorded.get(i), answers.get(i), "call " + i);
      assertEquals(answers.get(i).get("result"), answers.get(i).get("observed"), "call " + i);
    }
  }
}
