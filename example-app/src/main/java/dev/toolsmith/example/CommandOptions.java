package dev.toolsmith.example;

import org.apache.commons.cli.Option;

/** The commands' options, built one way: long names only, a label for each value. */
final class CommandOptions {

  private CommandOptions() {}

  /** {@code --NAME LABEL}: an option that takes one value. */
  static Option value(String name, String label, String description) {
    return Option.builder().longOpt(name).hasArg().argName(label).desc(description).build();
  }

  /** {@code --NAME}: an option that is on or off. */
  static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }

  /** {@code --NAME [LABEL]}: an option whose value may be left out. */
  static Option optionalValue(String name, String label, String description) {
    return Option.builder()
        .longOpt(name)
        .hasArg()
        .optionalArg(true)
        .argName(label)
        .desc(description)
        .build();
  }
}
