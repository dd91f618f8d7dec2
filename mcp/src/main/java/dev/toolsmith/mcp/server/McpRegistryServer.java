package dev.toolsmith.mcp.server;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.ImplementationInfo;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ToolRegistry} served over MCP: every available tool, with its schema as the MCP {@code
 * inputSchema}, called through {@code dispatch}; a result that is an {@code {"error": ...}} object
 * (argument problems included) comes back as an {@code isError} result. The served list follows the
 * registry's change events, with no polling thread: a registration, a removal or {@link
 * ToolRegistry#invalidateChecks()} is announced with {@code tools/list_changed} within
 * milliseconds. This module serves on stdio; {@code toolsmith-mcp-http}'s {@code McpHttpServer}
 * serves Streamable HTTP.
 *
 * <pre>{@code
 * try (McpRegistryServer server = McpRegistryServer.builder(registry).serveStdio()) {
 *   server.awaitClose();
 * }
 * }</pre>
 */
public final class McpRegistryServer implements AutoCloseable {

  /** The default number of tools in one {@code tools/list} answer. */
  public static final int DEFAULT_PAGE_SIZE = 100;

  /** The default longest message a client may send: 16 MiB. */
  public static final int DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

  private final ServedRegistry served;
  private final CountDownLatch closed = new CountDownLatch(1);

  private McpRegistryServer(ServedRegistry served) {
    this.served = served;
  }

  /** A builder serving {@code registry}. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(requireNonNull(registry, "registry == null"));
  }

  /**
   * Brings the served tools in line with the registry now: removed tools go, new and replaced ones
   * are added, each change announced with {@code tools/list_changed}. Registry changes do this by
   * themselves; call it when availability changed without one (a check's answer that changed in the
   * registry's cache is picked up at the next change, or at a call after the {@link
   * Builder#availabilityInterval}).
   */
  public void sync() {
    served.sync();
  }

  /** The tool names served now, sorted. */
  public List<String> servedTools() {
    return served.servedTools();
  }

  /**
   * The JSON mapper to give a transport that serves a registry, such as the SDK's {@code
   * HttpServletStreamableServerTransportProvider}: plain Jackson, except that a {@code
   * tools/call}'s arguments reach the registry's reader as the client wrote them (so duplicate keys
   * get the verdict {@code dispatch} gives) and arguments that are not an object are an
   * invalid-params error.
   */
  public static McpJsonMapper jsonMapper() {
    return ServingJson.SERVING;
  }

  /**
   * The protocol versions served over Streamable HTTP, oldest first (2025-03-26 is not: it requires
   * JSON-RPC batches); a transport in front of the server refuses a request whose {@code
   * MCP-Protocol-Version} header names another.
   */
  public static List<String> httpProtocolVersions() {
    return ServedVersions.HTTP;
  }

  /**
   * Handles a client message the SDK's server cannot handle right, for a transport that sees each
   * message before the SDK does (stdio and {@code toolsmith-mcp-http} do this themselves): a {@code
   * tools/list} request is answered with one page of tools and a {@code nextCursor} while more
   * follow; a {@code notifications/cancelled} cancels the call it names (its {@code ToolContext}
   * says so, its thread is interrupted, and no response is sent for it). Returns the JSON-RPC
   * answer to send instead of passing the message on, or null to pass the message on to the SDK.
   *
   * @param sessionId the message's {@code Mcp-Session-Id}; null over stdio, and on a stateless
   *     server (where cancellations are ignored: an id alone could name another client's call)
   * @param message one JSON-RPC message as the client sent it
   */
  public @Nullable String answer(@Nullable String sessionId, JsonNode message) {
    requireNonNull(message, "message == null");
    return served.answer(sessionId, message);
  }

  /**
   * Waits until the server is closed, or over stdio until the client closes the input.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    closed.await();
  }

  @Override
  public void close() {
    served.close();
    closed.countDown();
  }

  /** Configures and starts a {@link McpRegistryServer}. */
  public static final class Builder {
    private final ToolRegistry registry;
    private String name = ImplementationInfo.NAME;
    private String version = ImplementationInfo.VERSION;
    private Duration availabilityInterval = Duration.ofSeconds(5);
    private Predicate<ToolEntry> filter = entry -> true;
    private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
    private int pageSize = DEFAULT_PAGE_SIZE;
    private Map<String, Object> callAttributes = Map.of();
    private @Nullable Set<String> alwaysLoaded;

    private Builder(ToolRegistry registry) {
      this.registry = registry;
    }

    /** The name and version the server gives in {@code initialize}. */
    public Builder serverInfo(String name, String version) {
      this.name = requireNonNull(name, "name == null");
      this.version = requireNonNull(version, "version == null");
      return this;
    }

    /**
     * How long the served list's availability is trusted: a call after it has the availability
     * checks asked again (through the registry's cache); default 5 s.
     */
    public Builder availabilityInterval(Duration availabilityInterval) {
      this.availabilityInterval =
          requireNonNull(availabilityInterval, "availabilityInterval == null");
      return this;
    }

