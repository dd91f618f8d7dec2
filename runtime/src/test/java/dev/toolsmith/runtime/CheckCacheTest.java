package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.Fixtures.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Fixtures.CountingCheck;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.availability.CheckPolicy;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

  private static Availability web(ToolRegistry registry) {
    return registry.availability().toolset("web").orElseThrow();
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
    assertTrue(Fixtures.available(registry, "web"));
    assertEquals(1, check.calls(), "within the default 30 s the first result stands");
    at(30);
    registry.definitions(List.of("fetch"));
    assertEquals(2, check.calls());
  }

  @Test
  void aTtlThatNeverExpiresReusesTheResultWithoutReadingTheClockUntilInvalidated() {
    AtomicInteger clockReads = new AtomicInteger();
    ToolRegistry registry =
        ToolRegistry.builder()
            .checkPolicy(
                CheckPolicy.builder()
                    .ttl(ChronoUnit.FOREVER.getDuration())
                    .ticker(
                        () -> {
                          clockReads.incrementAndGet();
                          return nanos.get();
                        })
                    .build())
            .build();
    CountingCheck check = new CountingCheck(true);
    registry.register(entry("fetch", "web", check));

    assertEquals("fetch@web", registry.dispatch("fetch", "{}"));
    int afterFirstProbe = clockReads.get();
    nanos.set(Long.MAX_VALUE / 2); // centuries later
    assertEquals("fetch@web", registry.dispatch("fetch", "{}"));
    assertEquals("[fetch]", names(registry.definitions(List.of("fetch"))));
    assertEquals(1, check.calls(), "a result that never expires stands");
    assertEquals(afterFirstProbe, clockReads.get(), "the cached path reads no clock");

    registry.invalidateChecks();
    registry.dispatch("fetch", "{}");
    assertEquals(2, check.calls(), "invalidation still forgets it");
  }

  @Test
  void dispatchHonoursTheLastRunsVerdictHoweverOldAndReadsNoClock() {
    AtomicInteger clockReads = new AtomicInteger();
    ToolRegistry registry =
        ToolRegistry.builder()
            .checkPolicy(
                CheckPolicy.builder()
                    .ticker(
                        () -> {
                          clockReads.incrementAndGet();
                          return nanos.get();
                        })
                    .build())
            .build();
    AtomicBoolean up = new AtomicBoolean(true);
    AtomicInteger calls = new AtomicInteger();
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
              calls.incrementAndGet();
              return up.get();
            }));

    at(0);
    assertEquals("[fetch]", names(registry.definitions(List.of("fetch"))));
    up.set(false);
    at(3600); // the verdict is an hour past its 30 s
    int readsBefore = clockReads.get();
    assertEquals("fetch@web", registry.dispatch("fetch", "{}"), "what was offered can be called");
    assertEquals(1, calls.get(), "dispatch runs no check that has a verdict");
    assertEquals(readsBefore, clockReads.get(), "dispatch reads no clock");

    assertEquals("[]", names(registry.definitions(List.of("fetch"))), "a listing looks at expiry");
    assertEquals(2, calls.get());
    assertEquals(
        "{\"error\":\"Tool fetch is unavailable: check returned false\"}",
        registry.dispatch("fetch", "{}"),
        "dispatch follows the listing's new verdict");
    assertEquals(2, calls.get());
  }

  @Test
  void aToolsFirstCallRunsItsCheckWhenNoListingRanYetAndLaterCallsKeepThatVerdict() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    CountingCheck check = new CountingCheck(false);
    registry.register(entry("fetch", "web", check));

    at(0);
    assertTrue(registry.dispatch("fetch", "{}").contains("is unavailable"));
    assertEquals(1, check.calls());
    at(3600);
    assertTrue(registry.dispatch("fetch", "{}").contains("is unavailable"));
    assertEquals(1, check.calls(), "no listing ran since: the first call's verdict stands");
    registry.invalidateChecks();
    registry.dispatch("fetch", "{}");
    assertEquals(2, check.calls(), "an invalidated verdict is made again at the next call");
  }

  @Test
  void aFailureIsCachedTooAndInvalidationForgetsIt() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    CountingCheck check = new CountingCheck(false);
    registry.register(entry("fetch", "web", check));

    assertEquals("[]", names(registry.definitions(List.of("fetch"))));
    assertFalse(Fixtures.available(registry, "web"));
    assertEquals(1, check.calls());
    registry.invalidateChecks();
    assertFalse(Fixtures.available(registry, "web"));
    assertEquals(2, check.calls());
  }

  @Test
  void aFlappingCheckKeepsItsToolsetWithinTheGracePeriodThenFails() {
    ToolRegistry registry =
        registry(CheckPolicy.builder().ttl(Duration.ofSeconds(30)).grace(Duration.ofSeconds(60)));
    AtomicBoolean up = new AtomicBoolean(true);
    AtomicInteger calls = new AtomicInteger();
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
              calls.incrementAndGet();
              return up.get();
            }));

    at(0);
    assertEquals(Availability.CHECK_PASSED, web(registry).reason());
    up.set(false);
    at(31);
    Availability flap = web(registry);
    assertTrue(flap.available(), "failed 31 s after a success: taken for a flap");
    assertEquals(Availability.KEPT_IN_GRACE + " (check returned false)", flap.reason());
    assertEquals(
        "[fetch]", names(registry.definitions(List.of("fetch"))), "the model keeps the tool");
    assertEquals(3, calls.get(), "a forgiven failure is not cached: every listing probes again");
    assertTrue(
        log.warnings().stream().anyMatch(w -> w.contains("within the grace period")), "logged");

    at(61);
    Availability down = web(registry);
    assertFalse(down.available(), "a failure past the grace period is honoured");
    assertEquals(Availability.CHECK_FAILED, down.reason());
    at(62);
    assertFalse(Fixtures.available(registry, "web"));
    assertEquals(4, calls.get(), "an honoured failure is cached for the TTL");

    up.set(true);
    at(91);
    assertTrue(Fixtures.available(registry, "web"));
    assertEquals(5, calls.get());
  }

  @Test
  void aCheckThatThrowsCountsAsAFailure() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
              throw new IllegalStateException("no route");
            }));
    Availability verdict = web(registry);
    assertFalse(verdict.available());
    assertEquals("check threw IllegalStateException: no route", verdict.reason());
  }

  @Test
  void aHangingCheckIsCutOffAndNotStartedTwice() {
    ToolRegistry registry =
        registry(CheckPolicy.builder().ttl(Duration.ZERO).timeout(Duration.ZERO));
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger started = new AtomicInteger();
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
              started.incrementAndGet();
              try {
                release.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return true;
            }));
    try {
      Availability first = web(registry);
      assertFalse(first.available());
      assertEquals("check timed out after 0 ms", first.reason());
      assertEquals("[]", names(registry.definitions(List.of("fetch"))));

      Availability second = web(registry);
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
    registry.register(
        entry(
            "fetch",
            "web",
            () -> {
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

      Availability next = web(registry);
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
    assertEquals(Availability.CHECK_PASSED, web(registry).reason());
  }

  @Test
  void aNewCheckForTheToolsetIsNotAnsweredFromTheOldOnesCache() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    registry.register(entry("fetch", "web", new CountingCheck(false)));
    assertFalse(Fixtures.available(registry, "web"));
    registry.deregister("fetch");
    CountingCheck fresh = new CountingCheck(true);
    registry.register(entry("fetch", "web", fresh));
    assertTrue(Fixtures.available(registry, "web"));
    assertEquals(1, fresh.calls());
  }

  @Test
  void callsRacingInvalidationsAndReplacedChecksGetOnlyTheirOwnChecksVerdict() throws Exception {
    ToolRegistry registry = registry(CheckPolicy.builder());
    registry.register(entry("fetch", "web", new CountingCheck(true)));
    registry.register(entry("blocked", "admin", new CountingCheck(false)));
    int callers = 3;
    int calls = 5_000;
    AtomicInteger wrong = new AtomicInteger();
    AtomicBoolean writing = new AtomicBoolean(true);
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < callers; i++) {
      threads.add(
          new Thread(
              () -> {
                for (int call = 0; call < calls; call++) {
                  String fetched = registry.dispatch("fetch", "{}");
                  // The tool may be gone for a moment while it is replaced, never unavailable.
                  if (!fetched.equals("fetch@web") && !fetched.contains("Unknown tool")) {
                    wrong.incrementAndGet();
                  }
                  if (!registry.dispatch("blocked", "{}").contains("is unavailable")) {
                    wrong.incrementAndGet();
                  }
                }
              }));
    }
    Thread writer =
        new Thread(
            () -> {
              while (writing.get()) {
                registry.invalidateChecks();
                registry.deregister("fetch");
                registry.register(entry("fetch", "web", new CountingCheck(true)));
              }
            });
    writer.start();
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join();
    }
    writing.set(false);
    writer.join();
    assertEquals(0, wrong.get(), "calls answered from another check's verdict");
  }

  @Test
  void aListingStartsItsChecksSideBySide() {
    ToolRegistry registry = registry(CheckPolicy.builder());
    // Each check passes only while the other runs too: run one after the other, the first gives up
    // waiting for the second, and the second finds the meeting broken.
    CyclicBarrier meeting = new CyclicBarrier(2);
    registry.register(entry("fetch", "web", () -> meets(meeting)));
    registry.register(entry("read", "files", () -> meets(meeting)));

    assertEquals("[fetch, read]", names(registry.definitions(List.of("fetch", "read"))));
  }

  private static boolean meets(CyclicBarrier meeting) {
    try {
      meeting.await(5, TimeUnit.SECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (BrokenBarrierException | TimeoutException e) {
      return false;
    }
  }

  private static String names(String definitions) {
    return DefinitionsTest.names(definitions).toString();
  }
}
