package dev.toolsmith.userbuilds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * A fresh local Maven repository holding what {@code mvn install} in the Toolsmith repository puts
 * there for a user's build: the parent and BOM POMs, and each published module this build packaged
 * (its POM and jar, read from the module's folder). Laid out as {@code mvn install} lays out a
 * snapshot, without remote-origin records, so Maven takes them as installed locally.
 */
final class StagedRepository {

  private static final String VERSION = "0.1.0-SNAPSHOT";

  /** The module folders a getting-started build needs, by artifact. */
  private static final Map<String, String> MODULES =
      Map.of(
          "toolsmith-annotations", "annotations",
          "toolsmith-schema", "schema",
          "toolsmith-runtime", "runtime",
          "toolsmith-processor", "processor",
          "toolsmith-mcp", "mcp");

  private StagedRepository() {}

  /** Stages this build's artifacts in {@code repository}, read from the reactor at {@code root}. */
  static Path create(Path repository, Path root) throws IOException {
    stage(repository, "toolsmith-parent", root.resolve("pom.xml"), null);
    stage(repository, "toolsmith-bom", root.resolve("bom/pom.xml"), null);
    for (Map.Entry<String, String> module : MODULES.entrySet()) {
      Path folder = root.resolve(module.getValue());
      Path jar = folder.resolve("target/" + module.getKey() + "-" + VERSION + ".jar");
      if (!Files.isRegularFile(jar)) {
        throw new IllegalStateException(
            jar + " is missing: build the modules first (mvn verify builds them before this one)");
      }
      stage(repository, module.getKey(), folder.resolve("pom.xml"), jar);
    }
    return repository;
  }

  private static void stage(Path repository, String artifact, Path pom, Path jar)
      throws IOException {
    Path dir =
        Files.createDirectories(repository.resolve("dev/toolsmith/" + artifact + "/" + VERSION));
    String base = artifact + "-" + VERSION;
    Files.copy(pom, dir.resolve(base + ".pom"), StandardCopyOption.REPLACE_EXISTING);
    if (jar != null) {
      Files.copy(jar, dir.resolve(base + ".jar"), StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
