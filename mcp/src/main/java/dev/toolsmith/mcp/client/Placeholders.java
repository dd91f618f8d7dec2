package dev.toolsmith.mcp.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Expands {@code ${VAR}} in configuration values from the environment. */
final class Placeholders {

  private Placeholders() {}

  /**
   * {@code value} with each {@code ${VAR}} replaced by {@code env.apply("VAR")}; a lone {@code $}
   * stays as it is.
   *
   * @throws IllegalArgumentException naming the variable when it is not set, or when a placeholder
   *     is not closed
   */
  static String expand(String value, Function<String, String> env) {
    int start = value.indexOf("${");
    if (start < 0) {
      return value;
    }
    StringBuilder out = new StringBuilder(value.length());
    int from = 0;
    while (start >= 0) {
      int end = value.indexOf('}', start + 2);
      if (end < 0) {
        throw new IllegalArgumentException("unclosed ${ in '" + value + "'");
      }
      String name = value.substring(start + 2, end);
      String replacement = name.isEmpty() ? null : env.apply(name);
      if (replacement == null) {
        throw new IllegalArgumentException("environment variable " + name + " is not set");
      }
      out.append(value, from, start).append(replacement);
      from = end + 1;
      start = value.indexOf("${", from);
    }
    return out.append(value, from, value.length()).toString();
  }

  /**
   * The variables {@code value} names in {@code ${VAR}} placeholders, in order.
   *
   * @throws IllegalArgumentException when a placeholder is not closed
   */
  static List<String> names(String value) {
    List<String> names = new ArrayList<>();
    expand(
        value,
        name -> {
          names.add(name);
          return "";
        });
    return names;
  }

  /**
   * {@code config} with its command, args, env values, url and header values expanded.
   *
   * @throws IllegalArgumentException naming the server and the variable
   */
  static McpServerConfig expand(McpServerConfig config, Function<String, String> env) {
    try {
      List<String> args = new ArrayList<>();
      for (String arg : config.args()) {
        args.add(expand(arg, env));
      }
      return config.toBuilder()
          .command(expand(config.command(), env))
          .args(args)
          .env(expandValues(config.env(), env))
          .url(expand(config.url(), env))
          .headers(expandValues(config.headers(), env))
          .build();
    } catch (IllegalArgumentException e) {
      String server = "MCP server '" + config.name() + "': ";
      throw new IllegalArgumentException(server + e.getMessage(), e);
    }
  }

  private static Map<String, String> expandValues(
      Map<String, String> values, Function<String, String> env) {
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((key, value) -> out.put(key, expand(value, env)));
    return out;
  }
}
