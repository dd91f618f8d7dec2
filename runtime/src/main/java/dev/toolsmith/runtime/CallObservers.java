package dev.toolsmith.runtime;

import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.observation.ToolListing;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * A registry's {@link ToolObserver observers}: who is told of calls and listings, and the telling
 * of listings ({@link ObservedCaller} tells them of calls). Reading them is one volatile read of an
 * array, so a registry without observers pays a length check per call; an observer that throws is
 * logged and skipped.
 */
final class CallObservers {

  private static final Logger LOG = LazyLogger.of(LazyLogger.REGISTRY);
  private static final ToolObserver[] NONE = {};

  private volatile ToolObserver[] observers = NONE;

  /** Whether any observer is set: when not, nothing here runs. */
  boolean any() {
    return observers.length != 0;
  }

  synchronized void add(ToolObserver observer) {
    ToolObserver[] next = Arrays.copyOf(observers, observers.length + 1);
    next[observers.length] = observer;
    observers = next;
  }

  synchronized boolean remove(ToolObserver observer) {
    ToolObserver[] current = observers;
    for (int i = 0; i < current.length; i++) {
      if (current[i].equals(observer)) {
        ToolObserver[] next = new ToolObserver[current.length - 1];
        System.arraycopy(current, 0, next, 0, i);
        System.arraycopy(current, i + 1, next, i, current.length - i - 1);
        observers = next;
        return true;
      }
    }
    return false;
  }

  /** The observers now, in the order they were added; the array is never changed. */
  ToolObserver[] current() {
    return observers;
  }

  /** Tells every observer of a definitions listing that began at {@code startNanos}. */
  void listedDefinitions(DefinitionFormat format, int requested, int listed, long startNanos) {
    listed(
        new ToolListing(
            ToolListing.Kind.DEFINITIONS,
            format,
            requested,
            listed,
            System.nanoTime() - startNanos));
  }

  /** Tells every observer of an offer of {@code offered} tools of {@code selected}. */
  void listedOffer(int selected, int offered, long startNanos) {
    listed(
        new ToolListing(
            ToolListing.Kind.OFFERED, null, selected, offered, System.nanoTime() - startNanos));
  }

  /** Tells every observer of {@code report}, which began at {@code startNanos}. */
  void listedAvailability(AvailabilityReport report, long startNanos) {
    long duration = System.nanoTime() - startNanos;
    int available = 0;
    for (Availability tool : report.tools().values()) {
      available += tool.available() ? 1 : 0;
    }
    listed(
        new ToolListing(
            ToolListing.Kind.AVAILABILITY, null, report.tools().size(), available, duration));
  }

  /** Tells every observer of {@code listing}. */
  private void listed(ToolListing listing) {
    for (ToolObserver observer : observers) {
      try {
        observer.listed(listing);
      } catch (Throwable t) { // the contract: an observer cannot break a listing
        warn(observer, "a " + listing.kind() + " listing", t);
      }
    }
  }

  static void warn(@Nullable Object observer, String what, Throwable t) {
    LOG.log(Level.WARNING, () -> "Tool observer " + observer + " failed on " + what, t);
  }
}
