package dev.toolsmith.mcp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The registry names of MCP tools: {@code mcp__SERVER__TOOL}, every character outside
 * {@code [A-Za-z0-9_-]} turned into {@code _}, and at most {@value #MAX_LENGTH} characters.
 */
final class ToolNames {

  /** The longest tool name the model providers accept. */
  static final int MAX_LENGTH = 64;
  private static final int HASH_LENGTH = 8;

  private ToolNames() {}

  /** The registry name of {@code tool} on {@code server}. */
  static String of(String server, String tool) {
    String name = "mcp__" + sanitize(server) + "__" + sanitize(tool);
    if (name.length() <= MAX_LENGTH) {
      return name;
    }
    // Deterministic: the hash of the raw names keeps two long names that share a prefix apart.
    String hash = sha256Hex(server + "\u0000" + tool).substring(0, HASH_LENGTH);
    return name.substring(0, MAX_LENGTH - HASH_LENGTH - 1) + "_" + hash;
  }

  /** The toolset of {@code server}'s tools. */
  static String toolset(String server) {
    return "mcp-" + sanitize(server);
  }

  /** {@code raw} with every character outside {@code [A-Za-z0-9_-]} replaced by {@code _}. */
  static String sanitize(String raw) {
    StringBuilder out = new StringBuilder(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_' || c == '-';
      out.append(ok ? c : '_');
    }
    return out.toString();
  }

  private static String sha256Hex(String text) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
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
