package dev.toolsmith.mcp.client;

import io.modelcontextprotocol.modern.McpSchema;
import io.modelcontextprotocol.modern.client.McpAsyncClient;
import io.modelcontextprotocol.modern.client.transport.McpClientTransport;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * Opens a server's session in the era it speaks. When the era is not known yet it is probed as the
 * 2026-07-28 specification says ("Backward Compatibility with Initialization-Based Versions"):
 * {@code server/discover} first; a {@code DiscoverResult} means 2026-07-28; a modern error (-32020,
 * -32021, -32022) means a modern server that refused, and is reported, not taken for legacy;
 * anything else (another error, over HTTP a 4xx without a modern error body, over stdio no answer
 * within half the connect timeout) means a legacy server, and the session opens with {@code
 * initialize}, over the same process for stdio. A server reached over the legacy HTTP+SSE transport
 * is legacy without a probe.
 */
final class SessionOpener {

  private SessionOpener() {}

  /** What every session of one server shares: its configuration, the timers and the events. */
  record Setup(
      McpServerConfig config,
      McpClients.Settings settings,
      ScheduledExecutorService scheduler,
      Executor worker,
      SessionEvents events) {}

  /**
   * A session with the server, initialized when legacy; {@code known} is the era found before, or
   * null to probe. Throws, with the reason as its message, when the server cannot be reached.
   */
  static ClientSession open(Setup setup, @Nullable Era known) {
    return switch (setup.config().transport()) {
      case STDIO -> stdio(setup, known);
      case STREAMABLE_HTTP -> http(setup, known);
      case SSE -> legacy(setup, null);
    };
  }

  private static ClientSession stdio(Setup setup, @Nullable Era known) {
    McpServerConfig config = setup.config();
    AtomicReference<@Nullable ClientSession> self = new AtomicReference<>();
    ProcessTransport process =
        ClientTransports.process(config, reason -> setup.events().lost(self.get(), reason));
    try {
      ClientSession opened = null;
      if (known != Era.LEGACY) {
        ProcessExchanges exchanges = new ProcessExchanges(config.name(), process).start();
        Duration wait =
            known == null ? config.connectTimeout().dividedBy(2) : config.connectTimeout();
        opened = modern(setup, exchanges, process, wait, known == null);
      }
      if (opened == null) {
        opened = legacy(setup, process);
      }
      self.set(opened);
      return opened;
    } catch (RuntimeException e) {
      process.close();
      throw e;
    }
  }

  private static ClientSession http(Setup setup, @Nullable Era known) {
    ClientSession opened = null;
    if (known != Era.LEGACY) {
      McpClientTransport transport = ClientTransports.modernHttp(setup.config());
      opened = modern(setup, transport, null, setup.config().connectTimeout(), known == null);
    }
    return opened != null ? opened : legacy(setup, null);
  }

  private static LegacySession legacy(Setup setup, @Nullable ProcessTransport process) {
    McpServerConfig config = setup.config();
    return new LegacySession(
            config,
            process != null ? process : ClientTransports.http(config),
            process,
            setup.events())
        .initialize(config.connectTimeout());
  }

  /**
   * The modern session, after {@code server/discover} answered within {@code wait}; null when the
   * answer says the server is legacy and {@code mayFallBack}.
   */
  private static @Nullable ModernSession modern(
      Setup setup,
      McpClientTransport transport,
      @Nullable ProcessTransport process,
      Duration wait,
      boolean mayFallBack) {
    McpAsyncClient client = ModernSession.client(transport, setup.config());
    Mono<McpSchema.DiscoverResult> discover = client.discover();
    McpSchema.DiscoverResult discovered;
    try {
      discovered = (process == null ? discover : orExit(discover, process)).block(wait);
    } catch (RuntimeException e) {
      String exit = process == null ? null : exitedWhileConnecting(process, e);
      if (exit != null) {
        throw new IllegalStateException(exit, e);
      }
      if (mayFallBack && EraProbe.saysLegacy(e, process != null)) {
        return null;
      }
      throw new IllegalStateException(EraProbe.describe(e, wait), e);
    }
    if (discovered == null) {
      throw new IllegalStateException("server/discover answered nothing");
    }
    ModernSession session = new ModernSession(client, discovered, process, setup);
    session.follow(setup.config().connectTimeout());
    return session;
  }

  /**
   * The process's exit and last stderr lines when {@code failure} came from its exit; else null. A
   * server that exits closes its input first: a send can fail (broken pipe) while the process is
   * still alive, so such a failure waits a moment for the exit and its stderr.
   */
  static @Nullable String exitedWhileConnecting(
      ProcessTransport process, RuntimeException failure) {
    boolean exited =
        process.hasExited()
            || (Reasons.root(failure) instanceof IOException
                && process.exitsWithin(Duration.ofSeconds(2)));
    return exited ? process.exitMessage() + " while connecting" : null;
  }

  /**
   * {@code answer}, or a failure as soon as the process exits: a server that exits while connecting
   * fails the connect now, not at the connect timeout. The exit is watched through a copy, so that
   * cancelling the race (at the timeout) leaves the process's own future alone.
   */
  static <T> Mono<T> orExit(Mono<T> answer, ProcessTransport process) {
    return Mono.firstWithSignal(
        answer,
        Mono.fromFuture(process.exited().thenApply(code -> code))
            .flatMap(code -> Mono.error(new IllegalStateException("exited with code " + code))));
  }
}
