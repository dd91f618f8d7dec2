package dev.toolsmith.mcp;

import java.time.Duration;

/** Serves {@link Fixture#registry()} over stdio, for the TypeScript SDK client test to start. */
public final class ServeFixture {

  private ServeFixture() {}

  public static void main(String[] args) throws InterruptedException {
    try (McpRegistryServer server = McpRegistryServer.builder(Fixture.registry())
        .pollInterval(Duration.ofMillis(100))
        .serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
