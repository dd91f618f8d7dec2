package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The check cache across listings, on a hand-moved clock: no sleeping, no timed assertions. */
class CheckCacheTest {

  private final AtomicLong nanos = new AtomicLong();
  private final LogCapture log = LogCapture.of(ToolRegistry.class);

  @AfterEach
  void tearDown() {
    log.close();
  }

  private ToolRegistry registry(CheckPolicy.Builder policy) {
    return ToolRegistry.builder().checkPolicy(policy.ticker(nanos::get).build()).build();
  }

  private void at(int seconds) {
    nanos.set(Duration.ofSeconds(seconds).toNanos());
  }

  private static ToolsetAvailability web(ToolRegistry registry) {
    return registry.availability().stream().filter(t -> t.toolset().equals("web")).findFirst().orElseThrow();
  }

  @Test
  void aResultIsReusedForTheTtlThenProbedAgain() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    CountingCheck check = new CountingCheck(true);
    registry.register(entry("fetch", "web", check));

    at(0);
    assertEquals("[fetch]", names(registry.definitions(List.of("fetch"))));
    at(29);
    registry.definitions(List.of("fetch"));
    assertTrue(registry.isToolsetAvailable("web"));
    assertEquals(1, check.calls(), "within the default 30 s the first result stands");
    at(30);
    registry.definitions(List.of("fetch"));
    assertEquals(2, check.calls());
  }

  @Test
  void aFailureIsCachedTooAndInvalidationForgetsIt() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    CountingCheck check = new CountingCheck(false);
    registry.register(entry("fetch", "web", check));

    assertEquals("[]", names(registry.definitions(List.of("fetch"))));
    assertFalse(registry.isToolsetAvailable("web"));
    assertEquals(1, check.calls());
    registry.invalidateChecks();
    assertFalse(registry.isToolsetAvailable("web"));
    assertEquals(2, check.calls());
  }

  @Test
  void aFlappingCheckKeepsItsToolsetWithinTheGracePeriodThenFails() {
    ToolRegistry registry = registry(CheckPolicy.builder().ttl(Duration.ofSeconds(30)).grace(Duration.ofSeconds(60)));
    AtomicBoolean up = new AtomicBoolean(true);
    AtomicInteger calls = new AtomicInteger();
    registry.register(entry("fetch", "web", () -> {
      calls.incrementAndGet();
      return up.get();
    }));

    at(0);
    assertEquals(ToolsetAvailability.CHECK_PASSED, web(registry).reason());
    up.set(false);
    at(31);
    ToolsetAvailability flap = web(registry);
    assertTrue(flap.available(), "failed 31 s after a success: taken for a flap");
    assertEquals(ToolsetAvailability.KEPT_IN_GRACE + " (check returned false)", flap.reason());
    assertEquals("[fetch]", names(registry.definitions(List.of("fetch"))), "the model keeps the tool");
    assertEquals(3, calls.get(), "a forgiven failure is not cached: every listing probes again");
    assertTrue(log.warnings().stream().anyMatch(w -> w.contains("within the grace period")), "logged");

    at(61);
    ToolsetAvailability down = web(registry);
    assertFalse(down.available(), "a failure past the grace period is honoured");
    assertEquals(ToolsetAvailability.CHECK_FAILED, down.reason());
    at(62);
    assertFalse(registry.isToolsetAvailable("web"));
    assertEquals(4, calls.get(), "an honoured failure is cached for the TTL");

    up.set(true);
    at(91);
    assertTrue(registry.isToolsetAvailable("web"));
    assertEquals(5, calls.get());
  }

  @Test
  void aCheckThatThrowsCountsAsAFailure() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    registry.register(entry("fetch", "web", () -> {
      throw new IllegalStateException("no route");
    }));
    ToolsetAvailability verdict = web(registry);
    assertFalse(verdict.available());
    assertEquals("check threw IllegalStateException: no route", verdict.reason());
  }

  @Test
  void aHangingCheckIsCutOffAndNotStartedTwice() {
    ToolRegistry registry = registry(CheckPolicy.builder().ttl(Duration.ZERO).timeout(Duration.ZERO));
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger started = new AtomicInteger();
    registry.register(entry("fetch", "web", () -> {
      started.incrementAndGet();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return true;
    }));
    try {
      ToolsetAvailability first = web(registry);
      assertFalse(first.available());
      assertEquals("check timed out after 0 ms", first.reason());
      assertEquals("[]", names(registry.definitions(List.of("fetch"))));

      ToolsetAvailability second = web(registry);
      assertFalse(second.available());
      assertEquals("check still running from an earlier listing", second.reason());
      assertTrue(started.get() <= 1, "no second copy of a hung check: " + started.get());
    } finally {
      release.countDown();
    }
  }

  @Test
  void aHungCheckIsNotStartedAgainAfterInvalidation() {
    ToolRegistry registry = registry(CheckPolicy.builder().timeout(Duration.ZERO));
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger started = new AtomicInteger();
    registry.register(entry("fetch", "web", () -> {
      started.incrementAndGet();
      entered.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return true;
    }));
    try {
      assertEquals("check timed out after 0 ms", web(registry).reason());
      entered.await(); // the first copy is running and hangs
      registry.invalidateChecks();

      ToolsetAvailability next = web(registry);
      assertFalse(next.available());
      assertEquals("check still running from an earlier listing", next.reason());
      assertEquals(1, started.get(), "no second copy of a hung check after invalidation");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    } finally {
      release.countDown();
    }
  }

  @Test
  void aQuickCheckFinishesWellWithinItsTimeout() {
    ToolRegistry registry = registry(CheckPolicy.builder().timeout(Duration.ofMinutes(1)));
    registry.register(entry("fetch", "web", new CountingCheck(true)));
    assertEquals(ToolsetAvailability.CHECK_PASSED, web(registry).reason());
  }

  @Test
  void aNewCheckForTheToolsetIsNotAnsweredFromTheOldOnesCache() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    registry.register(entry("fetch", "web", new CountingCheck(false)));
    assertFalse(registry.isToolsetAvailable("web"));
    registry.deregister("fetch");
    CountingCheck fresh = new CountingCheck(true);
    registry.register(entry("fetch", "web", fresh));
    assertTrue(registry.isToolsetAvailable("web"));
    assertEquals(1, fresh.calls());
  }

  private static String names(String definitions) {
    return DefinitionsTest.names(definitions).toString();
  }
}
