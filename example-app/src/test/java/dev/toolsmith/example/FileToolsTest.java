package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.example.FileTools.Checksum;
import dev.toolsmith.example.FileTools.DirEntry;
import dev.toolsmith.example.FileTools.ListDirectory;
import dev.toolsmith.example.FileTools.ReadFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class FileToolsTest {

  @TempDir Path temp;
  Path root;
  FileTools tools;

  @BeforeEach
  void setUp() throws IOException {
    root = Files.createDirectories(temp.resolve("root"));
    Files.writeString(root.resolve("poem.txt"), "one\ntwo\nthree\n");
    Files.createDirectories(root.resolve("sub"));
    Files.write(root.resolve("image.bin"), new byte[] {(byte) 0xC3, (byte) 0x28, 0, 1});
    Files.writeString(temp.resolve("secret.txt"), "secret");
    tools = new FileTools(Workspace.of(root));
  }

  @Test
  void readsWholeFilesAndFirstLines() throws IOException {
    assertEquals("one\ntwo\nthree\n", tools.readFile(new ReadFile("poem.txt", null)));
    assertEquals("one\ntwo\n", tools.readFile(new ReadFile("poem.txt", 2)));
    assertEquals("one\ntwo\nthree\n", tools.readFile(new ReadFile("poem.txt", 99)));
  }

  @Test
  void readingRefusesEscapesMissingFilesAndBinaries() {
    assertThrows(
        OutsideWorkspaceException.class, () -> tools.readFile(new ReadFile("../secret.txt", null)));
    assertThrows(
        NoSuchFileException.class, () -> tools.readFile(new ReadFile("missing.txt", null)));
    assertThrows(NoSuchFileException.class, () -> tools.readFile(new ReadFile("sub", null)));
    IOException binary =
        assertThrows(IOException.class, () -> tools.readFile(new ReadFile("image.bin", null)));
    assertEquals("'image.bin' is not a UTF-8 text file", binary.getMessage());
  }

  @Test
  void refusesFilesTooLargeToRead() throws IOException {
    Files.write(root.resolve("big.txt"), new byte[(int) FileTools.MAX_FILE_BYTES + 1]);
    IOException e =
        assertThrows(IOException.class, () -> tools.readFile(new ReadFile("big.txt", 1)));
    assertTrue(e.getMessage().contains("larger than"), e.getMessage());
  }

  @Test
  void listsADirectorySortedByName() throws IOException {
    Files.createSymbolicLink(root.resolve("link"), temp.resolve("secret.txt"));
    List<DirEntry> entries = tools.listDirectory(new ListDirectory(null));
    assertEquals(
        List.of(
            new DirEntry("image.bin", "file", 4),
            new DirEntry("link", "link", 0),
            new DirEntry("poem.txt", "file", 14),
            new DirEntry("sub", "directory", 0)),
        entries);
    assertEquals(List.of(), tools.listDirectory(new ListDirectory("sub")));
    assertThrows(
        OutsideWorkspaceException.class, () -> tools.listDirectory(new ListDirectory("..")));
    assertThrows(
        NoSuchFileException.class, () -> tools.listDirectory(new ListDirectory("poem.txt")));
  }

  @Test
  void checksumsAFileAsynchronously() throws Exception {
    Checksum checksum = tools.fileChecksum("poem.txt").toCompletableFuture().get();
    // sha256sum of "one\ntwo\nthree\n"
    assertEquals(
        new Checksum(
            "poem.txt", "b6285c57e8797db5d4c51c80d6f11938afda9b11c6a003549709189e9b4b92a2", 14),
        checksum);
  }

  @Test
  void checksumRefusesEscapesBeforeStarting() {
    assertThrows(OutsideWorkspaceException.class, () -> tools.fileChecksum("../secret.txt"));
  }
}
