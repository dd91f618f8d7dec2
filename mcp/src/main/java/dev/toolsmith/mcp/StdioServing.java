package dev.toolsmith.mcp;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** Serving on stdio: the SDK's stdio transport on two streams, telling when the input ends. */
final class StdioServing {

  private StdioServing() {}

  /** A server reading {@code in}, writing {@code out}; {@code ended} runs at the end of input. */
  static McpServer.AsyncSpecification<?> specification(InputStream in, OutputStream out,
      Runnable ended) {
    InputStream watched = new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        return ended(super.read());
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return ended(super.read(b, off, len));
      }

      private int ended(int n) {
        if (n < 0) {
          ended.run();
        }
        return n;
      }
    };
    return McpServer.async(new StdioServerTransportProvider(McpJson.SDK, watched, out));
  }
}
