package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.definition.DefinitionFormat;
import dev.toolsmith.schema.definition.ToolHints;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** {@code @Tool} titles and behaviour hints: into the entry, into MCP, and their one conflict. */
final class ToolHintsTest {

  private static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.hints.Notes",
          """
          package demo.hints;

          import dev.toolsmith.annotations.Hint;
          import dev.toolsmith.annotations.Tool;

          public final class Notes {
            /** Reads a note. */
            @Tool(title = "Read a note", readOnly = Hint.TRUE, openWorld = Hint.FALSE)
            public static String readNote(String id) { return id; }

            /** Deletes a note. */
            @Tool(destructive = Hint.TRUE, idempotent = Hint.TRUE)
            public static void deleteNote(String id) {}

            /** Appends to a note. */
            @Tool(readOnly = Hint.FALSE, destructive = Hint.FALSE)
            public static void appendNote(String id, String text) {}

            /** Says nothing about itself. */
            @Tool
            public static String plain() { return ""; }
          }
          """);

  @Test
  void hintsAndTitlesReachTheEntryAndMcp() throws Exception {
    Path out =
        Compiled.writeClassOutput(Compiled.compile(SOURCE), Files.createTempDirectory("hints"));
    try (URLClassLoader loader = Compiled.loader(out)) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.get("read_note").definition().title()).isEqualTo("Read a note");
      assertThat(tools.get("read_note").definition().hints())
          .isEqualTo(new ToolHints(true, null, null, false));
      assertThat(tools.get("delete_note").definition().hints())
          .isEqualTo(new ToolHints(null, true, true, null));
      assertThat(tools.get("append_note").definition().hints())
          .isEqualTo(new ToolHints(false, false, null, null));
      assertThat(tools.get("plain").definition().hints()).isEqualTo(ToolHints.NONE);
      assertThat(tools.get("plain").definition().title()).isEmpty();

      ToolRegistry registry = ToolRegistry.create();
      tools.values().forEach(registry::register);
      assertThat(registry.definitions(List.of("read_note", "plain"), DefinitionFormat.MCP))
          .isEqualTo(
              "[{\"name\":\"plain\",\"description\":\"Says nothing about itself.\","
                  + "\"inputSchema\":{\"type\":\"object\",\"properties\":{},"
                  + "\"additionalProperties\":false}},"
                  + "{\"name\":\"read_note\",\"title\":\"Read a note\","
                  + "\"description\":\"Reads a note.\",\"inputSchema\":{\"type\":\"object\","
                  + "\"properties\":{\"id\":{\"type\":\"string\"}},\"required\":[\"id\"],"
                  + "\"additionalProperties\":false},"
                  + "\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":false}}]");
    }
  }

  @Test
  void readOnlyAndDestructiveTogetherIsAnErrorOnDestructive() {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.hints.Bad",
            """
            package demo.hints;

            import dev.toolsmith.annotations.Hint;
            import dev.toolsmith.annotations.Tool;

            public final class Bad {
              /** Wipes and only reads. */
              @Tool(readOnly = Hint.TRUE,
                  destructive = Hint.TRUE)
              public static String wipe() { return ""; }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(Message.HINTS_CONTRADICT.text("Bad.wipe()"))
        .inFile(source)
        .onLineContaining("destructive = Hint.TRUE");
  }

  @Test
  void aBlankTitleIsAnError() {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.hints.Blank",
            """
            package demo.hints;

            import dev.toolsmith.annotations.Tool;

            public final class Blank {
              /** Does. */
              @Tool(title = "  ")
              public static String run() { return ""; }
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(Message.TITLE_BLANK.text("  "))
        .inFile(source)
        .onLineContaining("title = \"  \"");
  }
}
