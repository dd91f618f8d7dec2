package dev.toolsmith.mcp.server;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
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
 * Serving on stdio: the SDK's stdio transport behind a gate. The SDK's transport stops reading for
 * good after a line it cannot take, so the gate reads the input first: a line that is not one
 * JSON-RPC message (a batch included: no version served has them) is answered with a parse error
 * (-32700) or an invalid request (-32600), with its id or {@code "id":null}, logged and skipped; a
 * line over the limit is read to its end and dropped, never held; the rest go on to the SDK. The
 * end of input ends the server.
 */
final class StdioServing {

  private static final Logger LOG = System.getLogger(StdioServing.class.getName());
  private static final byte[] END = new byte[0];

  private StdioServing() {}

  /** Answers, before the SDK, what it cannot (see {@code McpRegistryServer#answer}). */
  @FunctionalInterface
  interface Answerer {
    /** The answer to send instead of passing {@code message} on, or null to pass it on. */
    @Nullable String answer(@Nullable String sessionId, JsonNode message);
  }

  /** The methods {@link Answerer} may take: the rest go on to the SDK unparsed. */
  private static final Set<String> ANSWERED = Set.of("tools/list", "notifications/cancelled");

  /**
   * A server reading {@code in}, writing {@code out}; {@code ended} runs at the end of input; lines
   * over {@code maxLineBytes} are dropped; {@code answerer} sees the messages it may answer first.
   */
  static McpServer.AsyncSpecification<?> specification(
      InputStream in, OutputStream out, Runnable ended, int maxLineBytes, Answerer answerer) {
    BlockingQueue<byte[]> lines = new ArrayBlockingQueue<>(64);
    Thread gate =
        new Thread(() -> gate(in, out, lines, maxLineBytes, answerer), "toolsmith-mcp-stdin");
    gate.setDaemon(true);
    gate.start();
    return McpServer.async(
        ServedVersions.stdio(
            new StdioServerTransportProvider(
                ServingJson.SERVING, new QueueInputStream(lines, ended), out)));
  }

  private static void gate(
      InputStream in,
      OutputStream out,
      BlockingQueue<byte[]> lines,
      int maxLineBytes,
      Answerer answerer) {
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
          offer(lines, out, line, length, dropped, maxLineBytes, answerer);
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
        offer(lines, out, line, length, dropped, maxLineBytes, answerer);
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "Reading stdin failed; ending", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      try {
        lines.put(END);
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

  /** Passes one line on to the SDK, or answers and drops it. */
  private static void offer(
      BlockingQueue<byte[]> lines,
      OutputStream out,
      byte[] line,
      int length,
      long dropped,
      int maxLineBytes,
      Answerer answerer)
      throws InterruptedException {
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
    if (verdict.ok() && verdict.method() != null && ANSWERED.contains(verdict.method())) {
      String answer = answer(answerer, text);
      if (answer != null) {
        write(out, answer);
        return;
      }
    }
    if (verdict.ok()) {
      byte[] message = Arrays.copyOf(line, end + 1);
      message[end] = '\n';
      lines.put(message);
    } else {
      LOG.log(Level.WARNING, () -> "Refused a message on stdin: " + verdict.message());
      answer(out, verdict);
    }
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
    write(out, verdict.answer());
  }

  /** Writes one message as the SDK writes: a whole line on out. */
  private static void write(OutputStream out, String message) {
    byte[] bytes = (message + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      synchronized (out) { // the SDK's transport writes each message holding this lock
        out.write(bytes);
        out.flush();
      }
    } catch (IOException e) {
      LOG.log(Level.WARNING, "Writing to stdout failed", e);
    }
  }

  /** The accepted lines as one stream for the SDK; {@code ended} runs when it ends. */
  private static final class QueueInputStream extends InputStream {
    private final BlockingQueue<byte[]> lines;
    private final Runnable ended;
    private byte[] current = new byte[0];
    private int position;
    private boolean done;

    QueueInputStream(BlockingQueue<byte[]> lines, Runnable ended) {
      this.lines = lines;
      this.ended = ended;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      while (position == current.length) {
        if (done) {
          return -1;
        }
        try {
          current = lines.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted", e);
        }
        position = 0;
        if (current == END) {
          done = true;
          ended.run();
          return -1;
        }
      }
      int n = Math.min(len, current.length - position);
      System.arraycopy(current, position, b, off, n);
      position += n;
      return n;
    }
  }
}