    /** Which tools to serve, e.g. those of some toolsets; default all. */
    public Builder filter(Predicate<ToolEntry> filter) {
      this.filter = requireNonNull(filter, "filter == null");
      return this;
    }

    /**
     * The longest message a client may send, in bytes; default {@value
     * McpRegistryServer#DEFAULT_MAX_MESSAGE_BYTES} (16 MiB). A longer stdio line is read to its end
     * and dropped (answered as an invalid request when its id can be read).
     */
    public Builder maxMessageBytes(int maxMessageBytes) {
      if (maxMessageBytes < 1024) {
        throw new IllegalArgumentException(
            "maxMessageBytes must be at least 1024; found " + maxMessageBytes);
      }
      this.maxMessageBytes = maxMessageBytes;
      return this;
    }

    /**
     * How many tools one {@code tools/list} answer holds at most; default {@value
     * McpRegistryServer#DEFAULT_PAGE_SIZE}. Clients follow {@code nextCursor} for the rest.
     */
    public Builder pageSize(int pageSize) {
      if (pageSize < 1) {
        throw new IllegalArgumentException("pageSize must be positive; found " + pageSize);
      }
      this.pageSize = pageSize;
      return this;
    }

    /**
     * The attributes every served call's {@link ToolContext} carries, for tools that read them with
     * {@link ToolContext#attribute}: what a local caller would pass with each call (a workspace, a
     * service client), since an MCP request carries none; default none.
     */
    public Builder callAttributes(Map<String, ?> callAttributes) {
      this.callAttributes = Map.copyOf(requireNonNull(callAttributes, "callAttributes == null"));
      return this;
    }

    /**
     * Serves with tool search: {@code tools/list} holds the tools named in {@code alwaysLoaded},
     * those marked {@code @Tool(deferred = false)} and a {@code search_tools} tool; a search
     * answers with the best matches in full (the registry's {@code search}) and, in a session,
     * reveals them to it with {@code tools/list_changed}, so its next listing holds them too. Every
     * served tool can be called, found or not. See docs/guide/mcp-tool-search.md.
     */
    public Builder toolSearch(Set<String> alwaysLoaded) {
      this.alwaysLoaded = Set.copyOf(requireNonNull(alwaysLoaded, "alwaysLoaded == null"));
      return this;
    }

    /** Serves on this process's stdin and stdout (nothing else may write to stdout). */
    public McpRegistryServer serveStdio() {
      return serveStdio(System.in, System.out);
    }

    /** Serves on the given streams; {@link #awaitClose()} returns when {@code in} ends. */
    public McpRegistryServer serveStdio(InputStream in, OutputStream out) {
      requireNonNull(in, "in == null");
      requireNonNull(out, "out == null");
      McpRegistryServer server = new McpRegistryServer(served(true));
      return start(
          server,
          SdkServer.withSessions(
              StdioServing.specification(
                  in, out, server.closed::countDown, maxMessageBytes, server.served::answer)));
    }

    /**
     * Serves on a Streamable HTTP transport that something else runs, such as the SDK's {@code
     * HttpServletStreamableServerTransportProvider} in your servlet container (give it a header
     * validator that refuses foreign hosts). {@code toolsmith-mcp-http} runs one on Jetty, guarded,
     * with {@code McpHttpServer}.
     */
    public McpRegistryServer serve(McpStreamableServerTransportProvider transport) {
      requireNonNull(transport, "transport == null");
      return start(
          new McpRegistryServer(served(false)),
          SdkServer.withSessions(McpServer.async(ServedVersions.http(transport))));
    }

    /**
     * Serves on a stateless transport, such as the SDK's {@code
     * HttpServletStatelessServerTransport}: no session state in this process, so replicas behind a
     * load balancer can take turns. The served list follows the registry as it does with sessions,
     * but no {@code tools/list_changed} is sent (there is no session to send it on), progress is
     * not sent (an answer is one JSON message) and cancellations are ignored. Pass its messages
     * through {@link #answer} for {@code tools/list} pages.
     */
    public McpRegistryServer serveStateless(McpStatelessServerTransport transport) {
      requireNonNull(transport, "transport == null");
      return start(
          new McpRegistryServer(served(false)),
          SdkServer.stateless(ServedVersions.stateless(transport)));
    }

    private ServedRegistry served(boolean oneSession) {
      ServedRegistry served =
          new ServedRegistry(
              registry, filter, availabilityInterval, pageSize, oneSession, callAttributes);
      if (alwaysLoaded != null) {
        served.searchWith(new ServedToolSearch(alwaysLoaded, registry));
      }
      return served;
    }

    private McpRegistryServer start(McpRegistryServer server, SdkServer.Factory factory) {
      server.served.start(factory, name, version);
      return server;
    }
  }
}
