package dev.toolsmith.example;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.discovery.GuardsConfig;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.guard.ApprovalGuard;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.tool.ToolSession;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.Options;
import org.jspecify.annotations.Nullable;

/**
 * {@code chat}: a real model loop. The model gets the selected tools' definitions, the app
 * dispatches the tools it calls and sends the results back, until the model answers.
 */
final class ChatCommand implements Command {

  /** The API a chat speaks, each with its official client. */
  enum Api {
    OPENAI("OPENAI_API_KEY", "com/openai/client/OpenAIClient.class", "openai-java"),
    ANTHROPIC("ANTHROPIC_API_KEY", "com/anthropic/client/AnthropicClient.class", "anthropic-java");

    final String keyVariable;

    /** A class file of the official client, present when the client is on the class path. */
    final String clientClassFile;

    final String clientName;

    Api(String keyVariable, String clientClassFile, String clientName) {
      this.keyVariable = keyVariable;
      this.clientClassFile = clientClassFile;
      this.clientName = clientName;
    }
  }

  /** The jar that holds the provider clients; the default jar leaves them out to stay small. */
  static final String JAR_WITH_CLIENTS = "example-app/target/toolsmith-example-app-all.jar";

  private static final Usage USAGE =
      new Usage(
          "chat",
          "[MESSAGE]",
          1,
          "Chats with a model through its official client (OpenAI Chat Completions or Anthropic"
              + " Messages), dispatching the tools it calls; a line per tool call shows tool,"
              + " outcome and duration.\nMESSAGE: the user's message; without it, each line of"
              + " standard input is one.",
          """

          Exit codes:
            0  the model answered every message
            1  the API failed, or the model was still calling tools after --max-turns requests
            2  usage error

          The API key is read from the environment variable --api-key-env names and never printed.
          The provider clients are in toolsmith-example-app-all.jar, not in toolsmith-example-app.jar.
          Examples:
            toolsmith-example chat --base-url http://localhost:11434/v1 --model qwen3 'What is 2^10?'
            echo 'What time is it in Tokyo?' | toolsmith-example chat --model gpt-4.1-mini
            toolsmith-example chat --format anthropic --model claude-sonnet-4-5 --toolsets math 'Hi'""");

  private Api format = Api.OPENAI;
  private @Nullable String baseUrl;
  private String model = "";
  private @Nullable String apiKeyVariable;
  private int maxTurns;
  private long maxTokens;
  private int deferAbove;

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    Options options =
        new Options()
            .addOption(
                CommandOptions.value(
                    "format",
                    "API",
                    "openai: Chat Completions with openai-java (OpenAI, Ollama, llama.cpp,"
                        + " vLLM...); anthropic: Messages with anthropic-java (default: openai)."))
            .addOption(
                CommandOptions.value(
                    "base-url",
                    "URL",
                    "The API's base URL, e.g. http://localhost:11434/v1 (default: the"
                        + " provider's)."))
            .addOption(CommandOptions.value("model", "MODEL", "The model (required)."))
            .addOption(
                CommandOptions.value(
                    "api-key-env",
                    "VAR",
                    "The environment variable holding the API key (default: OPENAI_API_KEY or"
                        + " ANTHROPIC_API_KEY); a local endpoint may need none."))
            .addOption(
                CommandOptions.value(
                    "max-turns", "N", "Model requests allowed for one message (default: 10)."))
            .addOption(
                CommandOptions.value(
                    "max-tokens", "N", "anthropic: the longest reply, in tokens (default: 4096)."))
            .addOption(
                CommandOptions.value(
                    "defer-above",
                    "N",
                    "openai: with more than N tools offered, send a search_tools function instead"
                        + " of their definitions, and each tool the model finds from then on"
                        + " (default: 40; anthropic: always the full listing)."));
    return ToolsetOptions.addTo(options);
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) throws IOException {
    format = api(arguments.value("format", "openai"));
    baseUrl = arguments.value("base-url");
    String chosenModel = arguments.value("model");
    if (chosenModel == null) {
      throw new UsageException("Missing required option: '--model=MODEL'");
    }
    model = chosenModel;
    apiKeyVariable = arguments.value("api-key-env");
    maxTurns = arguments.integer("max-turns", 10);
    maxTokens = arguments.integer("max-tokens", 4096);
    deferAbove = arguments.integer("defer-above", 40);
    String message = arguments.parameter(0);
    PrintWriter err = app.err();
    if (ChatCommand.class.getClassLoader().getResource(format.clientClassFile) == null) {
      err.println(
          "chat: "
              + format.clientName
              + " is not in this jar; the chat clients are in "
              + JAR_WITH_CLIENTS);
      err.flush();
      return 1;
    }
    Workspace workspace = app.workspace();
    PrintWriter out = app.out();
    // The user's messages and the answers to approval questions come from the same input.
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
    Discovered discovered =
        app.discover(workspace, config -> guards(config, new TerminalApproval(in, out)));
    ToolRegistry registry = discovered.registry();
    List<String> offered = ToolsetOptions.select(arguments, registry, discovered.config());
    DeferredDefinitions deferred = deferred(registry, offered);
    ToolSession session = new ToolSession();
    try (Conversation conversation = open(registry, offered, deferred, session);
        ToolCallRunner tools =
            new ToolCallRunner(registry, offered, workspace, out, deferred, session)) {
      ChatLoop loop = new ChatLoop(conversation, tools, out, maxTurns);
      if (message != null) {
        return loop.turn(message) ? 0 : 1;
      }
      int exitCode = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank() && !loop.turn(line.strip())) {
          exitCode = 1;
        }
      }
      return exitCode;
    } catch (Conversation.ApiFailure e) {
      err.println("chat: " + e.getMessage());
      err.flush();
      return 1;
    } catch (IllegalStateException | UncheckedIOException e) {
      err.println("chat: " + e.getClass().getSimpleName() + ": " + e.getMessage());
      err.flush();
      return 1;
    }
  }

  /**
   * The guards of a chat: a person sits at this loop, so destructive tools ask at the terminal
   * unless the configuration's {@code guards} section says otherwise.
   */
  static Guards guards(ToolsmithConfig config, ApprovalHandler terminal) {
    GuardsConfig configured = config.guards();
    if (!configured.isEmpty()) {
      return configured.toGuards(terminal);
    }
    return Guards.builder().guard(ApprovalGuard.destructive()).approvalHandler(terminal).build();
  }

  /** An API by its name, in any case: openai or anthropic. */
  private static Api api(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "openai" -> Api.OPENAI;
      case "anthropic" -> Api.ANTHROPIC;
      default -> throw Arguments.invalid("format", value, "(expected openai or anthropic)");
    };
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
      ToolSession session) {
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
