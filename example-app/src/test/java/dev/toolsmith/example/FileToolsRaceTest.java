package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.example.FileTools.ReadFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread flips a name in the workspace between something inside and a link to something outside
 * while the file tools read it: not one call may read the outside file.
 */
@Timeout(120)
final class FileToolsRaceTest {

  private static final int CALLS = 3000;

  @TempDir Path temp;

  /** What the calls saw: inside reads, outside reads, refusals. */
  private record Tally(int inside, int outside, int refused) {}

  @Test
  void aLinkFlippedBetweenAFileInsideAndOneOutsideIsNeverReadOutside() throws Exception {
    Path root = Files.createDirectories(temp.resolve("root"));
    Files.writeString(root.resolve("inside.txt"), "inside");
    Path outside = Files.writeString(temp.resolve("secret.txt"), "OUTSIDE");
    Path flip = root.resolve("flip.txt");
    Path toInside = root.resolve("in.link");
    Path toOutside = root.resolve("out.link");
    Tally tally =
        race(
            root,
            "flip.txt",
            () -> {
              Files.deleteIfExists(toInside);
              Files.createSymbolicLink(toInside, root.resolve("inside.txt"));
              Files.move(toInside, flip, StandardCopyOption.ATOMIC_MOVE);
              Files.deleteIfExists(toOutside);
              Files.createSymbolicLink(toOutside, outside);
              Files.move(toOutside, flip, StandardCopyOption.ATOMIC_MOVE);
            });
    assertEquals(0, tally.outside(), tally.toString());
    assertTrue(tally.inside() > 0, "the race never let a read through: " + tally);
  }

  @Test
  void aDirectoryFlippedWithALinkToOneOutsideIsNeverReadOutside() throws Exception {
    Path root = Files.createDirectories(temp.resolve("root"));
    Path sub = Files.createDirectories(root.resolve("sub"));
    Files.writeString(sub.resolve("secret.txt"), "inside");
    Path away = root.resolve("sub.away");
    Path outsideDir = Files.createDirectories(temp.resolve("outside"));
    Files.writeString(outsideDir.resolve("secret.txt"), "OUTSIDE");
    Tally tally =
        race(
            root,
            "sub/secret.txt",
            () -> {
              Files.move(sub, away, StandardCopyOption.ATOMIC_MOVE);
              Files.createSymbolicLink(sub, outsideDir);
              hold();
              Files.delete(sub);
              Files.move(away, sub, StandardCopyOption.ATOMIC_MOVE);
              hold(); // else the directory is back for too short a time for any read to see it
            });
    assertEquals(0, tally.outside(), tally.toString());
    assertTrue(tally.inside() > 0, "the race never let a read through: " + tally);
  }

  /** Keeps the flipper in its current state for a few microseconds. */
  private static void hold() {
    long until = System.nanoTime() + 20_000;
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  private interface Flip {
    void run() throws IOException;
  }

  /**
   * Reads and checksums {@code path} {@link #CALLS} times each while {@code flip} runs, and on
   * until one read went through (for at most 30 s): a race in which every read was refused shows
   * nothing.
   */
  private static Tally race(Path root, String path, Flip flip) throws Exception {
    FileTools tools = new FileTools(Workspace.of(root));
    String outsideSum =
        java.util.HexFormat.of()
            .formatHex(
                java.security.MessageDigest.getInstance("SHA-256")
                    .digest("OUTSIDE".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    AtomicBoolean stop = new AtomicBoolean();
    Thread flipper =
        new Thread(
            () -> {
              while (!stop.get()) {
                try {
                  flip.run();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              }
            });
    flipper.start();
    int inside = 0;
    int outside = 0;
    int refused = 0;
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
    int calls = 0;
    try {
      for (; calls < CALLS || (inside == 0 && System.nanoTime() < deadline); calls++) {
        try {
          String text = tools.readFile(new ReadFile(path, null));
          if (text.contains("OUTSIDE")) {
            outside++;
          } else {
            inside++;
          }
        } catch (IOException e) {
          refused++;
        }
        try {
          String sum = tools.fileChecksum(path).toCompletableFuture().join().sha256();
          if (sum.equals(outsideSum)) {
            outside++;
          }
        } catch (IOException | RuntimeException e) {
          refused++;
        }
      }
    } finally {
      stop.set(true);
      flipper.join();
    }
    Tally tally = new Tally(inside, outside, refused);
    System.out.println(path + " raced " + calls + " reads and checksums: " + tally);
    return tally;
  }
}
