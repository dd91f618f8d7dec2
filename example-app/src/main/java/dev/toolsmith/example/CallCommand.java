package dev.toolsmith.example;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.cli.Options;

/**
 * {@code call}: dispatches one tool call, as the application would for a model, and prints the
 * result.
 */
final class CallCommand implements Command {

  /** Exit code when the result is an error object. */
  static final int ERROR_RESULT = 1;

  /** The largest arguments file {@code @FILE} reads. */
  static final long MAX_ARGUMENTS_FILE_BYTES = 16 * 1024 * 1024;

  private static final Usage USAGE =
      new Usage(
          "call",
          "TOOL [JSON]",
          2,
          "Calls a tool with a JSON arguments object and prints the result string.\n"
              + "TOOL: the tool's name, as `list` shows it.\n"
              + "JSON: the arguments object (default: {}), or @FILE to read it from a file"
              + " (at most 16 MiB).",
          """

          Exit codes:
            0  the tool returned a result
            1  the result is an error object ({"error":...})
            2  usage error""");

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    return new Options()
        .addOption(
            CommandOptions.value(
                "call-id", "ID", "The call id the tool sees in its context (default: cli)."));
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) {
    String tool = arguments.required(0, "TOOL");
    String given = arguments.parameter(1);
    String json =
        given == null
            ? "{}"
            : given.startsWith("@") ? readArgumentsFile(given.substring(1)) : given;
    String callId = arguments.value("call-id", "cli");
    Workspace workspace = app.workspace();
    String result =
        app.discover(workspace)
            .registry()
            .dispatch(tool, json, Toolsmith.context(callId, workspace));
    PrintWriter out = app.out();
    out.print(result);
    if (!result.endsWith("\n")) { // text results often end with their own line break
      out.println();
    }
    out.flush();
    return Json.isError(result) ? ERROR_RESULT : 0;
  }

  /** The text of the arguments file {@code name}: a usage error (exit 2) when it cannot be read. */
  private static String readArgumentsFile(String name) {
    Path file = Path.of(name);
    try {
      long size = Files.size(file);
      if (size > MAX_ARGUMENTS_FILE_BYTES) {
        throw new UsageException(
            "The arguments file "
                + name
                + " is "
                + size
                + " bytes, over the limit of "
                + MAX_ARGUMENTS_FILE_BYTES);
      }
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UsageException("Cannot read the arguments file " + name + ": " + e);
    } catch (OutOfMemoryError e) { // within the limit, but not within a small -Xmx
      throw new UsageException("The arguments file " + name + " is too large for this heap (-Xmx)");
    }
  }
}
