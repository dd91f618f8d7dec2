package dev.toolsmith.runtime;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A registry's change listeners, and the delivery of its changes to them: in generation order, on
 * the thread that made a change, before that write returns. A listener that throws is logged; the
 * others still hear of the change, and the registry is untouched.
 */
final class ChangeListeners {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);

  private final List<Consumer<RegistryChange>> listeners = new CopyOnWriteArrayList<>();
  private final Object deliveryLock = new Object();
  private final Queue<RegistryChange> pending = new ArrayDeque<>(); // guarded by deliveryLock
  private boolean delivering; // guarded by deliveryLock

  void add(Consumer<RegistryChange> listener) {
    listeners.add(listener);
  }

  boolean remove(Consumer<RegistryChange> listener) {
    return listeners.remove(listener);
  }

  /** Queues {@code change}; called under the registry's write lock, so changes queue in order. */
  void queue(RegistryChange change) {
    synchronized (deliveryLock) {
      pending.add(change);
    }
  }

  /**
   * Delivers every queued change; called after the write lock is released. A write made by a
   * listener is delivered by the loop already running, after the change being delivered.
   */
  void deliver() {
    synchronized (deliveryLock) {
      if (delivering) {
        return;
      }
      delivering = true;
      try {
        for (RegistryChange change = pending.poll(); change != null; change = pending.poll()) {
          for (Consumer<RegistryChange> listener : listeners) {
            notify(listener, change);
          }
        }
      } finally {
        delivering = false;
      }
    }
  }

  private static void notify(Consumer<RegistryChange> listener, RegistryChange change) {
    try {
      listener.accept(change);
    } catch (Throwable e) { // the contract: a listener cannot break a write
      LOG.log(
          Level.WARNING,
          () -> "Registry listener " + listener + " failed on generation " + change.generation(),
          e);
    }
  }
}
