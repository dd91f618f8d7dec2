package dev.toolsmith.runtime.support;

/** JSON Pointer helpers for problem paths. */
final class Paths {

  private Paths() {}

  /** Escapes one JSON Pointer reference token ({@code ~} and {@code /}). */
  static String escape(String token) {
    if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
      return token;
    }
    return token.replace("~", "~0").replace("/", "~1");
  }
}
