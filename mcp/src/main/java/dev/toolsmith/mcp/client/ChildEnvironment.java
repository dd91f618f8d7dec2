package dev.toolsmith.mcp.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment of a stdio server's process: a few variables every program expects, copied from
 * this process, plus the server's configured {@code env}; never the whole parent environment, which
 * may hold credentials meant for the application only.
 */
final class ChildEnvironment {

  /** Variables passed through when this process has them. */
  static final List<String> PASSED =
      List.of(
          "PATH",
          "HOME",
          "USER",
          "LOGNAME",
          "SHELL",
          "LANG",
          "LC_ALL",
          "LC_CTYPE",
          "TERM",
          "TMPDIR",
          "TZ",
          // Windows needs these to start most programs.
          "SYSTEMROOT",
          "SystemRoot",
          "COMSPEC",
          "PATHEXT",
          "TEMP",
          "TMP",
          "USERPROFILE",
          "APPDATA",
          "LOCALAPPDATA");

  private ChildEnvironment() {}

  /** The passed-through variables found in {@code parent}, then {@code configured} (which wins). */
  static Map<String, String> of(Map<String, String> parent, Map<String, String> configured) {
    Map<String, String> env = new LinkedHashMap<>();
    for (String name : PASSED) {
      String value = parent.get(name);
      if (value != null) {
        env.put(name, value);
      }
    }
    env.putAll(configured);
    return env;
  }
}
