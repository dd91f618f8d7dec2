package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.modern.server.transport.StdioMcpTransport;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.jspecify.annotations.Nullable;

/**
 * Serving on stdio, in both eras: the SDK's legacy and modern stdio transports behind a gate. The
 * gate reads the input first and sends each message to the era that serves it (see {@link Eras}; a
 * {@code notifications/cancelled} to both, each cancelling what it runs). The SDK's legacy
 * transport stops reading for good after a line it cannot take, so a line that is not one JSON-RPC
 * message (a batch included: no version served has them) is answered by the gate with a parse error
 * (-32700) or an invalid request (-32600), with its id or {@code "id":null}, logged and skipped; a
 * line over the limit is read to its end and dropped, never held. The gate starts only when both
 * servers are ready, so no message is answered from a listing not yet made. The end of input ends
 * the server. Everything written goes out one whole line at a time, whoever writes it.
 */
final class StdioServing {

  private static final Logger LOG = System.getLogger(StdioServing.class.getName());

  /** Answers, before the legacy SDK, what it cannot (see {@code TransportHook#answerLegacy}). */
  @FunctionalInterface
  interface Answerer {
    /** The answer to send instead of passing {@code message} on, or null to pass it on. */
    @Nullable String answer(@Nullable String sessionId, JsonNode message);
  }

  /** The methods {@link Answerer} may take: the rest go on to the SDK unparsed. */
  private static final Set<String> ANSWERED = Set.of("tools/list", "notifications/cancelled");

  private final InputStream in;
  private final StdioStreams.LineOutput out;
  private final int maxLineBytes;
  private final Answerer answerer;
  private final BlockingQueue<byte[]> legacy = new ArrayBlockingQueue<>(64);
  private final BlockingQueue<byte[]> modern = new ArrayBlockingQueue<>(64);
  private final Runnable ended;
  private @Nullable StdioMcpTransport modernTransport;

  /** Whether a client opened a legacy session: only then may the legacy server notify it. */
  private volatile boolean legacyOpen;

  /**
   * Serving that will read {@code in} and write {@code out}; {@code ended} runs at the end of
   * input; lines over {@code maxLineBytes} are dropped; {@code answerer} sees the legacy messages
   * it may answer first.
   */
  StdioServing(
      InputStream in, OutputStream out, Runnable ended, int maxLineBytes, Answerer answerer) {
    this.in = in;
    this.out = new StdioStreams.LineOutput(out);
    this.ended = ended;
    this.maxLineBytes = maxLineBytes;
    this.answerer = answerer;
  }

  /** The legacy server's specification: the SDK's stdio transport on the legacy lines. */
  McpServer.AsyncSpecification<?> legacy(McpJsonMapper json) {
    return McpServer.async(
        ServedVersions.stdio(
            new StdioServerTransportProvider(
                json, new StdioStreams.QueueInputStream(legacy, ended), new LegacyOutput())));
  }

  /** Starts the SDK's modern stdio transport on the modern lines, answering with {@code server}. */
  void startModern(McpRequestManager server, McpJsonMapper json) {
    StdioMcpTransport transport =
        new StdioMcpTransport(
            server,
            json,
            new StdioStreams.QueueInputStream(modern, () -> {}),
            out,
            maxLineBytes + 1);
    transport.start().subscribe();
    modernTransport = transport;
  }

  /** Starts reading the input, once both servers are ready for what it brings. */
  void startReading() {
    Thread gate = new Thread(this::gate, "toolsmith-mcp-stdin");
    gate.setDaemon(true);
    gate.start();
  }

  /** Stops the modern transport (the legacy one stops with its server). */
  void close() {
    StdioMcpTransport transport = modernTransport;
    if (transport != null) {
      transport.closeGracefully().subscribe();
    }
  }

