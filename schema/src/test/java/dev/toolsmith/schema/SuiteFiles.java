package dev.toolsmith.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The official JSON Schema Test Suite (draft 2020-12), an outside oracle: at {@code
 * -Dtoolsmith.suite}, or in a {@code shared/json-schema-test-suite} folder beside the repository or
 * one of its parents. A test that needs a file assumes it is there.
 */
final class SuiteFiles {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SuiteFiles() {}

  /** The suite's {@code file} as a tree; the test is skipped when the suite is not found. */
  static JsonNode read(String file) throws IOException {
    Path path = root().resolve(file);
    Assumptions.assumeTrue(Files.isRegularFile(path), "JSON Schema Test Suite not at " + path);
    return JSON.readTree(path.toFile());
  }

  private static Path root() {
    String property = System.getProperty("toolsmith.suite");
    if (property != null) {
      return Path.of(property);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared/json-schema-test-suite");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return Path.of("shared/json-schema-test-suite");
  }
}
