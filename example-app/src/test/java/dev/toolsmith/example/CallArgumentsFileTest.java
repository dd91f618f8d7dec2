package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code call TOOL @FILE}: the arguments from a file, bounded, a failure exiting 2. */
@Timeout(120)
final class CallArgumentsFileTest {

  @TempDir Path temp;

  @Test
  void argumentsComeFromAFile() throws IOException {
    Path file = Files.writeString(temp.resolve("args.json"), "{\"expression\":\"6*7\"}");
    CliTest.Run run = CliTest.run("call", "calculate", "@" + file);
    assertEquals(new CliTest.Run(0, "{\"expression\":\"6*7\",\"value\":42.0}\n", ""), run);
  }

  @Test
  void aMissingFileIsAUsageError() {
    CliTest.Run run = CliTest.run("call", "calculate", "@" + temp.resolve("missing.json"));
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("Cannot read the arguments file"), run.err());
  }

  @Test
  void aHugeFileAtASmallHeapExits2WithAMessageNotOutOfMemory() throws Exception {
    Path huge = temp.resolve("huge.json");
    try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
      file.setLength(200L * 1024 * 1024); // sparse: 200 MB that cost no disk
    }
    Process process =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx32m",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Toolsmith.class.getName(),
                    "call",
                    "calculate",
                    "@" + huge))
            .redirectErrorStream(true)
            .start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(2, process.exitValue(), output);
    assertTrue(
        output.contains(
            "The arguments file " + huge + " is 209715200 bytes, over the limit of 16777216"),
        output);
    assertTrue(!output.contains("OutOfMemoryError"), output);
  }
}
