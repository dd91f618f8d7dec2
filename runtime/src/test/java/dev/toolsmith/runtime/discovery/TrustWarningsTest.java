package dev.toolsmith.runtime.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.LogCapture;
import dev.toolsmith.runtime.ToolRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A configuration file or plugin that other users may change is code they may run: warned. */
final class TrustWarningsTest {

  @TempDir Path temp;

  private static void chmod(Path path, String permissions) throws IOException {
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
  }

  private List<String> warningsLoading(Path config) {
    try (LogCapture log = LogCapture.of(TrustWarnings.class.getName())) {
      Discovery.builder()
          .config(ToolsmithConfig.load(config))
          .sources(List.of())
          .build()
          .into(ToolRegistry.create());
      return log.warnings();
    }
  }

  @Test
  void aConfigFileOrPluginDirectoryWritableByOthersIsWarnedAbout() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("app"));
    chmod(dir, "rwx------");
    Path plugins = Files.createDirectories(dir.resolve("plugins"));
    Path config =
        Files.writeString(dir.resolve("toolsmith.yaml"), "plugins: {directories: [plugins]}\n");
    chmod(config, "rw-rw-rw-");
    chmod(plugins, "rwxrwxr-x");

    List<String> warnings = warningsLoading(config);

    assertEquals(2, warnings.size(), warnings.toString());
    assertTrue(
        warnings
            .get(0)
            .startsWith("Configuration file " + config + " is writable by other users (rw-rw-rw-)"),
        warnings.get(0));
    assertTrue(warnings.get(0).contains("chmod go-w"), warnings.get(0));
    assertTrue(
        warnings
            .get(1)
            .startsWith(
                "Plugin directory "
                    + plugins.toAbsolutePath().normalize()
                    + " is writable by other users (rwxrwxr-x)"),
        warnings.get(1));
  }

  @Test
  void ownerOnlyFilesAreNotWarnedAbout() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("app"));
    chmod(dir, "rwxr-xr-x");
    Path plugins = Files.createDirectories(dir.resolve("plugins"));
    chmod(plugins, "rwxr-xr-x");
    Path config =
        Files.writeString(dir.resolve("toolsmith.yaml"), "plugins: {directories: [plugins]}\n");
    chmod(config, "rw-r--r--");
    assertEquals(List.of(), warningsLoading(config));
  }

  @Test
  void aConfigInADirectoryOthersMayWriteIsWarnedAbout() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("shared"));
    chmod(dir, "rwxrwxrwx");
    Path config = Files.writeString(dir.resolve("toolsmith.yaml"), "toolsets: {enabled: [all]}\n");
    chmod(config, "rw-------");
    List<String> warnings = warningsLoading(config);
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(
        warnings.get(0).startsWith("The directory of configuration file " + dir.toAbsolutePath()),
        warnings.get(0));
  }
}
