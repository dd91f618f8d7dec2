package dev.toolsmith.mcp.http;

import dev.toolsmith.mcp.server.ProtocolFixture;
import java.net.InetSocketAddress;

/**
 * A replica for the scale-out test: serves {@link ProtocolFixture#registry} statelessly over HTTP
 * on a free loopback port in its own process, and prints {@code ENDPOINT url} when it listens.
 */
public final class ServeHttpFixture {

  private ServeHttpFixture() {}

  /** Args: the number of filler tools. Runs until the process is stopped. */
  public static void main(String[] args) throws InterruptedException {
    try (McpHttpServer server =
        McpHttpServer.builder(ProtocolFixture.registry(Integer.parseInt(args[0])))
            .stateless()
            .serve(new InetSocketAddress("127.0.0.1", 0))) {
      System.out.println("ENDPOINT " + server.endpoint());
      System.out.flush();
      server.awaitClose();
    }
  }
}
