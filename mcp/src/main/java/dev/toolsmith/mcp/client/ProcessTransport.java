package dev.toolsmith.mcp.client;

import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The stdio client transport: starts the server's process with exactly the environment given (the
 * SDK's own transports, legacy and modern, inherit the whole parent environment), reads JSON-RPC
 * lines from its stdout, skipping lines that are not JSON-RPC, and tells its owner when the process
 * exits on its own. It is the legacy SDK client's transport as it is, and the modern client's
 * through {@link ProcessExchanges}; one process serves an era probe and then the era it found.
 */
final class ProcessTransport implements McpClientTransport {

  private static final Logger LOG = System.getLogger(ProcessTransport.class.getName());

  private final String server;
  private final List<String> command;
  private final Map<String, String> environment;
  private final int maxMessageBytes;
  private final Consumer<String> onLost;
  private final Object writeLock = new Object();
  private volatile @Nullable Process process;
  private volatile boolean closing;
  private volatile @Nullable Thread stderrReader;
  private volatile ServerOutput.Inbox inbox = message -> {};
  private final AtomicBoolean reading = new AtomicBoolean();
  private final CompletableFuture<Integer> exited = new CompletableFuture<>();
  private final StderrTail stderrTail = new StderrTail();

  private final SentToolCalls toolCalls = new SentToolCalls();

  /**
   * @param maxMessageBytes the longest line read from the server
   * @param onLost told why when the connection cannot go on: the process ended without {@link
   *     #closeGracefully} ({@code exited with code N}), or it wrote an oversized message that
   *     answers no request this side can name
   */
  ProcessTransport(
      String server,
      List<String> command,
      Map<String, String> environment,
      int maxMessageBytes,
      Consumer<String> onLost) {
    this.server = server;
    this.command = List.copyOf(command);
    this.environment = Map.copyOf(environment);
    this.maxMessageBytes = maxMessageBytes;
    this.onLost = onLost;
  }

