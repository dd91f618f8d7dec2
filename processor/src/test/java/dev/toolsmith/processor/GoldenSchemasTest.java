package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The schemas of a representative set of tools, byte for byte against checked-in golden files
 * (src/test/resources/golden/schemas). To accept an intended change, run with {@code
 * -Dgolden.update=true} and review the diff.
 */
final class GoldenSchemasTest {

  private static final List<String> TOOLS =
      List.of("scalars", "containers", "tree", "shapes", "formats", "loose", "sign_up");

  @Test
  void schemasMatchTheGoldenFiles() throws IOException {
    for (String tool : TOOLS) {
      String actual = Catalog.tools().get(tool).definition().schema();
      Path golden = Path.of("src/test/resources/golden/schemas", tool + ".json");
      if (Boolean.getBoolean("golden.update")) {
        Files.createDirectories(golden.getParent());
        Files.writeString(golden, actual, StandardCharsets.UTF_8);
      }
      assertWithMessage("golden schema of " + tool + " (" + golden + ")")
          .that(actual)
          .isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    }
  }
}
