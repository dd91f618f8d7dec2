package dev.toolsmith.mcp.server;

import java.util.Set;

/** Serves {@link Fixture#registry()} over stdio with tool search, {@code add} always loaded. */
public final class ServeToolSearchFixture {

  private ServeToolSearchFixture() {}

  public static void main(String[] args) throws InterruptedException {
    try (McpRegistryServer server =
        McpRegistryServer.builder(Fixture.registry()).toolSearch(Set.of("add")).serveStdio()) {
      server.awaitClose();
    }
    System.exit(0);
  }
}
