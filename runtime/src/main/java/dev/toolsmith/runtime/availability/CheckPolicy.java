package dev.toolsmith.runtime.availability;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * How a registry runs toolset availability checks across listings: how long a result is cached, how
 * long after a success a failure is taken for a flap, and how long a check may run.
 *
 * <p>Checks probe external state (a server, a credential, a directory) that changes on human time
 * scales, so a result is reused for {@link #ttl()} (default 30 s). A check that fails within {@link
 * #grace()} (default 60 s) of its last success keeps its toolset available, uncached, so the next
 * listing probes again: a flapping check must not make tools vanish mid-conversation, while a
 * failure that lasts past the grace period is honoured. A check that runs longer than {@link
 * #timeout()} (default 10 s) counts as failed; while it still runs, no second copy starts.
 *
 * <p>A tool that is not offered is not callable: by default {@link
 * dev.toolsmith.runtime.ToolRegistry#dispatch} refuses a tool whose check fails, with {@code
 * {"error":"Tool NAME is unavailable: REASON"}}. At dispatch a tool's availability is the verdict
 * of its check's last run, however old (made by a listing, or by the tool's first call when no
 * listing ran yet): dispatch reads no clock and runs no check that has a verdict, so the model may
 * call what it was offered. The TTL is looked at only where checks run, in listings and
 * availability reports. {@link Builder#dispatchUnavailableTools()} restores the reference contract,
 * where a call runs whatever its check says.
 */
public final class CheckPolicy {

  /** The default time a check's result is reused. */
  public static final Duration DEFAULT_TTL = Duration.ofSeconds(30);

  /** The default time after a success within which a failure is taken for a flap. */
  public static final Duration DEFAULT_GRACE = Duration.ofSeconds(60);

  /** The default longest time a check may run. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private static final CheckPolicy DEFAULTS = builder().build();
  private static final CheckPolicy UNCACHED =
      builder().ttl(Duration.ZERO).grace(Duration.ZERO).noTimeout().build();

  private final Duration ttl;
  private final Duration grace;
  private final @Nullable Duration timeout; // null: run on the caller's thread, unbounded
  private final LongSupplier ticker;
  private final boolean refusesUnavailableCalls;

  private CheckPolicy(Builder builder) {
    this.ttl = builder.ttl;
    this.grace = builder.grace;
    this.timeout = builder.timeout;
    this.ticker = builder.ticker;
    this.refusesUnavailableCalls = builder.refusesUnavailableCalls;
  }

  /** Cached 30 s, 60 s grace, 10 s timeout, {@link System#nanoTime()}. */
  public static CheckPolicy defaults() {
    return DEFAULTS;
  }

  /** Every listing runs every check on its own thread, as the reference contract does, uncached. */
  public static CheckPolicy uncached() {
    return UNCACHED;
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** How long a result is reused; zero turns the cache off. */
  public Duration ttl() {
    return ttl;
  }

  /** How long after a success a failure still keeps the toolset available; zero turns grace off. */
  public Duration grace() {
    return grace;
  }

  /** The longest a check may run, or empty when checks run unbounded on the caller's thread. */
  public Optional<Duration> timeout() {
    return Optional.ofNullable(timeout);
  }

  /** Whether dispatch refuses a tool whose check fails (the default) or runs it anyway. */
  public boolean refusesUnavailableCalls() {
    return refusesUnavailableCalls;
  }

  /** The monotonic clock checks are timed and cached by, in nanoseconds. */
  public LongSupplier ticker() {
    return ticker;
  }

  @Override
  public String toString() {
    return "CheckPolicy{ttl="
        + ttl
        + ", grace="
        + grace
        + ", timeout="
        + timeout
        + ", refusesUnavailableCalls="
        + refusesUnavailableCalls
        + "}";
  }

  /**
   * {@link System#nanoTime()} as a {@link LongSupplier}: a class, not a method reference, which
   * would spin a class at every start-up.
   */
  private static final class NanoTime implements LongSupplier {
    static final NanoTime CLOCK = new NanoTime();

    @Override
    public long getAsLong() {
      return System.nanoTime();
    }
  }

  /** Configures a {@link CheckPolicy}. */
  public static final class Builder {
    private Duration ttl = DEFAULT_TTL;
    private Duration grace = DEFAULT_GRACE;
    private @Nullable Duration timeout = DEFAULT_TIMEOUT;
    private LongSupplier ticker = NanoTime.CLOCK;
    private boolean refusesUnavailableCalls = true;

    private Builder() {}

    /**
     * How long a result is reused; zero turns the cache off. A TTL too long to count in {@code
     * long} nanoseconds (such as {@code ChronoUnit.FOREVER.getDuration()}) never expires: a cached
     * result is then reused until invalidated. Dispatch never looks at the TTL (see above).
     */
    public Builder ttl(Duration ttl) {
      this.ttl = nonNegative(ttl, "ttl");
      return this;
    }

    /** How long after a success a failure keeps the toolset available; zero turns grace off. */
    public Builder grace(Duration grace) {
      this.grace = nonNegative(grace, "grace");
      return this;
    }

    /**
     * The longest a check may run; it then runs on a daemon thread and counts as failed when late.
     * Zero gives up on any check that has not finished at once (for tests of a hanging check).
     */
    public Builder timeout(Duration timeout) {
      this.timeout = nonNegative(timeout, "timeout");
      return this;
    }

    /** Checks run on the caller's thread with no time limit. */
    public Builder noTimeout() {
      this.timeout = null;
      return this;
    }

    /**
     * Dispatch runs a tool whatever its check says, as the reference contract does: checks then
     * only decide which tools the model is shown, and a call is trusted to name one it was shown.
     */
    public Builder dispatchUnavailableTools() {
      this.refusesUnavailableCalls = false;
      return this;
    }

    /** The monotonic clock in nanoseconds, for tests; default {@link System#nanoTime()}. */
    public Builder ticker(LongSupplier ticker) {
      this.ticker = requireNonNull(ticker, "ticker == null");
      return this;
    }

    /** The policy. */
    public CheckPolicy build() {
      return new CheckPolicy(this);
    }

    private static Duration nonNegative(Duration duration, String name) {
      requireNonNull(duration, name + " == null");
      if (duration.isNegative()) {
        throw new IllegalArgumentException(name + " must not be negative; found " + duration);
      }
      return duration;
    }
  }
}
