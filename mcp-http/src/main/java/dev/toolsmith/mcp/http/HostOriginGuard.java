package dev.toolsmith.mcp.http;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Refuses a request whose {@code Host} is not one of the server's names, or whose {@code Origin},
 * when sent, is not one of them over http or https, so that a web page cannot reach a local server
 * through DNS rebinding. The names are the bound host and the loopback names at the bound port,
 * plus the hosts the application allowed.
 */
final class HostOriginGuard implements ServerHttpHeaderValidator {

  private final List<String> allowedHosts;
  // The port is known only once the server is bound (port 0); no request arrives before that.
  private volatile ServerHttpHeaderValidator validator =
      headers -> {
        throw new ServerTransportSecurityException(503, "Not started");
      };

  HostOriginGuard(List<String> allowedHosts) {
    this.allowedHosts = List.copyOf(allowedHosts);
  }

  /** The server is bound to {@code host} (an IPv6 address in brackets) at {@code port}. */
  void bound(String host, int port) {
    Set<String> hosts =
        new LinkedHashSet<>(
            List.of("127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, host + ":" + port));
    hosts.addAll(allowedHosts);
    List<String> origins = new ArrayList<>();
    for (String allowed : hosts) {
      origins.add("http://" + allowed);
      origins.add("https://" + allowed);
    }
    validator =
        DefaultServerTransportSecurityValidator.builder()
            .allowedHosts(List.copyOf(hosts))
            .allowedOrigins(origins)
            .build();
  }

  @Override
  public void validate(HeaderAccessor headers) throws ServerTransportSecurityException {
    validator.validate(headers);
  }
}
