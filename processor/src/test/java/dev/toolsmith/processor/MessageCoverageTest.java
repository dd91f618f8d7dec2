package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every message the processor can report is expected, by its constant, by some test. */
final class MessageCoverageTest {

  @Test
  void everyMessageIsNamedByATest() throws IOException {
    StringBuilder tests = new StringBuilder();
    try (Stream<Path> files = Files.walk(Path.of("src/test/java"))) {
      for (Path file : files.filter(f -> f.toString().endsWith("Test.java")).toList()) {
        if (!file.endsWith("MessageCoverageTest.java")) {
          tests.append(Files.readString(file));
        }
      }
    }
    List<Message> unnamed = new ArrayList<>();
    for (Message message : Message.values()) {
      if (!tests.toString().matches("(?s).*\\bMessage\\." + message.name() + "\\b.*")) {
        unnamed.add(message);
      }
    }
    assertWithMessage("messages no test expects").that(unnamed).isEmpty();
  }
}
