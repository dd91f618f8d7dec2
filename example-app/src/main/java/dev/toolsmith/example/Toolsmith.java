package dev.toolsmith.example;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The example app's command line: list, show and call the tools compiled into this jar, replay a
 * demo, chat with a model or serve the tools over MCP.
 */
@Command(
    name = "toolsmith-example",
    mixinStandardHelpOptions = true,
    version = "Toolsmith example app 0.1.0-SNAPSHOT",
    description =
        "Tools compiled by Toolsmith: list them, show the definitions a model receives, call them.",
    subcommands = {
      ListCommand.class,
      DefinitionsCommand.class,
      CallCommand.class,
      DemoCommand.class,
      ChatCommand.class,
      ServeMcpCommand.class,
      SearchCommand.class
    },
    footer = {
      "",
      "Examples:",
      "  toolsmith-example list",
      "  toolsmith-example call calculate '{\"expression\":\"2^10 - 24\"}'",
      "  toolsmith-example --workspace docs call read_file '{\"path\":\"notes.md\"}'",
      "  toolsmith-example list --config example-app/toolsmith.yaml --toolsets everyday",
      "  toolsmith-example serve-mcp --http 8080",
      "  toolsmith-example chat --base-url http://localhost:11434/v1 --model qwen3 'What is 2^10?'"
    })
public final class Toolsmith implements Runnable {

  /** The runtime's logger; held here so the level set on it is not lost to garbage collection. */
  private static final Logger RUNTIME_LOG = Logger.getLogger("dev.toolsmith");

  @Spec CommandSpec spec;

  @Option(
      names = "--workspace",
      paramLabel = "DIR",
      description = "Root of the files the file tools may read (default: the current directory).")
  @Nullable Path workspace;

  @Option(
      names = "--config",
      paramLabel = "FILE",
      scope = ScopeType.INHERIT,
      description = "A toolsmith.yaml with plugins, toolsets and MCP servers (default: none).")
  @Nullable Path config;

  /**
   * Runs the command line and exits with its exit code (0 result, 1 error result, 2 usage error).
   */
  public static void main(String[] args) {
    // The registry logs each failing tool with its stack trace; on a terminal the result says
    // enough.
    RUNTIME_LOG.setLevel(Level.OFF);
    System.exit(commandLine().execute(args));
  }

  @Option(
      names = {"-v", "--verbose"},
      description = "Show the runtime's log (failing tools with stack traces).")
  void verbose(boolean verbose) {
    RUNTIME_LOG.setLevel(verbose ? Level.ALL : Level.OFF);
  }

  /** The configured picocli command line, for {@link #main} and for tests. */
  public static CommandLine commandLine() {
    // No @-files: picocli would read any file named by an argument whole, unbounded; `call` reads
    // its arguments file itself, within a limit.
    return new CommandLine(new Toolsmith())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExpandAtFiles(false);
  }

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "Missing command: list, definitions, call, demo, chat or serve-mcp");
  }

  /** The workspace the tools run in: {@code --workspace}, else the current directory. */
  Workspace workspace() {
    Path root = workspace != null ? workspace : Path.of(".");
    try {
      return Workspace.of(root);
    } catch (IOException e) {
      throw new ParameterException(spec.commandLine(), "--workspace: no such directory: " + root);
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
    return Discovered.of(spec.commandLine(), config, workspace);
  }

  /** The context of one call: its id, and the workspace for tools that read it from the context. */
  static ToolContext context(String callId, Workspace workspace) {
    return new ToolContext(callId, callAttributes(workspace));
  }

  /** What every call's context carries: the workspace, for tools that read it from there. */
  static Map<String, Object> callAttributes(Workspace workspace) {
    return Map.of(SearchTools.WORKSPACE_ATTRIBUTE, workspace);
  }
}