  private void gate() {
    try {
      byte[] chunk = new byte[64 * 1024];
      byte[] line = new byte[8 * 1024];
      int length = 0;
      long dropped = 0; // bytes beyond the limit in the current line
      int n;
      while ((n = in.read(chunk)) >= 0) {
        int from = 0;
        for (int i = 0; i < n; i++) {
          if (chunk[i] != '\n') {
            continue;
          }
          int part = i - from;
          if (length + part <= maxLineBytes && dropped == 0) {
            line = append(line, length, chunk, from, part);
            length += part;
          } else {
            dropped += part;
          }
          offer(line, length, dropped);
          length = 0;
          dropped = 0;
          from = i + 1;
        }
        int rest = n - from;
        if (dropped == 0 && length + rest <= maxLineBytes) {
          line = append(line, length, chunk, from, rest);
          length += rest;
        } else {
          dropped += rest;
        }
      }
      if (length > 0 || dropped > 0) {
        offer(line, length, dropped);
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "Reading stdin failed; ending", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        modern.put(StdioStreams.END);
        legacy.put(StdioStreams.END);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static byte[] append(byte[] line, int length, byte[] chunk, int from, int count) {
    byte[] target = line;
    if (length + count > target.length) {
      target = Arrays.copyOf(target, Math.max(length + count, target.length * 2));
    }
    System.arraycopy(chunk, from, target, length, count);
    return target;
  }

  /** Passes one line on to the server of its era, or answers and drops it. */
  private void offer(byte[] line, int length, long dropped) throws InterruptedException {
    int end = length;
    if (end > 0 && line[end - 1] == '\r') {
      end--;
    }
    String text = new String(line, 0, end, StandardCharsets.UTF_8);
    if (dropped > 0) {
      JsonRpcCheck.Verdict verdict = JsonRpcCheck.check(text);
      long size = length + dropped;
      LOG.log(
          Level.WARNING,
          () -> "Dropped a message of " + size + " bytes, over the limit of " + maxLineBytes);
      answer(
          out,
          new JsonRpcCheck.Verdict(
              JsonRpcCheck.INVALID_REQUEST,
              "Invalid Request: message over " + maxLineBytes + " bytes",
              verdict.id(),
              false));
      return;
    }
    if (text.isBlank()) {
      return; // an empty line carries nothing to answer
    }
    JsonRpcCheck.Verdict verdict = JsonRpcCheck.check(text);
    if (!verdict.ok()) {
      LOG.log(Level.WARNING, () -> "Refused a message on stdin: " + verdict.message());
      answer(out, verdict);
      return;
    }
    byte[] message = Arrays.copyOf(line, end + 1);
    message[end] = '\n';
    if (verdict.modern()) {
      modern.put(message);
      return;
    }
    if ("notifications/cancelled".equals(verdict.method())) {
      modern.put(message); // the modern transport cancels what it runs of that id
    }
    if ("initialize".equals(verdict.method())) {
      legacyOpen = true;
    }
    if (verdict.method() != null && ANSWERED.contains(verdict.method())) {
      String answer = answer(answerer, text);
      if (answer != null) {
        StdioStreams.write(out, answer);
        return;
      }
    }
    legacy.put(message);
  }

  private static @Nullable String answer(Answerer answerer, String text) {
    try {
      return answerer.answer(null, McpJson.MAPPER.readTree(text));
    } catch (IOException | RuntimeException e) { // checked as JSON already; never stop the gate
      LOG.log(Level.WARNING, "Answering a message failed; passing it on", e);
      return null;
    }
  }

  /** Writes the verdict's error, with {@code "id":null} when the id is unknown (JSON-RPC §5). */
  private static void answer(OutputStream out, JsonRpcCheck.Verdict verdict) {
    StdioStreams.write(out, verdict.answer());
  }

  /**
   * What the legacy server writes: its lines, except its notifications (a changed tool list) while
   * no client has opened a legacy session, which would reach a modern client untagged.
   */
  private final class LegacyOutput extends OutputStream {
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) throws IOException {
      line.write(b);
      if (b == '\n') {
        flushLine();
      }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      for (int i = off; i < off + len; i++) {
        write(b[i]);
      }
    }

    @Override
    public synchronized void flush() throws IOException {
      out.flush();
    }

    private void flushLine() throws IOException {
      byte[] bytes = line.toByteArray();
      line.reset();
      if (!legacyOpen) {
        JsonRpcCheck.Verdict verdict =
            JsonRpcCheck.check(new String(bytes, StandardCharsets.UTF_8).strip());
        if (verdict.method() != null && verdict.id() == null) {
          return; // nobody to notify
        }
      }
      out.write(bytes, 0, bytes.length);
    }
  }
}