  /** Starts the process, so that a command that cannot run fails here with its reason. */
  void start() throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process started = builder.start();
    process = started;
    started
        .onExit()
        .thenAccept(
            ended -> {
              exited.complete(ended.exitValue());
              if (!closing) {
                onLost.accept("exited with code " + ended.exitValue());
              }
            })
        .exceptionally(
            failure -> { // else a failing owner would miss the exit without a trace
              LOG.log(
                  Level.WARNING,
                  () -> "MCP server '" + server + "': handling its exit failed",
                  failure);
              return null;
            });
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(
        () ->
            receive(
                message ->
                    handler
                        .apply(Mono.just(message))
                        .subscribe(
                            ignored -> {},
                            error ->
                                LOG.log(
                                    Level.DEBUG,
                                    () -> "MCP server '" + server + "': message handling failed",
                                    error))));
  }

  /**
   * Hands the server's messages to {@code to} from now on, reading its output from the first call:
   * an era probe reads the answer to {@code server/discover}, then the era's client takes over.
   */
  void receive(ServerOutput.Inbox to) {
    inbox = to;
    Process started = process;
    if (started == null) {
      throw new IllegalStateException("MCP server '" + server + "' was not started");
    }
    if (reading.compareAndSet(false, true)) {
      daemon("mcp-" + server + "-stdout", () -> readMessages(started)).start();
      Thread reader = daemon("mcp-" + server + "-stderr", () -> drainErrors(started));
      stderrReader = reader;
      reader.start();
    }
  }

  private void readMessages(Process source) {
    try (InputStream in = source.getInputStream()) {
      new ServerOutput(
              server,
              maxMessageBytes,
              message -> inbox.message(message),
              problem -> {
                if (!closing) {
                  onLost.accept(problem);
                }
              },
              toolCalls)
          .read(in);
    } catch (IOException e) {
      if (!closing) {
        LOG.log(Level.DEBUG, () -> "MCP server '" + server + "': stdout closed", e);
      }
    } finally {
      inbox.ended();
    }
  }

  private void drainErrors(Process source) {
    try (InputStream in = source.getErrorStream()) {
      stderrTail.read(
          in, line -> LOG.log(Level.DEBUG, () -> "MCP server '" + server + "' stderr: " + line));
    } catch (IOException e) {
      // the process went away; nothing more to read
    }
  }

  /** The last lines the process wrote to stderr, each within {@link StderrTail#LINE_BYTES}. */
  List<String> stderrLines() {
    return stderrTail.lines();
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return send(message);
  }

  /** Writes {@code message} (a JSON-RPC message of either era) as one line to the server. */
  Mono<Void> send(Object message) {
    return Mono.fromRunnable(
        () -> {
          Process target = process;
          if (target == null || !target.isAlive()) {
            throw new IllegalStateException("MCP server '" + server + "' is not running");
          }
          toolCalls.sent(message);
          String json;
          try {
            json = McpJson.SDK.writeValueAsString(message);
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
          // JSON-RPC over stdio is one message per line; JSON text never needs a raw newline.
          byte[] bytes =
              (json.replace("\r", "\\r").replace("\n", "\\n") + "\n")
                  .getBytes(StandardCharsets.UTF_8);
          synchronized (writeLock) {
            try {
              OutputStream out = target.getOutputStream();
              out.write(bytes);
              out.flush();
            } catch (IOException e) {
              throw new IllegalStateException(
                  "MCP server '" + server + "': cannot write: " + e.getMessage(), e);
            }
          }
        });
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(this::close);
  }

  @Override
  public void close() {
    closing = true;
    Process target = process;
    if (target == null) {
      return;
    }
    // Taken first: once the process is gone its children (npx starts node) are no longer its own.
    Set<ProcessHandle> tree = new LinkedHashSet<>(target.descendants().toList());
    try {
      target.getOutputStream().close(); // most servers exit when stdin closes
    } catch (IOException e) {
      // already closed
    }
    try {
      if (!target.waitFor(2, TimeUnit.SECONDS)) {
        tree.addAll(target.descendants().toList()); // again while alive: children started since
        target.destroy();
      }
      // Children outlive a parent that exited: SIGTERM them, then force whatever is left.
      tree.forEach(ProcessHandle::destroy);
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
      target.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
      for (ProcessHandle handle : tree) {
        try {
          handle.onExit().get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
          break; // forced below
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    target.destroyForcibly();
    tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
  }

  /** Completes with the exit code when the process ends, whoever ended it. */
  CompletableFuture<Integer> exited() {
    return exited;
  }

  /**
   * Whether the process has ended. The exit is recorded a moment after the process is gone (a send
   * can fail first), so for a process no longer alive this waits briefly for it.
   */
  boolean hasExited() {
    Process running = process;
    return (running == null || !running.isAlive()) && exitsWithin(Duration.ofSeconds(2));
  }

  /** Whether the process ends within {@code wait}, alive or not now. */
  boolean exitsWithin(Duration wait) {
    try {
      exited.get(wait.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return exited.isDone();
    } catch (ExecutionException | TimeoutException e) {
      return exited.isDone();
    }
  }

  /** {@code exited with code N}, followed by the last lines the process wrote to stderr. */
  String exitMessage() {
    Integer code = exited.getNow(null);
    Thread reader = stderrReader;
    if (reader != null) {
      try {
        reader.join(1000); // the process is gone: its stderr ends soon
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    List<String> lines = stderrTail.lines();
    return "exited with code "
        + code
        + (lines.isEmpty() ? "" : "; last stderr lines: " + String.join(" | ", lines));
  }

  /**
   * The started process (null before {@link #start}); tests kill it, connecting asks if it lives.
   */
  @Nullable Process process() {
    return process;
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return McpJson.SDK.convertValue(data, typeRef);
  }

  private static Thread daemon(String name, Runnable body) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    return thread;
  }
}
