package dev.toolsmith.mcp.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolFailureException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Calls of one server's tools: the arguments read, the circuit breaker asked, the call made on the
 * live session under the per-call timeout. The breaker counts as failures the results the server
 * marks {@code isError}, timeouts and transport failures, as the reference does; a failure of the
 * transport itself is passed on, for the connection to find out whether the server is gone.
 */
final class ServerCalls {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final McpServerConfig config;
  private final CircuitBreaker breaker;
  private final ScheduledExecutorService scheduler; // timers only: never blocked
  private final Supplier<@Nullable ClientSession> live;
  private final BiConsumer<ClientSession, String> transportFailed;

  /**
   * @param live the connected session, or null while there is none
   * @param transportFailed told of a session whose call failed other than with a JSON-RPC error
   */
  ServerCalls(
      McpServerConfig config,
      CircuitBreaker breaker,
      ScheduledExecutorService scheduler,
      Supplier<@Nullable ClientSession> live,
      BiConsumer<ClientSession, String> transportFailed) {
    this.config = config;
    this.breaker = breaker;
    this.scheduler = scheduler;
    this.live = live;
    this.transportFailed = transportFailed;
  }

  /**
   * Calls the server's tool {@code raw}; the stage always completes, with a result or an error.
   *
   * @param context the caller's call: its trace context (W3C {@code traceparent}...) is sent in the
   *     request's {@code _meta}, where MCP reserves those keys for it, beside a progress token of
   *     this call's own; the server's progress goes to the context, and the context's cancel gives
   *     the call up as the server's era says ({@link ServerCall})
   */
  CompletionStage<String> call(String raw, String argumentsJson, ToolContext context) {
    Map<String, Object> arguments;
    try {
      arguments = readObject(argumentsJson);
    } catch (InvalidArgumentsException e) {
      return CompletableFuture.failedFuture(e);
    }
    CircuitBreaker.Permit permit = breaker.tryAcquire();
    if (permit == CircuitBreaker.Permit.REJECT) {
      return unavailable(
          "MCP server '"
              + config.name()
              + "' is failing ("
              + breaker.consecutiveFailures()
              + " consecutive failures); calls fail fast for "
              + Reasons.seconds(breaker.coolDown())
              + ", then one probe call decides");
    }
    ClientSession current = live.get();
    if (current == null) {
      breaker.release(permit);
      return unavailable("MCP server '" + config.name() + "' is not connected (reconnecting)");
    }
    return new ServerCall(raw, config, breaker, permit, current)
        .start(arguments, context, scheduler, transportFailed);
  }

  /** A server that cannot take the call now (disconnected, or its circuit open). */
  private static CompletionStage<String> unavailable(String message) {
    return CompletableFuture.failedFuture(ToolFailureException.unavailable(message));
  }

  /**
   * The JSON object {@code json} as a map; {@code {}} for blank text. Anything else is invalid
   * arguments, as the registry words them: the server never sees it.
   */
  private static Map<String, Object> readObject(String json) throws InvalidArgumentsException {
    if (json == null || json.isBlank()) {
      return Map.of();
    }
    JsonNode node;
    try {
      node = McpJson.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw invalid("invalid JSON (" + shorten(String.valueOf(e.getOriginalMessage())) + ")");
    }
    if (node == null || !node.isObject()) {
      throw invalid(
          node == null ? "nothing" : node.getNodeType().toString().toLowerCase(Locale.ROOT));
    }
    return McpJson.MAPPER.convertValue(node, MAP);
  }

  private static InvalidArgumentsException invalid(String got) {
    return new InvalidArgumentsException(List.of(new ArgumentProblem("", "object", got)));
  }

  private static String shorten(String text) {
    return text.length() <= 80 ? text : text.substring(0, 80) + "...";
  }
}
