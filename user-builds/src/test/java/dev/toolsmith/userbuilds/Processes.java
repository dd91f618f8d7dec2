package dev.toolsmith.userbuilds;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a command as a user would type it, bounded in time, and keeps what it printed. */
final class Processes {

  /** What a finished command printed (stdout and stderr together) and its exit code. */
  record Result(int exitCode, String output) {}

  private Processes() {}

  /** Runs {@code command} in {@code dir} for at most {@code seconds}, its input closed. */
  static Result run(Path dir, long seconds, List<String> command)
      throws IOException, InterruptedException {
    Process process =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
            .start();
    byte[][] output = new byte[1][];
    Thread reader =
        new Thread(
            () -> {
              try {
                output[0] = process.getInputStream().readAllBytes();
              } catch (IOException e) {
                output[0] = new byte[0];
              }
            });
    reader.start();
    boolean finished = process.waitFor(seconds, TimeUnit.SECONDS);
    if (!finished) {
      process.destroyForcibly().waitFor();
    }
    reader.join(10_000);
    String text = output[0] == null ? "" : new String(output[0], StandardCharsets.UTF_8);
    assertTrue(finished, "still running after " + seconds + " s: " + command + "\n" + text);
    return new Result(process.exitValue(), text);
  }

  /** The java launcher of the JVM running the tests. */
  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static java.io.File nullDevice() {
    return new java.io.File(
        System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
  }
}
