package dev.toolsmith.example;

import org.apache.commons.cli.Options;

/**
 * One of the app's commands: how {@code --help} describes it, the options it reads, and what it
 * does with them.
 */
interface Command {

  /**
   * How {@code COMMAND --help} shows the command: its name, the positional parameters' synopsis
   * (e.g. {@code TOOL [JSON]}) and how many there may be, a description and a footer (exit codes,
   * examples; empty for none).
   */
  record Usage(
      String name, String parameters, int maxParameters, String description, String footer) {}

  Usage usage();

  /** The command's own options; help, version and {@code --config} are added to every command. */
  Options options();

  /** Runs the command; its exit code. A {@link UsageException} exits with 2. */
  int run(Toolsmith app, Arguments arguments) throws Exception;
}
