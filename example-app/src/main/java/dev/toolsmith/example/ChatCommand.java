package dev.toolsmith.example;

import com.anthropic.errors.AnthropicException;
import com.openai.errors.OpenAIException;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.ToolSearchSession;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code chat}: a real model loop. The model gets the selected tools' definitions, the app
 * dispatches the tools it calls and sends the results back, until the model answers.
 */
@Command(
    name = "chat",
    mixinStandardHelpOptions = true,
    description =
        "Chats with a model through its official client (OpenAI Chat Completions or Anthropic"
            + " Messages), dispatching the tools it calls; a line per tool call shows tool,"
            + " outcome and duration.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the model answered every message",
      "1:the API failed, or the model was still calling tools after --max-turns requests",
      "2:usage error"
    },
    footer = {
      "",
      "The API key is read from the environment variable --api-key-env names and never printed.",
      "Examples:",
      "  toolsmith-example chat --base-url http://localhost:11434/v1 --model qwen3 'What is 2^10?'",
      "  echo 'What time is it in Tokyo?' | toolsmith-example chat --model gpt-4.1-mini",
      "  toolsmith-example chat --format anthropic --model claude-sonnet-4-5 --toolsets math 'Hi'"
    })
final class ChatCommand implements Callable<Integer> {

  /** The API a chat speaks, each with its official client. */
  enum Api {
    OPENAI("OPENAI_API_KEY"),
    ANTHROPIC("ANTHROPIC_API_KEY");

    final String keyVariable;

    Api(String keyVariable) {
      this.keyVariable = keyVariable;
    }
  }

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Option(
      names = "--format",
      paramLabel = "API",
      defaultValue = "openai",
      description =
          "openai: Chat Completions with openai-java (OpenAI, Ollama, llama.cpp, vLLM...);"
              + " anthropic: Messages with anthropic-java (default: ${DEFAULT-VALUE}).")
  Api format;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description = "The API's base URL, e.g. http://localhost:11434/v1 (default: the provider's).")
  @Nullable String baseUrl;

  @Option(names = "--model", required = true, paramLabel = "MODEL", description = "The model.")
  String model;

  @Option(
      names = "--api-key-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the API key (default: OPENAI_API_KEY or"
              + " ANTHROPIC_API_KEY); a local endpoint may need none.")
  @Nullable String apiKeyVariable;

  @Option(
      names = "--max-turns",
      paramLabel = "N",
      defaultValue = "10",
      description = "Model requests allowed for one message (default: ${DEFAULT-VALUE}).")
  int maxTurns;

  @Option(
      names = "--max-tokens",
      paramLabel = "N",
      defaultValue = "4096",
      description = "anthropic: the longest reply, in tokens (default: ${DEFAULT-VALUE}).")
  long maxTokens;

  @Option(
      names = "--defer-above",
      paramLabel = "N",
      defaultValue = "40",
      description =
          "openai: with more than N tools offered, send a search_tools function instead of"
              + " their definitions, and each tool the model finds from then on"
              + " (default: ${DEFAULT-VALUE}; anthropic: always the full listing).")
  int deferAbove;

  @Mixin ToolsetOptions toolsets;

  @Parameters(
      arity = "0..1",
      paramLabel = "MESSAGE",
      description = "The user's message; without it, each line of standard input is one.")
  @Nullable String message;

  @Override
  public Integer call() throws IOException {
    Workspace workspace = app.workspace();
    Discovered discovered = app.discover(workspace);
    ToolRegistry registry = discovered.registry();
    List<String> offered = toolsets.select(registry, discovered.config());
    PrintWriter out = spec.commandLine().getOut();
    DeferredDefinitions deferred = deferred(registry, offered);
    ToolSearchSession session = new ToolSearchSession();
    try (Conversation conversation = open(registry, offered, deferred, session);
        ToolCallRunner tools =
            new ToolCallRunner(registry, offered, workspace, out, deferred, session)) {
      ChatLoop loop = new ChatLoop(conversation, tools, out, maxTurns);
      if (message != null) {
        return loop.turn(message) ? 0 : 1;
      }
      BufferedReader in =
          new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
      int exitCode = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank() && !loop.turn(line.strip())) {
          exitCode = 1;
        }
      }
      return exitCode;
    } catch (OpenAIException
        | AnthropicException
        | IllegalStateException
        | UncheckedIOException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("chat: " + e.getClass().getSimpleName() + ": " + e.getMessage());
      err.flush();
      return 1;
    }
  }

  /** The deferred listing when the OpenAI chat offers more tools than --defer-above, else null. */
  private @Nullable DeferredDefinitions deferred(ToolRegistry registry, List<String> offered) {
    if (format != Api.OPENAI || deferAbove < 0 || offered.size() <= deferAbove) {
      return null;
    }
    return DeferredDefinitions.builder(registry)
        .offering(offered)
        .policy(DeferralPolicy.builder().aboveTools(deferAbove).build())
        .build();
  }

  private Conversation open(
      ToolRegistry registry,
      List<String> offered,
      @Nullable DeferredDefinitions deferred,
      ToolSearchSession session) {
    String variable = apiKeyVariable != null ? apiKeyVariable : format.keyVariable;
    String key = System.getenv(variable);
    @Nullable String apiKey = key == null || key.isBlank() ? null : key.strip();
    return switch (format) {
      case OPENAI ->
          OpenAiConversation.open(baseUrl, apiKey, model, registry, offered, deferred, session);
      case ANTHROPIC ->
          AnthropicConversation.open(baseUrl, apiKey, model, maxTokens, registry, offered);
    };
  }
}
