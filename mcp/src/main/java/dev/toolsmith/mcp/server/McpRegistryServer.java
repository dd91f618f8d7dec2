package dev.toolsmith.mcp.server;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.mcp.internal.ImplementationInfo;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ToolRegistry} served over MCP, in both eras of the protocol: every available tool, with
 * its schema as the MCP {@code inputSchema}, called through {@code dispatch}; a result that is an
 * {@code {"error": ...}} object (argument problems included, and a tool that is unavailable now)
 * comes back as an {@code isError} result, and a name the server does not serve as the JSON-RPC
 * error of an unknown tool (-32602) with the registry's own message. A request with 2026-07-28
 * {@code _meta} is served statelessly by that revision (on the SDK's modern server); {@code
 * initialize} opens a legacy session (2025-11-25 and earlier) on the SDK's legacy server. The
 * served list follows the registry's change events, with no polling thread: a registration, a
 * removal or {@link ToolRegistry#invalidateChecks()} is announced with {@code tools/list_changed}
 * (to legacy sessions, and to modern {@code subscriptions/listen} streams) within milliseconds.
 * This module serves on stdio; {@code toolsmith-mcp-http}'s {@code McpHttpServer} serves Streamable
 * HTTP through a {@link TransportHook}. When the registry's guards hold a call back for approval,
 * the server asks its client: {@code elicitation/create} in a legacy session, an {@code
 * input_required} result in 2026-07-28; a client that cannot be asked gets the call refused. The
 * guards' session is the legacy MCP session, or the one request (see docs/guide/mcp.md).
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
  private final ModernServing.Handle modern;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile @Nullable Runnable onClose;

  private McpRegistryServer(ServedRegistry served, ModernServing.Handle modern) {
    this.served = served;
    this.modern = modern;
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
   * Waits until the server is closed, or over stdio until the client closes the input.
   *
   * @throws InterruptedException when the waiting thread is interrupted
   */
  public void awaitClose() throws InterruptedException {
    closed.await();
  }

  @Override
  public void close() {
    if (!closing.compareAndSet(false, true)) {
      return;
    }
    served.close();
    modern.server().closeGracefully();
    Runnable then = onClose;
    if (then != null) {
      then.run();
    }
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
    private byte @Nullable [] requestStateKey;

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
     * those marked {@code @Tool(deferred = false)}, {@code search_tools} and {@code call_tool}, the
     * same for every client in both eras, never changed by a search. A search answers with the best
     * matches in full (the runtime's {@code SearchTool}); {@code call_tool} calls one of them as a
     * direct call would. Every served tool can also be called by name, found or not. See
     * docs/guide/mcp-tool-search.md.
     */
    public Builder toolSearch(Set<String> alwaysLoaded) {
      this.alwaysLoaded = Set.copyOf(requireNonNull(alwaysLoaded, "alwaysLoaded == null"));
      return this;
    }

    /**
     * The key (32 bytes or more) that seals the state of a 2026-07-28 {@code input_required} result
     * (a guard's approval asked of the client), so that the client's retry may reach any replica
     * that has the same key; default a random key of this process, which only this process can
     * open.
     */
    public Builder requestStateKey(byte[] key) {
      requireNonNull(key, "key == null");
      if (key.length < 32) {
        throw new IllegalArgumentException(
            "requestStateKey must have 32 bytes or more; found " + key.length);
      }
      this.requestStateKey = key.clone();
      return this;
    }

    /**
     * Serves on this process's stdin and stdout. Stdout carries the protocol only: while serving,
     * {@code System.out} is stderr, so a tool's (or a library's) {@code println} cannot corrupt the
     * stream; it is put back when the server closes.
     */
    public McpRegistryServer serveStdio() {
      return serveStdio(System.in, System.out);
    }

    /**
     * Serves on the given streams; {@link #awaitClose()} returns when {@code in} ends. When {@code
     * out} is {@code System.out}, {@code System.out} is stderr while serving (see {@link
     * #serveStdio()}).
     */
    public McpRegistryServer serveStdio(InputStream in, OutputStream out) {
      requireNonNull(in, "in == null");
      requireNonNull(out, "out == null");
      ServedRegistry served = served(true);
      ModernServing.Handle modern = modern(served);
      McpRegistryServer server = new McpRegistryServer(served, modern);
      PrintStream protocol = out == System.out ? System.out : null;
      StdioServing stdio =
          new StdioServing(in, out, server::close, maxMessageBytes, served::answerLegacy);
      server.onClose =
          () -> {
            stdio.close();
            if (protocol != null && System.out == System.err) {
              System.setOut(protocol);
            }
          };
      if (protocol != null) {
        System.setOut(System.err);
      }
      stdio.startModern(modern.server(), served.json());
      served.startLegacy(SdkServer.withSessions(stdio.legacy(served.json())), name, version);
      served.follow();
      stdio.startReading();
      return server;
    }

    /**
     * Serves on a transport outside this module, such as {@code toolsmith-mcp-http}'s Jetty
     * endpoint or the SDK's servlets in your own container: {@code transport} gets the {@link
     * TransportHook} (the modern server, the JSON mapper, what to answer before the legacy SDK),
     * connects its transports, and names the SDK transport the legacy sessions run on (naming none
     * serves the 2026-07-28 revision only).
     */
    public McpRegistryServer serve(Consumer<TransportHook> transport) {
      requireNonNull(transport, "transport == null");
      ServedRegistry served = served(false);
      ModernServing.Handle modern = modern(served);
      McpRegistryServer server = new McpRegistryServer(served, modern);
      TransportHook hook = new TransportHook(served, modern);
      try {
        transport.accept(hook);
        SdkServer.Factory legacy = hook.legacy();
        if (legacy != null) {
          served.startLegacy(legacy, name, version);
        }
      } catch (RuntimeException e) {
        server.close();
        throw e;
      }
      served.follow();
      return server;
    }

    private ModernServing.Handle modern(ServedRegistry served) {
      return ModernServing.start(
          served, name, version, availabilityInterval.toMillis(), requestStateKey);
    }

    private ServedRegistry served(boolean oneSession) {
      return new ServedRegistry(
          registry,
          filter,
          availabilityInterval,
          pageSize,
          oneSession,
          callAttributes,
          alwaysLoaded == null ? null : new ServedToolSearch(alwaysLoaded, registry));
    }
  }
}
