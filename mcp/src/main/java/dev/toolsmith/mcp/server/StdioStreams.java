package dev.toolsmith.mcp.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;

/**
 * The streams stdio serving puts between the process's stdin and stdout and the SDK's two stdio
 * transports: stdout shared one whole line at a time, and the lines the gate accepted for one era
 * as the input stream that era's transport reads.
 */
final class StdioStreams {

  private static final Logger LOG = System.getLogger(StdioStreams.class.getName());

  /** Put in a line queue, ends the stream that reads it. */
  static final byte[] END = new byte[0];

  private StdioStreams() {}

  /** Writes one message as the SDK writes: a whole line on out. */
  static void write(OutputStream out, String message) {
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

  /**
   * Stdout as every writer shares it: one whole line per write, under the lock the SDK's legacy
   * transport takes for its own lines (this stream), so lines never interleave.
   */
  static final class LineOutput extends OutputStream {
    private final OutputStream out;

    LineOutput(OutputStream out) {
      this.out = out;
    }

    @Override
    public synchronized void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public synchronized void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** The accepted lines as one stream for the SDK; {@code ended} runs when it ends. */
  static final class QueueInputStream extends InputStream {
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
