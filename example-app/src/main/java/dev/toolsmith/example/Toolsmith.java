package dev.toolsmith.example;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.jspecify.annotations.Nullable;

/**
 * The example app's command line: list, show and call the tools compiled into this jar, replay a
 * demo, chat with a model, serve the tools over MCP or search them. Only the command that runs is
 * loaded.
 */
public final class Toolsmith {

  static final String NAME = "toolsmith-example";

  static final String VERSION = "Toolsmith example app 0.1.0-SNAPSHOT";

  private static final String DESCRIPTION =
      "Tools compiled by Toolsmith: list them, show the definitions a model receives, call them.";

  /** Each command and its summary, for the help; a command's class loads only when it runs. */
  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("list", "Lists every tool: name, toolset, emoji, available or not."),
          List.of("definitions", "Prints the JSON array of tool definitions a model receives."),
          List.of("call", "Calls a tool with a JSON arguments object and prints the result."),
          List.of("demo", "Replays a scripted agent turn (no network, no API key)."),
          List.of("chat", "Chats with a model, dispatching the tools it calls."),
          List.of("serve-mcp", "Serves the tools over MCP (stdio or Streamable HTTP)."),
          List.of("search", "Ranks tools for a query, best first, with scores."));

  private static final String EXAMPLES =
      """

      Examples:
        toolsmith-example list
        toolsmith-example call calculate '{"expression":"2^10 - 24"}'
        toolsmith-example --workspace docs call read_file '{"path":"notes.md"}'
        toolsmith-example list --config example-app/toolsmith.yaml --toolsets everyday
        toolsmith-example serve-mcp --http 8080
        toolsmith-example chat --base-url http://localhost:11434/v1 --model qwen3 'What is 2^10?'""";

  private final PrintWriter out;
  private final PrintWriter err;
  private @Nullable Path workspace;
  private @Nullable Path config;
  private boolean verbose;

  /** The command being read, for the hint after a usage error; empty before one is named. */
  private String command = "";

  private Toolsmith(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the command line and exits with its exit code (0 result, 1 error result, 2 usage error).
   */
  public static void main(String[] args) {
    // The registry logs each failing tool with its stack trace; on a terminal the result says
    // enough. Set as java.util.logging's configuration, which it reads only if something logs.
    TerminalLogging.install();
    // The platform's charset, as System.out's: a terminal shows what its locale can show.
    Charset charset = Charset.defaultCharset();
    System.exit(
        run(
            args,
            new PrintWriter(new OutputStreamWriter(System.out, charset)),
            new PrintWriter(new OutputStreamWriter(System.err, charset))));
  }

  /** Runs one command line, printing to {@code out} and {@code err}; returns its exit code. */
  static int run(String[] args, PrintWriter out, PrintWriter err) {
    Toolsmith app = new Toolsmith(out, err);
    try {
      return app.execute(args);
    } catch (UsageException e) {
      err.println(e.getMessage());
      String help = app.command.isEmpty() ? NAME + " --help" : NAME + " " + app.command + " --help";
      err.println("Try '" + help + "' for more information.");
      return 2;
    } finally {
      out.flush();
      err.flush();
    }
  }

  private int execute(String[] args) {
    CommandLine global = parse(globalOptions(), args, true);
    workspace = new Arguments(global).path("workspace");
    config = new Arguments(global).path("config");
    if (global.hasOption("verbose")) {
      verbose = true;
      TerminalLogging.verbose();
    }
    if (global.hasOption("help")) {
      printHelp(
          NAME + " [OPTIONS] COMMAND", DESCRIPTION, globalOptions(), commandList() + EXAMPLES);
      return 0;
    }
    if (global.hasOption("version")) {
      out.println(VERSION);
      return 0;
    }
    List<String> rest = global.getArgList();
    if (rest.isEmpty()) {
      throw new UsageException(
          "Missing command: list, definitions, call, demo, chat, serve-mcp or search");
    }
    String name = rest.get(0);
    Command chosen = command(name);
    command = name;
    Command.Usage usage = chosen.usage();
    Options options = standardOptions(chosen.options());
    CommandLine parsed = parse(options, rest.subList(1, rest.size()).toArray(new String[0]), false);
    if (parsed.hasOption("help")) {
      String synopsis =
          NAME
              + " "
              + usage.name()
              + " [OPTIONS]"
              + (usage.parameters().isEmpty() ? "" : " ")
              + usage.parameters();
      printHelp(synopsis, usage.description(), options, usage.footer());
      return 0;
    }
    if (parsed.hasOption("version")) {
      out.println(VERSION);
      return 0;
    }
    List<String> parameters = parsed.getArgList();
    if (parameters.size() > usage.maxParameters()) {
      throw new UsageException(
          "Unmatched argument at index "
              + usage.maxParameters()
              + ": '"
              + parameters.get(usage.maxParameters())
              + "'");
    }
    Arguments arguments = new Arguments(parsed);
    Path commandConfig = arguments.path("config");
    if (commandConfig != null) {
      config = commandConfig;
    }
    try {
      return chosen.run(this, arguments);
    } catch (UsageException e) {
      throw e;
    } catch (Exception e) { // a bug or a failure the command did not expect: exit 1, not a trace
      err.println(NAME + " " + name + ": " + e);
      if (verbose) {
        e.printStackTrace(err);
      }
      return 1;
    }
  }

  /** The command called {@code name}, loaded only now; a usage error for any other name. */
  private static Command command(String name) {
    return switch (name) {
      case "list" -> new ListCommand();
      case "definitions" -> new DefinitionsCommand();
      case "call" -> new CallCommand();
      case "demo" -> new DemoCommand();
      case "chat" -> new ChatCommand();
      case "serve-mcp" -> new ServeMcpCommand();
      case "search" -> new SearchCommand();
      default ->
          throw new UsageException(
              (name.startsWith("-") ? "Unknown option: '" : "Unknown command: '") + name + "'");
    };
  }

  private static Options globalOptions() {
    return new Options()
        .addOption(
            CommandOptions.value(
                "workspace",
                "DIR",
                "Root of the files the file tools may read (default: the current directory)."))
        .addOption(configOption())
        .addOption(
            Option.builder("v")
                .longOpt("verbose")
                .desc("Show the runtime's log (failing tools with stack traces).")
                .build())
        .addOption(helpOption())
        .addOption(versionOption());
  }

  /** A command's options, and those every command takes: --config, --help and --version. */
  private static Options standardOptions(Options options) {
    return options.addOption(configOption()).addOption(helpOption()).addOption(versionOption());
  }

  private static Option configOption() {
    return CommandOptions.value(
        "config",
        "FILE",
        "A toolsmith.yaml with plugins, toolsets and MCP servers (default: none).");
  }

  private static Option helpOption() {
    return Option.builder("h").longOpt("help").desc("Show this help message and exit.").build();
  }

  private static Option versionOption() {
    return Option.builder("V")
        .longOpt("version")
        .desc("Print version information and exit.")
        .build();
  }

  /**
   * {@code args} read against {@code options}; with {@code stopAtCommand}, the first word that is
   * not an option and all after it are left as arguments. No abbreviated options, no @-files:
   * {@code call} reads its arguments file itself, within a limit.
   */
  private static CommandLine parse(Options options, String[] args, boolean stopAtCommand) {
    try {
      return DefaultParser.builder()
          .setAllowPartialMatching(false)
          .build()
          .parse(options, args, stopAtCommand);
    } catch (ParseException e) {
      throw new UsageException(String.valueOf(e.getMessage()), e);
    }
  }

  private void printHelp(String synopsis, String description, Options options, String footer) {
    HelpFormatter help = new HelpFormatter();
    help.setOptionComparator(null); // in the order they were added
    help.setSyntaxPrefix("Usage: ");
    help.printHelp(out, 100, synopsis, description + "\n\n", options, 2, 2, footer, false);
  }

  private static String commandList() {
    StringBuilder list = new StringBuilder("\nCommands:\n");
    for (List<String> command : COMMANDS) {
      list.append(String.format("  %-12s %s%n", command.get(0), command.get(1)));
    }
    return list.toString().stripTrailing();
  }

  /** Where a command prints its results. */
  PrintWriter out() {
    return out;
  }

  /** Where a command prints its progress and errors. */
  PrintWriter err() {
    return err;
  }

  /** The workspace the tools run in: {@code --workspace}, else the current directory. */
  Workspace workspace() {
    Path root = workspace != null ? workspace : Path.of(".");
    try {
      return Workspace.of(root);
    } catch (IOException e) {
      throw new UsageException("--workspace: no such directory: " + root);
    }
  }

  /**
   * The registry of every tool on the class path, with the files toolset bound to {@code
   * workspace}.
   */
  static ToolRegistry registry(Workspace workspace) {
    return Discovery.discover(bindings(workspace));
  }

  /** The instances the files toolset needs: its tools and its check, both on {@code workspace}. */
  static Bindings bindings(Workspace workspace) {
    return Bindings.of(
        Map.of(
            FileTools.class, new FileTools(workspace),
            WorkspaceCheck.class, new WorkspaceCheck(workspace)));
  }

  /**
   * This jar's tools and those of the plugins and sources {@code --config} names, with {@link
   * FileTools} bound.
   */
  Discovered discover(Workspace workspace) {
    return Discovered.of(config, workspace);
  }

  /** {@link #discover(Workspace)} into a registry running the guards {@code guards} makes. */
  Discovered discover(
      Workspace workspace, java.util.function.Function<ToolsmithConfig, Guards> guards) {
    return Discovered.of(config, workspace, guards);
  }

  /** The context of one call: its id, and the workspace for tools that read it from the context. */
  static ToolContext context(String callId, Workspace workspace) {
    return ToolContext.of(callId, callAttributes(workspace));
  }

  /** What every call's context carries: the workspace, for tools that read it from there. */
  static Map<String, Object> callAttributes(Workspace workspace) {
    return Map.of(SearchTools.WORKSPACE_ATTRIBUTE, workspace);
  }
}
