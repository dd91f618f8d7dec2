package dev.toolsmith.example;

import dev.toolsmith.runtime.AvailabilityReport;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.cli.Options;

/**
 * {@code demo}: replays one scripted agent turn with no network and no API key. The model's tool
 * calls are fixed JSON; everything else (definitions, validation, dispatch, results) is the real
 * thing.
 */
final class DemoCommand implements Command {

  private static final Usage USAGE =
      new Usage(
          "demo",
          "",
          0,
          "Replays a scripted agent turn (no network, no API key) in a temporary workspace:"
              + " definitions, tool calls, results.",
          "");

  /** One tool call the scripted model makes, and what the demo says about it. */
  record ScriptedCall(String id, String tool, String arguments, String note) {}

  static final String USER_MESSAGE =
      "What's left on my todo list, how long is it, and when is my 09:30 Paris call in Tokyo time?"
          + " Also: what is 17% of 2340?";

  /** The scripted model's calls, in order; the second is invalid on purpose. */
  static final List<ScriptedCall> SCRIPT =
      List.of(
          new ScriptedCall("call_1", "list_directory", "{\"path\":\"notes\"}", "look around"),
          new ScriptedCall(
              "call_2",
              "read_file",
              "{\"path\":\"notes/todo.md\",\"maxLines\":0}",
              "invalid on purpose: maxLines must be >= 1"),
          new ScriptedCall(
              "call_3",
              "read_file",
              "{\"path\":\"notes/todo.md\",\"maxLines\":10}",
              "the model read the problem and fixed its call"),
          new ScriptedCall(
              "call_4",
              "read_file",
              "{\"path\":\"../../etc/passwd\"}",
              "the sandbox refuses paths outside the workspace"),
          new ScriptedCall(
              "call_5",
              "search_files",
              "{\"query\":\"[ ]\",\"path\":\"notes\"}",
              "open items, found through the workspace in the call's context"),
          new ScriptedCall(
              "call_6",
              "word_count",
              "{\"text\":\"Book the venue, send the agenda\"}",
              "how long the open items are"),
          new ScriptedCall(
              "call_7",
              "convert_time",
              "{\"dateTime\":\"2026-12-03T09:30\",\"fromZone\":\"Europe/Paris\",\"toZone\":\"Asia/Tokyo\"}",
              "time zones"),
          new ScriptedCall(
              "call_8", "calculate", "{\"expression\":\"2340 * 17 / 100\"}", "arithmetic"),
          new ScriptedCall(
              "call_9",
              "regex_extract",
              "{\"pattern\":\"@(\\\\w+)\",\"text\":\"Ask @maria about the venue and @tom about the agenda.\",\"group\":1}",
              "who to ask"),
          new ScriptedCall(
              "call_10", "file_checksum", "{\"path\":\"notes/todo.md\"}", "an async tool"));

  /** What the scripted model answers once it has the results. */
  static final String ANSWER =
      """
      Two items are left: book the venue and send the agenda (6 words).
      Your 09:30 Paris call on 3 December is at 17:30 in Tokyo.
      17% of 2340 is 397.8. Ask @maria about the venue and @tom about the agenda.""";

  @Override
  public Usage usage() {
    return USAGE;
  }

  @Override
  public Options options() {
    return new Options();
  }

  @Override
  public int run(Toolsmith app, Arguments arguments) throws IOException {
    PrintWriter out = app.out();
    Path root = Files.createTempDirectory("toolsmith-demo");
    try {
      writeSampleFiles(root);
      replay(Workspace.of(root), out);
    } finally {
      deleteTree(root);
      out.flush();
    }
    return 0;
  }

  private static void replay(Workspace workspace, PrintWriter out) {
    ToolRegistry registry = Toolsmith.registry(workspace);
    out.println("Toolsmith demo: one scripted agent turn, no network, no API key.");
    out.println("The model's replies are scripted; definitions, validation and dispatch are real.");
    out.println("Workspace: a temporary folder with notes/todo.md and notes/meeting.txt");
    out.println();

    // The availability report names what is offered and why a toolset is not; definitions() asks
    // for the checks again, as it does for every request, and the registry's check cache answers.
    AvailabilityReport availability = registry.availability();
    List<String> offered = availability.availableTools();
    String definitions = registry.definitions(offered);
    out.printf(
        "1. The application sends the model %d tool definitions (%d characters of JSON):%n",
        offered.size(), definitions.length());
    int width = offered.stream().mapToInt(String::length).max().orElse(0);
    for (String name : offered) {
      ToolEntry entry = registry.entry(name).orElseThrow();
      String properties = Json.propertyNames(entry.definition().schema());
      out.printf("   %s %-" + width + "s (%s)%n", registry.emoji(name), name, properties);
    }
    for (Map.Entry<String, Availability> toolset : availability.toolsets().entrySet()) {
      if (!toolset.getValue().available()) {
        out.printf(
            "   not sent: toolset %s, %s%n",
            toolset.getKey(), ListCommand.status(toolset.getValue()));
      }
    }
    out.println("   One definition in full (all of them: `definitions --pretty`):");
    out.println(indent(Json.pretty(registry.definitions(List.of("read_file"))), "   "));
    out.println();

    out.println("2. User: " + USER_MESSAGE);
    out.println();
    out.println(
        "3. The model replies with tool calls; the application dispatches each and sends back the result:");
    int errors = 0;
    for (ScriptedCall call : SCRIPT) {
      String result =
          registry.dispatch(call.tool(), call.arguments(), Toolsmith.context(call.id(), workspace));
      boolean error = Json.isError(result);
      errors += error ? 1 : 0;
      out.println();
      out.printf("   %s %s %s   # %s%n", call.id(), call.tool(), call.arguments(), call.note());
      out.println(indent(result.strip(), "   " + (error ? "!! " : "=> ")));
    }
    out.println();
    out.printf(
        "4. %d calls dispatched: %d results, %d errors the model could read and act on.%n",
        SCRIPT.size(), SCRIPT.size() - errors, errors);
    out.println("   The results go back to the model in the next request; its scripted answer:");
    out.println(indent(ANSWER, "   > "));
  }

  private static String indent(String text, String prefix) {
    String pad = " ".repeat(prefix.length());
    StringBuilder out = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      out.append(i == 0 ? prefix : pad).append(lines[i]).append(i + 1 < lines.length ? "\n" : "");
    }
    return out.toString();
  }

  private static void writeSampleFiles(Path root) throws IOException {
    Path notes = Files.createDirectories(root.resolve("notes"));
    Files.writeString(
        notes.resolve("todo.md"),
        """
        # Offsite
        - [x] Pick a date
        - [ ] Book the venue
        - [ ] Send the agenda
        """,
        StandardCharsets.UTF_8);
    Files.writeString(
        notes.resolve("meeting.txt"),
        """
        Call with the Paris office at 09:30 (Europe/Paris) on 2026-12-03.
        Budget: 2340 EUR, 17% reserved for travel.
        """,
        StandardCharsets.UTF_8);
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(path);
      }
    }
  }
}
