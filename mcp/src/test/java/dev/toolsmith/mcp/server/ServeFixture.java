package dev.toolsmith.mcp.server;

/**
 * Serves {@link Fixture#registry()} (or with {@code structured}, {@link Fixture#structured()}) over
 * stdio, for the TypeScript SDK client test to start.
 */
public final class ServeFixture {

  private ServeFixture() {}

  public static void main(String[] args) throws InterruptedException {
    try (McpRegistryServer server =
        McpRegistryServer.builder(
                args.length > 0 && args[0].equals("structured")
                    ? Fixture.structured()
                    : Fixture.registry())
            .serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
