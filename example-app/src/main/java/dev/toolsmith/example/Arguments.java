package dev.toolsmith.example;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.jspecify.annotations.Nullable;

/**
 * One command's parsed command line, read as typed values; a value that does not convert is a
 * {@link UsageException} naming the option.
 */
final class Arguments {

  private final CommandLine parsed;

  Arguments(CommandLine parsed) {
    this.parsed = parsed;
  }

  /** Whether the option {@code name} (its long name, without dashes) was given. */
  boolean flag(String name) {
    return parsed.hasOption(name);
  }

  /** The option's value, or null when it was not given (or given with no value). */
  @Nullable String value(String name) {
    return parsed.getOptionValue(name);
  }

  /** The option's value, or {@code fallback} when it was not given. */
  String value(String name, String fallback) {
    String value = parsed.getOptionValue(name);
    return value != null ? value : fallback;
  }

  /** The option's value as an integer, or {@code fallback} when it was not given. */
  int integer(String name, int fallback) {
    Integer value = integer(name);
    return value != null ? value : fallback;
  }

  /** The option's value as an integer, or null when it was not given. */
  @Nullable Integer integer(String name) {
    String value = parsed.getOptionValue(name);
    if (value == null) {
      return null;
    }
    try {
      return Integer.valueOf(value.trim());
    } catch (NumberFormatException e) {
      throw invalid(name, value, "is not an int");
    }
  }

  /** The option's value as a path, or null when it was not given. */
  @Nullable Path path(String name) {
    String value = parsed.getOptionValue(name);
    if (value == null) {
      return null;
    }
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw invalid(name, value, "is not a path: " + e.getReason());
    }
  }

  /** Every value of a repeatable option, each split at commas; null when it was not given. */
  @Nullable List<String> list(String name) {
    String[] values = parsed.getOptionValues(name);
    if (values == null) {
      return null;
    }
    List<String> items = new ArrayList<>();
    for (String value : values) {
      for (String item : value.split(",", -1)) {
        items.add(item);
      }
    }
    return items;
  }

  /** The positional parameter at {@code index}, or null when there are fewer. */
  @Nullable String parameter(int index) {
    List<String> parameters = parsed.getArgList();
    return index < parameters.size() ? parameters.get(index) : null;
  }

  /** The positional parameter at {@code index}; a usage error naming {@code label} when absent. */
  String required(int index, String label) {
    String value = parameter(index);
    if (value == null) {
      throw new UsageException("Missing required parameter: '" + label + "'");
    }
    return value;
  }

  /** A usage error: {@code value} of option {@code name} cannot be used, for {@code reason}. */
  static UsageException invalid(String name, String value, String reason) {
    return new UsageException(
        "Invalid value for option '--" + name + "': '" + value + "' " + reason);
  }
}
