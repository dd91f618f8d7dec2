package dev.toolsmith.mcp;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Where the npm peers that mcp/src/test/node/install.sh installs are, and waiting helpers. Another
 * module's tests name the folder with the system property {@code toolsmith.mcpTestPeers}.
 */
public final class Peers {

  public static final Path NODE_DIR =
      Path.of(System.getProperty("toolsmith.mcpTestPeers", "src/test/node"))
          .toAbsolutePath()
          .normalize();
  public static final Path NODE_MODULES = NODE_DIR.resolve("node_modules");

  /** The virtual environment mcp/src/test/python/install.sh fills with the Python MCP SDK. */
  public static final Path PYTHON_PEERS =
      Path.of(System.getProperty("toolsmith.pythonPeers", "target/python-peers"))
          .toAbsolutePath()
          .normalize();

  private Peers() {}

  /** The command line that starts the MCP reference server over stdio. */
  public static List<String> everythingServer() {
    Path script = NODE_MODULES.resolve("@modelcontextprotocol/server-everything/dist/index.js");
    return List.of(node(), require(script).toString(), "stdio");
  }

  /** The node script {@code name} of mcp/src/test/node, checking the SDK is installed. */
  public static Path script(String name) {
    require(NODE_MODULES.resolve("@modelcontextprotocol/sdk/package.json"));
    return require(NODE_DIR.resolve(name));
  }

  /** The command that runs the Python script {@code name} of mcp/src/test/python. */
  public static List<String> python(String name) {
    Path python = require(PYTHON_PEERS.resolve("bin/python"));
    return List.of(
        python.toString(), require(NODE_DIR.resolveSibling("python").resolve(name)).toString());
  }

  public static String node() {
    return "node";
  }

  private static Path require(Path path) {
    if (!Files.exists(path)) {
      fail(path + " is missing: the mcp module's build installs it (mvn verify -pl mcp -am)");
    }
    return path;
  }

  /** Waits until {@code condition} holds, at most {@code limit}; false if it never did. */
  public static boolean await(BooleanSupplier condition, Duration limit)
      throws InterruptedException {
    long end = System.nanoTime() + limit.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - end > 0) {
        return false;
      }
      Thread.sleep(20);
    }
    return true;
  }
}
