package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One HTTP/1.1 exchange on a raw socket (any Host, any body), for the hostile tests. */
final class RawHttp {

  static final ObjectMapper JSON = new ObjectMapper();

  /** Status (0 when closed without an answer), the mcp-session-id header (or null), the body. */
  record Answer(int status, String sessionId, String body) {
    /** The JSON-RPC message in the body: plain JSON, or the first SSE data line. */
    JsonNode message() throws Exception {
      String text = body;
      for (String line : body.split("\n")) {
        if (line.startsWith("data:")) {
          text = line.substring(5).trim();
          break;
        }
      }
      return JSON.readTree(text);
    }
  }

  private RawHttp() {}

  static Answer post(int port, String body, Map<String, String> headers) throws Exception {
    return post("127.0.0.1", port, body, headers);
  }

  /** A POST from this machine to {@code host}, on a connection of its own. */
  static Answer post(String host, int port, String body, Map<String, String> headers)
      throws Exception {
    return exchange(new Socket(host, port), "POST", port, body, headers);
  }

  /** A POST to 127.0.0.1 from the local address {@code from} (127.0.0.x: another client). */
  static Answer postFrom(String from, int port, String body, Map<String, String> headers)
      throws Exception {
    return exchange(from(from, port), "POST", port, body, headers);
  }

  /** A DELETE (closing a session) from the local address {@code from}; its status. */
  static int deleteFrom(String from, int port, Map<String, String> headers) throws Exception {
    return exchange(from(from, port), "DELETE", port, "", headers).status();
  }

  private static Socket from(String from, int port) throws Exception {
    Socket socket = new Socket();
    socket.bind(new InetSocketAddress(from, 0));
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
    return socket;
  }

  private static Answer exchange(
      Socket connected, String method, int port, String body, Map<String, String> headers)
      throws Exception {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    try (Socket socket = connected) {
      socket.setSoTimeout(20_000);
      StringBuilder request =
          new StringBuilder(
              method
                  + " /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                  + port
                  + "\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\nContent-Length: "
                  + bytes.length
                  + "\r\nConnection: close\r\n");
      headers.forEach(
          (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
      request.append("\r\n");
      socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().write(bytes);
      socket.getOutputStream().flush();
      return read(socket.getInputStream());
    }
  }

  /** Reads a whole answer; the server closes the connection (Connection: close). */
  static Answer read(InputStream in) throws Exception {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] chunk = new byte[8192];
    int n;
    while ((n = in.read(chunk)) >= 0) {
      all.write(chunk, 0, n);
      String sofar = all.toString(StandardCharsets.UTF_8);
      // An event stream stays open: one event is enough.
      if (sofar.contains("text/event-stream")
          && sofar.contains("\n\n")
          && sofar.substring(sofar.indexOf("\r\n\r\n")).contains("data:")
          && sofar.endsWith("\n\n")) {
        break;
      }
    }
    String text = all.toString(StandardCharsets.UTF_8);
    int split = text.indexOf("\r\n\r\n");
    if (split < 0) {
      return new Answer(0, null, text); // closed without an answer
    }
    String head = text.substring(0, split);
    String body = text.substring(split + 4);
    if (head.toLowerCase(java.util.Locale.ROOT).contains("transfer-encoding: chunked")) {
      body = unchunk(body);
    }
    String session = null;
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("mcp-session-id:")) {
        session = line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return new Answer(Integer.parseInt(head.split(" ")[1]), session, body);
  }

  private static String unchunk(String body) {
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (at < body.length()) {
      int end = body.indexOf("\r\n", at);
      if (end < 0) {
        break;
      }
      int size = Integer.parseInt(body.substring(at, end).trim(), 16);
      if (size == 0) {
        break;
      }
      int from = end + 2;
      out.append(body, from, Math.min(body.length(), from + size));
      at = from + size + 2;
    }
    return out.toString();
  }

  static String initialize() {
    return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
        + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";
  }

  /** A new initialized session's id. */
  static String session(int port) throws Exception {
    return session("127.0.0.1", port);
  }

  /** A new, initialized session of the client at local address {@code from}. */
  static String session(String from, int port) throws Exception {
    Answer init = postFrom(from, port, initialize(), Map.of());
    if (init.status() != 200 || init.sessionId() == null) {
      throw new AssertionError("initialize: " + init);
    }
    postFrom(
        from,
        port,
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
        Map.of("mcp-session-id", init.sessionId(), "MCP-Protocol-Version", "2025-06-18"));
    return init.sessionId();
  }

  static Map<String, String> in(String session) {
    return Map.of("mcp-session-id", session, "MCP-Protocol-Version", "2025-06-18");
  }
}
