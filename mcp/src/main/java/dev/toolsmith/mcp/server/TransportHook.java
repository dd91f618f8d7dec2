package dev.toolsmith.mcp.server;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.modern.server.McpRequestManager;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.util.List;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * What a transport outside this module needs of a served registry to serve it in both eras over
 * HTTP: toolsmith-mcp-http's endpoint uses it, and so can a servlet container of your own. It is
 * handed to the function given to {@link McpRegistryServer.Builder#serve}, which connects its
 * transports and says which SDK transport the legacy sessions run on.
 *
 * <p>Per request, {@link #isModern} picks the era; a modern request goes to the SDK's {@code
 * HttpServletMcpTransport} on {@link #modernServer()}, a legacy one through {@link #answerLegacy}
 * first and then to the legacy SDK transport. Both read and write with {@link #jsonMapper()}.
 */
public final class TransportHook {

  private final ServedRegistry served;
  private final ModernServing.Handle modern;
  private SdkServer.@Nullable Factory legacy;

  TransportHook(ServedRegistry served, ModernServing.Handle modern) {
    this.served = served;
    this.modern = modern;
  }

  /**
   * The JSON mapper to give the SDK's transports: plain Jackson, except that a {@code tools/call}'s
   * arguments reach the registry's reader as the client wrote them (so duplicate keys get the
   * verdict {@code dispatch} gives), arguments that are not an object are an invalid-params error,
   * and a legacy call of a name the server does not serve gets the registry's own answer.
   */
  public McpJsonMapper jsonMapper() {
    return served.json();
  }

  /** The registry served by the 2026-07-28 rules, for the SDK's {@code HttpServletMcpTransport}. */
  public McpRequestManager modernServer() {
    return modern.server();
  }

  /**
   * Whether {@code message}, one JSON-RPC message received with the {@code MCP-Protocol-Version}
   * header {@code versionHeader} (null when absent), is served by the 2026-07-28 rules: it claims a
   * modern version in its {@code _meta}, calls a method only that revision has, or names a revision
   * after 2025-11-25 in the header. Anything else, {@code initialize} first, is legacy.
   */
  public boolean isModern(JsonNode message, @Nullable String versionHeader) {
    requireNonNull(message, "message == null");
    return Eras.modern(message, versionHeader);
  }

  /**
   * The legacy revisions served over Streamable HTTP, oldest first (2025-03-26 is not: it requires
   * JSON-RPC batches); a legacy request whose {@code MCP-Protocol-Version} header names another is
   * refused.
   */
  public List<String> legacyVersions() {
    return ServedVersions.HTTP;
  }

  /** Every revision served over Streamable HTTP, oldest first: the legacy ones, then 2026-07-28. */
  public List<String> versions() {
    return Stream.concat(ServedVersions.HTTP.stream(), ModernServing.VERSIONS.stream()).toList();
  }

  /**
   * Handles a legacy message the SDK's server cannot handle right, for a transport that sees each
   * message before the SDK does: a {@code tools/list} request is answered with one page of tools
   * and a {@code nextCursor} while more follow; a {@code notifications/cancelled} cancels the call
   * it names (its {@code ToolContext} says so, its thread is interrupted, and no response is sent
   * for it). Returns the JSON-RPC answer to send instead of passing the message on, or null to pass
   * the message on to the SDK.
   *
   * @param sessionId the message's {@code Mcp-Session-Id}; null on a stateless server (where
   *     cancellations are ignored: an id alone could name another client's call)
   * @param message one JSON-RPC message as the client sent it
   */
  public @Nullable String answerLegacy(@Nullable String sessionId, JsonNode message) {
    requireNonNull(message, "message == null");
    return served.answerLegacy(sessionId, message);
  }

  /**
   * Legacy clients get sessions on {@code transport}, such as the SDK's {@code
   * HttpServletStreamableServerTransportProvider} built with {@link #jsonMapper()} (and a header
   * validator that refuses foreign hosts).
   */
  public void legacySessions(McpStreamableServerTransportProvider transport) {
    requireNonNull(transport, "transport == null");
    legacy(SdkServer.withSessions(McpServer.async(ServedVersions.http(transport))));
  }

  /**
   * Legacy clients are served without sessions on {@code transport}, such as the SDK's {@code
   * HttpServletStatelessServerTransport}: no session state in this process, so replicas behind a
   * load balancer can take turns. No {@code tools/list_changed} is sent to them, progress is not
   * sent (an answer is one JSON message) and cancellations are ignored.
   */
  public void legacyStateless(McpStatelessServerTransport transport) {
    requireNonNull(transport, "transport == null");
    legacy(SdkServer.stateless(ServedVersions.stateless(transport)));
  }

  /**
   * Every caller brings its own authorization (a bearer token): modern listings say {@code
   * cacheScope: private}, so no cache shared between callers keeps them.
   */
  public void privateListings() {
    modern.privateListings();
  }

  private void legacy(SdkServer.Factory factory) {
    if (legacy != null) {
      throw new IllegalStateException("the legacy transport is already set");
    }
    legacy = factory;
  }

  /** The legacy server the transport chose, or null for a modern-only transport. */
  SdkServer.@Nullable Factory legacy() {
    return legacy;
  }
}
