package dev.toolsmith.runtime.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spill directory in a shared temp directory: anyone may have created its name first, as a link
 * or a directory of their own.
 */
final class SpillDirectoryTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path temp;

  private static JsonNode spill(Path directory) throws IOException {
    ToolRegistry registry =
        ToolRegistry.builder()
            .resultBudget(
                ResultBudget.builder().defaultMaxResultChars(10).spillDirectory(directory).build())
            .build();
    registry.register(
        ToolEntry.builder("dump", "test")
            .schema("{\"type\":\"object\",\"properties\":{}}")
            .handler((ToolHandler.Sync) (arguments, context) -> "\"" + "z".repeat(50) + "\"")
            .build());
    return JSON.readTree(registry.dispatch("dump", "{}"));
  }

  @Test
  void aSymbolicLinkInPlaceOfTheDirectoryIsRefusedAndItsTargetLeftAlone() throws IOException {
    Path victim = Files.createDirectories(temp.resolve("victim"));
    Path old = Files.writeString(victim.resolve("thesis.txt"), "years of work");
    Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(3))));
    Path planted = Files.createSymbolicLink(temp.resolve("toolsmith-results"), victim);

    JsonNode reply = spill(planted);

    assertTrue(reply.get("truncated").asBoolean(), reply.toString());
    assertFalse(reply.has("path"), reply.toString());
    assertTrue(reply.get("message").asText().contains("symbolic link"), reply.toString());
    assertTrue(Files.exists(old), "the prune followed the link and deleted the target's file");
    try (Stream<Path> files = Files.list(victim)) {
      assertEquals(List.of(old), files.toList(), "a spill file was written through the link");
    }
  }

  @Test
  void theDirectoryIsCreatedForItsOwnerOnly() throws IOException {
    Path results = temp.resolve("results");
    JsonNode reply = spill(results);
    assertTrue(reply.has("path"), reply.toString());
    assertEquals(
        "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(results)));
  }

  @Test
  void aDirectoryOwnedBySomeoneElseIsRefused() throws IOException {
    Path results = Files.createDirectories(temp.resolve("results"));
    UserPrincipal nobody;
    try {
      nobody =
          results.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
      Files.setOwner(results, nobody);
    } catch (IOException | UnsupportedOperationException e) {
      assumeTrue(false, "cannot give a directory to another user here: " + e);
      return;
    }
    JsonNode reply = spill(results);
    assertFalse(reply.has("path"), reply.toString());
    assertTrue(reply.get("message").asText().contains("is owned by nobody"), reply.toString());
  }

  @Test
  void thePruneLeavesLinksNamedLikeSpillFilesAndTheirTargetsAlone() throws IOException {
    Path results = Files.createDirectories(temp.resolve("results"));
    Path elsewhere = Files.writeString(temp.resolve("precious.txt"), "keep");
    Files.setLastModifiedTime(elsewhere, FileTime.from(Instant.now().minus(Duration.ofDays(3))));
    Path link = Files.createSymbolicLink(results.resolve("old-1.txt"), elsewhere);
    assertEquals(0, ResultSpill.prune(results, Instant.now().minus(Duration.ofHours(24))));
    assertTrue(Files.exists(elsewhere));
    assertTrue(Files.isSymbolicLink(link));
  }

  @Test
  void theDefaultDirectoryIsPerUser() {
    assertEquals(
        Path.of(
            System.getProperty("java.io.tmpdir"),
            "toolsmith-results-" + System.getProperty("user.name")),
        ResultBudget.defaultSpillDirectory());
  }
}
