package dev.toolsmith.mcp.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/** One call in flight: settled once, its breaker outcome recorded before the caller sees it. */
final class PendingCall {

  final CompletableFuture<String> future = new CompletableFuture<>();
  private final AtomicBoolean settled = new AtomicBoolean();

  /** Runs {@code outcome}, then settles the call with {@code value}; false if already settled. */
  boolean finish(String value, Runnable outcome) {
    if (!settled.compareAndSet(false, true)) {
      return false;
    }
    outcome.run();
    future.complete(value);
    return true;
  }
}
