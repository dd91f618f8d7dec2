package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.example.SearchTools.Match;
import dev.toolsmith.example.SearchTools.SearchFiles;
import dev.toolsmith.example.SearchTools.SearchResult;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class SearchToolsTest {

  @TempDir Path temp;
  Path root;
  ToolContext context;

  @BeforeEach
  void setUp() throws IOException {
    root = Files.createDirectories(temp.resolve("root"));
    Files.createDirectories(root.resolve("src"));
    Files.writeString(root.resolve("src/A.java"), "class A {\n  // TODO tidy\n}\n");
    Files.writeString(root.resolve("src/B.java"), "class B {\n  // todo: test\n  int x = 42;\n}\n");
    Files.writeString(root.resolve("notes.md"), "todo list\n");
    Files.write(root.resolve("blob.bin"), new byte[] {(byte) 0xFF, 't', 'o', 'd', 'o'});
    Files.writeString(temp.resolve("outside.txt"), "todo outside\n");
    Files.createSymbolicLink(root.resolve("escape"), temp);
    Files.createSymbolicLink(root.resolve("src/outside-link.txt"), temp.resolve("outside.txt"));
    context = ToolContext.of("c1", Map.of(SearchTools.WORKSPACE_ATTRIBUTE, Workspace.of(root)));
  }

  @Test
  void findsPlainTextCaseInsensitivelyInTheContextsWorkspace() throws IOException {
    SearchResult result =
        SearchTools.searchFiles(new SearchFiles("todo", null, null, null), context);
    assertEquals(
        List.of(
            new Match("notes.md", 1, "todo list"),
            new Match("src/A.java", 2, "// TODO tidy"),
            new Match("src/B.java", 2, "// todo: test")),
        result.matches());
    assertFalse(result.truncated());
    // notes.md, A.java, B.java and blob.bin (skipped as non-UTF-8, but read); never a link out.
    assertEquals(4, result.filesSearched());
  }

  @Test
  void findsRegularExpressionsBelowAFolder() throws IOException {
    SearchResult result =
        SearchTools.searchFiles(new SearchFiles("\\d+;", true, "src", null), context);
    assertEquals(List.of(new Match("src/B.java", 3, "int x = 42;")), result.matches());
  }

  @Test
  void stopsAtMaxMatchesAndSaysSo() throws IOException {
    SearchResult result = SearchTools.searchFiles(new SearchFiles("todo", false, null, 2), context);
    assertEquals(2, result.matches().size());
    assertTrue(result.truncated());
  }

  @Test
  void refusesToGuessAWorkspaceWhenTheContextHasNone() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                SearchTools.searchFiles(
                    new SearchFiles("class B", null, null, null), ToolContext.empty()));
    assertEquals("no workspace in the call's context", e.getMessage());
  }

  @Test
  void refusesEscapesEmptyQueriesAndBadPatterns() {
    assertThrows(
        OutsideWorkspaceException.class,
        () -> SearchTools.searchFiles(new SearchFiles("todo", null, "..", null), context));
    assertThrows(
        OutsideWorkspaceException.class,
        () -> SearchTools.searchFiles(new SearchFiles("todo", null, "escape", null), context));
    assertThrows(
        IllegalArgumentException.class,
        () -> SearchTools.searchFiles(new SearchFiles("", null, null, null), context));
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () -> SearchTools.searchFiles(new SearchFiles("(unclosed", true, null, null), context));
    assertTrue(bad.getMessage().startsWith("invalid regular expression"), bad.getMessage());
  }
}
