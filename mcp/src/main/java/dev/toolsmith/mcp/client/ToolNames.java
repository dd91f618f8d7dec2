package dev.toolsmith.mcp.client;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The registry names of MCP tools, byte for byte those of the reference contract, so that
 * allowlists, prompts and transcripts carry over: {@code mcp__SERVER__TOOL}, every character
 * outside {@code [A-Za-z0-9_]} of either part (hyphens included) turned into {@code _}; a name over
 * {@value #MAX_LENGTH} characters becomes its first 55 characters, {@code _}, and the first {@value
 * #HASH_LENGTH} hex digits of the SHA-256 of the whole unclamped name.
 */
final class ToolNames {

  /** The longest tool name the model providers accept. */
  static final int MAX_LENGTH = 64;

  static final int HASH_LENGTH = 8;
  private static final String PREFIX = "mcp__";

  private ToolNames() {}

  /** The registry name of {@code tool} on {@code server}. */
  static String of(String server, String tool) {
    String name = PREFIX + sanitize(server) + "__" + sanitize(tool);
    if (name.length() <= MAX_LENGTH) {
      return name;
    }
    String suffix = "_" + sha256Hex(name).substring(0, HASH_LENGTH);
    return name.substring(0, MAX_LENGTH - suffix.length()) + suffix;
  }

  /**
   * The toolset of {@code server}'s tools: {@code mcp-SERVER}, with the characters outside {@code
   * [A-Za-z0-9_-]} turned into {@code _} (the reference keeps the server's name as it is).
   */
  static String toolset(String server) {
    StringBuilder out = new StringBuilder("mcp-");
    server.codePoints().forEach(c -> out.append(c == '-' || word(c) ? (char) c : '_'));
    return out.toString();
  }

  /**
   * {@code raw} with every character outside {@code [A-Za-z0-9_]} replaced by {@code _}: one {@code
   * _} per code point, as the reference's regular expression over a Python string does.
   */
  static String sanitize(String raw) {
    StringBuilder out = new StringBuilder(raw.length());
    raw.codePoints().forEach(c -> out.append(word(c) ? (char) c : '_'));
    return out.toString();
  }

  private static boolean word(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  }

  private static String sha256Hex(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder(digest.length * 2);
      for (byte b : digest) {
        hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) { // every JVM has SHA-256
      throw new AssertionError(e);
    }
  }
}
