package dev.toolsmith.example;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * The command line's java.util.logging configuration: the usual one (the file {@code
 * java.util.logging.config.file} names, else the JDK's) with the runtime's loggers off unless that
 * file sets their level, since on a terminal a failing tool's result says enough. It is
 * java.util.logging's configuration class, read when something first logs: setting the level up
 * front would start java.util.logging, some seventy classes, at every run, whether anything logs or
 * not.
 */
public final class TerminalLogging {

  /** The parent of the runtime's loggers, and of this app's. */
  private static final String RUNTIME = "dev.toolsmith";

  private static final String CONFIG_CLASS = "java.util.logging.config.class";

  /** Called by java.util.logging's {@link LogManager} when it starts. */
  public TerminalLogging() throws IOException {
    Properties configuration = new Properties();
    String file = System.getProperty("java.util.logging.config.file");
    Path path =
        file != null
            ? Path.of(file)
            : Path.of(System.getProperty("java.home"), "conf", "logging.properties");
    try (InputStream in = Files.newInputStream(path)) {
      configuration.load(in);
    } catch (NoSuchFileException e) {
      // no configuration: java.util.logging's own defaults, the runtime's loggers still off
    }
    if (configuration.getProperty(RUNTIME + ".level") == null) {
      configuration.setProperty(RUNTIME + ".level", "OFF");
    }
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    configuration.store(text, null);
    LogManager.getLogManager().readConfiguration(new ByteArrayInputStream(text.toByteArray()));
  }

  /** Makes this the configuration java.util.logging reads, unless the JVM was given another. */
  static void install() {
    if (System.getProperty(CONFIG_CLASS) == null) {
      System.setProperty(CONFIG_CLASS, TerminalLogging.class.getName());
    }
  }

  /** Logs everything the runtime logs ({@code --verbose}); starts java.util.logging now. */
  static void verbose() {
    Verbose.RUNTIME_LOG.setLevel(Level.ALL);
  }

  /** Holds the runtime's logger once {@code --verbose} asks for it, so its level is kept. */
  private static final class Verbose {
    static final Logger RUNTIME_LOG = Logger.getLogger(RUNTIME);
  }
}
