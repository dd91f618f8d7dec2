package dev.toolsmith.example;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a command line run loads and logs, as whole processes: {@code list} and {@code definitions}
 * load no java.util.logging class, spin no lambda class of the project's code and load no writer of
 * a format they do not write (each costs start-up time), the runtime's warnings stay off unless
 * {@code --verbose} asks for them, and a user's own java.util.logging configuration (file or class)
 * is still the one read.
 */
final class QuietStartTest {

  private static final String WARNING = "is writable by other users";

  @ParameterizedTest
  @ValueSource(strings = {"list", "definitions"})
  void aListingLoadsNoLoggingAndSpinsNoLambdaOfOurs(String command) throws Exception {
    String classes = run(List.of("-Xlog:class+load"), command);
    assertTrue(classes.contains(" dev.toolsmith.runtime.ToolRegistry "), classes);
    List<String> logging = new ArrayList<>();
    List<String> spun = new ArrayList<>();
    List<String> otherForms = new ArrayList<>();
    for (String line : classes.lines().toList()) {
      if (line.contains("[class,load] java.util.logging.")) {
        logging.add(line);
      }
      if (line.contains(" dev.toolsmith.") && line.contains("$$Lambda")) {
        spun.add(line);
      }
      if (line.matches(
          ".* dev\\.toolsmith\\.schema\\.definition\\.(Anthropic|Gemini|Mcp)\\w* .*")) {
        otherForms.add(line);
      }
    }
    assertEquals(List.of(), logging, "java.util.logging classes loaded");
    assertEquals(List.of(), spun, "lambda classes spun by the project's code");
    assertEquals(List.of(), otherForms, "writers of formats the command does not write");
  }

  @Test
  void aWarningOfTheRuntimeIsShownOnlyWithVerbose(@TempDir Path temp) throws Exception {
    Path config = writableConfig(temp);

    String quiet = run(List.of(), "list", "--config", config.toString());
    assertTrue(quiet.contains("calculate"), quiet);
    assertFalse(quiet.contains(WARNING), quiet);

    String verbose = run(List.of(), "--verbose", "list", "--config", config.toString());
    assertTrue(verbose.contains(WARNING), verbose);
  }

  @Test
  void aLoggingFileOfTheUsersIsReadAndMaySetTheRuntimesLevel(@TempDir Path temp) throws Exception {
    Path config = writableConfig(temp);
    Path logging = temp.resolve("logging.properties");
    String handlers =
        "handlers = java.util.logging.ConsoleHandler\n"
            + "java.util.logging.SimpleFormatter.format = FROM-FILE %5$s%n\n";
    Files.writeString(logging, handlers);
    List<String> flags = List.of("-Djava.util.logging.config.file=" + logging);

    String quiet = run(flags, "list", "--config", config.toString());
    assertFalse(quiet.contains(WARNING), quiet);
    String verbose = run(flags, "--verbose", "list", "--config", config.toString());
    assertTrue(lineWith("FROM-FILE ", verbose), verbose);

    Files.writeString(logging, handlers + "dev.toolsmith.level = WARNING\n");
    String asked = run(flags, "list", "--config", config.toString());
    assertTrue(lineWith("FROM-FILE ", asked), asked);
  }

  @Test
  void aLoggingClassOfTheUsersIsTheConfigurationRead(@TempDir Path temp) throws Exception {
    Path config = writableConfig(temp);
    String output =
        run(
            List.of("-Djava.util.logging.config.class=" + UsersLogging.class.getName()),
            "list",
            "--config",
            config.toString());
    assertTrue(lineWith("FROM-CLASS ", output), output);
  }

  /** A user's java.util.logging configuration class: everything at INFO and up, marked. */
  public static final class UsersLogging {
    public UsersLogging() throws IOException {
      String properties =
          "handlers = java.util.logging.ConsoleHandler\n"
              + "java.util.logging.SimpleFormatter.format = FROM-CLASS %5$s%n\n";
      LogManager.getLogManager()
          .readConfiguration(new ByteArrayInputStream(properties.getBytes(ISO_8859_1)));
    }
  }

  /** A config file that loads every toolset and that the runtime warns about when it logs. */
  private static Path writableConfig(Path temp) throws IOException {
    Path config = temp.resolve("toolsmith.yaml");
    Files.writeString(config, "toolsets:\n  enabled: [all]\n");
    Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-rw-rw-"));
    return config;
  }

  /** Whether some line of {@code output} starts with {@code mark} and is the runtime's warning. */
  private static boolean lineWith(String mark, String output) {
    return output.lines().anyMatch(line -> line.startsWith(mark) && line.contains(WARNING));
  }

  /** The output and errors of the app's {@code main} run with {@code args}, which must exit 0. */
  private static String run(List<String> jvmFlags, String... args)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", System.getProperty("java.class.path")));
    command.add(Toolsmith.class.getName());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, process.exitValue(), output);
    return output;
  }
}
