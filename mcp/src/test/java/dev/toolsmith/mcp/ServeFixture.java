package dev.toolsmith.mcp;

/** Serves {@link Fixture#registry()} over stdio, for the TypeScript SDK client test to start. */
public final class ServeFixture {

  private ServeFixture() {}

  public static void main(String[] args) throws InterruptedException {
    try (McpRegistryServer server = McpRegistryServer.builder(Fixture.registry()).serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
