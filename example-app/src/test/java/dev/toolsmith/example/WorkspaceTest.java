package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class WorkspaceTest {

  @TempDir Path temp;
  Path root;
  Workspace workspace;

  @BeforeEach
  void setUp() throws IOException {
    root = Files.createDirectories(temp.resolve("root"));
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(root.resolve("docs/a.txt"), "a");
    Files.writeString(temp.resolve("secret.txt"), "secret");
    workspace = Workspace.of(root);
  }

  @Test
  void resolvesPathsInsideTheRoot() throws IOException {
    assertEquals(root.toRealPath().resolve("docs/a.txt"), workspace.resolve("docs/a.txt"));
    assertEquals(
        root.toRealPath().resolve("docs/a.txt"), workspace.resolve("docs/../docs/./a.txt"));
    assertEquals(root.toRealPath(), workspace.resolve(""));
    assertEquals(root.toRealPath(), workspace.resolve("."));
    // Not there yet is fine: the caller decides whether the file must exist.
    assertEquals(root.toRealPath().resolve("new/file.txt"), workspace.resolve("new/file.txt"));
  }

  @Test
  void refusesParentDirectoryEscapes() {
    OutsideWorkspaceException e =
        assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("../secret.txt"));
    assertEquals("path '../secret.txt' climbs out of the workspace root", e.getMessage());
    assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("docs/../../secret.txt"));
    assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve(".."));
  }

  @Test
  void refusesAbsolutePaths() {
    String absolute = temp.resolve("secret.txt").toString();
    OutsideWorkspaceException e =
        assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve(absolute));
    assertTrue(e.getMessage().contains("is absolute"), e.getMessage());
    // Even an absolute path that points inside the root: the model must speak in relative paths.
    assertThrows(
        OutsideWorkspaceException.class, () -> workspace.resolve(root.resolve("docs").toString()));
  }

  @Test
  void refusesSymbolicLinksThatLeadOut() throws IOException {
    Files.createSymbolicLink(root.resolve("out.txt"), temp.resolve("secret.txt"));
    Files.createSymbolicLink(root.resolve("outdir"), temp);
    OutsideWorkspaceException e =
        assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("out.txt"));
    assertTrue(e.getMessage().contains("leads out of the workspace root"), e.getMessage());
    // A path below a linked directory, even one that does not exist, is refused too.
    assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("outdir/secret.txt"));
    assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("outdir/missing.txt"));
  }

  @Test
  void refusesBrokenLinksAndAllowsLinksInside() throws IOException {
    Files.createSymbolicLink(root.resolve("dangling"), temp.resolve("nowhere"));
    assertThrows(OutsideWorkspaceException.class, () -> workspace.resolve("dangling"));
    Files.createSymbolicLink(root.resolve("alias.txt"), root.resolve("docs/a.txt"));
    assertEquals(root.toRealPath().resolve("alias.txt"), workspace.resolve("alias.txt"));
  }

  @Test
  void rejectsARootThatIsNotADirectory() {
    assertThrows(IOException.class, () -> Workspace.of(temp.resolve("secret.txt")));
    assertThrows(IOException.class, () -> Workspace.of(temp.resolve("missing")));
  }

  @Test
  void relativizesWithForwardSlashes() throws IOException {
    assertEquals("docs/a.txt", workspace.relativize(workspace.resolve("docs/a.txt")));
    assertEquals(".", workspace.relativize(workspace.root()));
  }
}
