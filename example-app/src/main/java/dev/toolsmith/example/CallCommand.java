package dev.toolsmith.example;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code call}: dispatches one tool call, as the application would for a model, and prints the
 * result.
 */
@Command(
    name = "call",
    mixinStandardHelpOptions = true,
    description = "Calls a tool with a JSON arguments object and prints the result string.",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:the tool returned a result",
      "1:the result is an error object ({\"error\":...})",
      "2:usage error"
    })
final class CallCommand implements Callable<Integer> {

  /** Exit code when the result is an error object. */
  static final int ERROR_RESULT = 1;

  /** The largest arguments file {@code @FILE} reads. */
  static final long MAX_ARGUMENTS_FILE_BYTES = 16 * 1024 * 1024;

  @ParentCommand Toolsmith app;
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "TOOL",
      description = "The tool's name, as `list` shows it.")
  String tool;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "JSON",
      defaultValue = "{}",
      description =
          "The arguments object (default: ${DEFAULT-VALUE}), or @FILE to read it from a file"
              + " (at most 16 MiB).")
  String arguments;

  @Option(
      names = "--call-id",
      paramLabel = "ID",
      defaultValue = "cli",
      description = "The call id the tool sees in its context (default: ${DEFAULT-VALUE}).")
  String callId;

  @Override
  public Integer call() throws Exception {
    String json = arguments.startsWith("@") ? readArgumentsFile(arguments.substring(1)) : arguments;
    Workspace workspace = app.workspace();
    String result =
        app.discover(workspace)
            .registry()
            .dispatch(tool, json, Toolsmith.context(callId, workspace));
    PrintWriter out = spec.commandLine().getOut();
    out.print(result);
    if (!result.endsWith("\n")) { // text results often end with their own line break
      out.println();
    }
    out.flush();
    return Json.isError(result) ? ERROR_RESULT : 0;
  }

  /** The text of the arguments file {@code name}: a usage error (exit 2) when it cannot be read. */
  private String readArgumentsFile(String name) {
    Path file = Path.of(name);
    try {
      long size = Files.size(file);
      if (size > MAX_ARGUMENTS_FILE_BYTES) {
        throw new ParameterException(
            spec.commandLine(),
            "The arguments file "
                + name
                + " is "
                + size
                + " bytes, over the limit of "
                + MAX_ARGUMENTS_FILE_BYTES);
      }
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ParameterException(
          spec.commandLine(), "Cannot read the arguments file " + name + ": " + e);
    } catch (OutOfMemoryError e) { // within the limit, but not within a small -Xmx
      throw new ParameterException(
          spec.commandLine(), "The arguments file " + name + " is too large for this heap (-Xmx)");
    }
  }
}
