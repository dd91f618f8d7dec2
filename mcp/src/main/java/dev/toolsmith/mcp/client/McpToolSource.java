package dev.toolsmith.mcp.client;

import dev.toolsmith.runtime.spi.ConfigException;
import dev.toolsmith.runtime.spi.ConfigNode;
import dev.toolsmith.runtime.spi.ToolSource;
import dev.toolsmith.runtime.spi.ToolSourceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Phase 2 of discovery for MCP: each server of the {@code mcp_servers} section connected, its tools
 * registered as {@code mcp__SERVER__TOOL} under the origin {@code mcp_servers.SERVER}, kept current
 * until {@link #close()} or the JVM's exit, which also stops its stdio servers. Found by {@link
 * java.util.ServiceLoader} when this module is on the class path.
 */
public final class McpToolSource implements ToolSource, AutoCloseable {

  /** The configuration section this source declares: the servers, by name. */
  public static final String SECTION = "mcp_servers";

  private volatile @Nullable McpClients clients;

  /** Created by {@link java.util.ServiceLoader}. */
  public McpToolSource() {}

  @Override
  public String section() {
    return SECTION;
  }

  @Override
  public void load(ToolSourceContext context) {
    ConfigNode section = context.config().requireMap();
    List<McpServerConfig> servers = new ArrayList<>();
    for (Map.Entry<String, ConfigNode> server : section.fields().entrySet()) {
      try {
        servers.add(McpConfig.parse(server.getKey(), server.getValue()));
      } catch (ConfigException e) {
        context.failed(server.getKey(), e.getMessage());
      }
    }
    if (servers.isEmpty()) {
      return;
    }
    McpClients connected = McpClients.builder().servers(servers).build();
    clients = connected;
    Runtime.getRuntime().addShutdownHook(new Thread(connected::close, "toolsmith-mcp-shutdown"));
    connected.connect(context.sink(), reporter(context));
  }

  /** Tells {@code context} of each server that failed or is disabled; it logs the failures. */
  static McpClients.Reporter reporter(ToolSourceContext context) {
    return new McpClients.Reporter() {
      @Override
      public void failed(String server, String reason) {
        context.failed(server, reason);
      }

      @Override
      public void disabled(String server) {
        context.disabled(server, "enabled: false");
      }

      @Override
      public boolean logsFailures() {
        return true;
      }
    };
  }

  /** The connected servers, once {@link #load} ran; for status listings. */
  public List<ServerStatus> servers() {
    McpClients current = clients;
    return current == null ? List.of() : current.servers();
  }

  /** Disconnects every server and stops the stdio ones; their tools answer with an error after. */
  @Override
  public void close() {
    McpClients current = clients;
    if (current != null) {
      current.close();
    }
  }
}
