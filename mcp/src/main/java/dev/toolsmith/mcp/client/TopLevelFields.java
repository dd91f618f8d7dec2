package dev.toolsmith.mcp.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.toolsmith.mcp.internal.McpJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * What a JSON-RPC message says at its top level ({@code id}, whether it has a {@code method}), read
 * byte by byte from a message too long to hold or to parse: a parser would buffer the huge string
 * that made it too long, this keeps only the few bytes of the {@code id}. Servers write {@code id}
 * before or after the result (the TypeScript SDK writes it last), so the whole message is fed.
 */
final class TopLevelFields {

  private static final int MAX_CAPTURED = 256;

  private enum Capture {
    NONE,
    KEY,
    ID_STRING,
    ID_NUMBER
  }

  private int depth;
  private boolean inString;
  private boolean escaped;
  private boolean expectingKey;
  private String lastKey = "";
  private Capture capture = Capture.NONE;
  private final byte[] captured = new byte[MAX_CAPTURED];
  private int capturedLength;
  private @Nullable Object id;
  private boolean method;
  private final @Nullable UpstreamSpill spill;
  private boolean inResult;

  TopLevelFields() {
    this(null);
  }

  /**
   * @param spill given the bytes of the top-level {@code result} object as they are read
   */
  TopLevelFields(@Nullable UpstreamSpill spill) {
    this.spill = spill;
  }

  /** Reads {@code count} more bytes of the message. */
  void feed(byte[] bytes, int from, int count) {
    for (int i = from; i < from + count; i++) {
      boolean wasInResult = inResult;
      feed(bytes[i]);
      if (spill != null && (wasInResult || inResult)) {
        spill.write(bytes[i]);
      }
    }
  }

  /** What was given the bytes of the message's {@code result}, or null. */
  @Nullable UpstreamSpill spill() {
    return spill;
  }

  private void feed(byte b) {
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (b == '\\') {
        escaped = true;
      } else if (b == '"') {
        inString = false;
        endString();
        return;
      }
      keep(b);
      return;
    }
    switch (b) {
      case '"' -> {
        inString = true;
        if (depth == 1 && expectingKey) {
          start(Capture.KEY);
        } else if (atIdValue()) {
          start(Capture.ID_STRING);
        }
      }
      case '{', '[' -> {
        endNumber();
        inResult |= b == '{' && depth == 1 && !expectingKey && lastKey.equals("result");
        depth++;
        expectingKey = depth == 1 && b == '{';
      }
      case '}', ']' -> {
        endNumber();
        depth--;
        inResult &= depth > 1;
      }
      case ':' -> {
        if (depth == 1) {
          expectingKey = false;
          method |= lastKey.equals("method");
        }
      }
      case ',' -> {
        endNumber();
        if (depth == 1) {
          expectingKey = true;
          lastKey = "";
        }
      }
      case ' ', '\t', '\r', '\n' -> endNumber();
      default -> {
        if (atIdValue() && capture == Capture.NONE) {
          start(Capture.ID_NUMBER);
        }
        keep(b);
      }
    }
  }

  private boolean atIdValue() {
    return depth == 1 && !expectingKey && lastKey.equals("id") && id == null;
  }

  private void start(Capture what) {
    capture = what;
    capturedLength = 0;
  }

  private void keep(byte b) {
    if (capture != Capture.NONE && capturedLength < MAX_CAPTURED) {
      captured[capturedLength++] = b;
    }
  }

  private void endString() {
    String text = new String(captured, 0, capturedLength, StandardCharsets.UTF_8);
    if (capture == Capture.KEY) {
      lastKey = text;
    } else if (capture == Capture.ID_STRING && capturedLength < MAX_CAPTURED) {
      try {
        id = McpJson.MAPPER.readValue("\"" + text + "\"", String.class); // resolves escapes
      } catch (JsonProcessingException e) {
        // not a valid string: no id
      }
    }
    capture = Capture.NONE;
  }

  private void endNumber() {
    if (capture != Capture.ID_NUMBER) {
      return;
    }
    capture = Capture.NONE;
    String text = new String(Arrays.copyOf(captured, capturedLength), StandardCharsets.US_ASCII);
    try {
      id = Integer.valueOf(text);
    } catch (NumberFormatException e) {
      try {
        id = Long.valueOf(text);
      } catch (NumberFormatException e2) {
        // not an integer: no id JSON-RPC allows
      }
    }
  }

  /** The message's top-level {@code id} (a string or an integer), or null when none was read. */
  @Nullable Object id() {
    endNumber();
    return id;
  }

  /** Whether the message has a top-level {@code method}: a request or notification, no answer. */
  boolean hasMethod() {
    return method;
  }
}
