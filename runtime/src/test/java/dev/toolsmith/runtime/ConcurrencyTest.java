package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.toolsmith.runtime.availability.Availability;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * Writers register, replace and deregister while readers dispatch and list. Every reader call works
 * on one snapshot, so it must never see a half-applied write.
 */
class ConcurrencyTest {

  private static final int WRITERS = 2;
  private static final int READERS = 4;
  private static final int ROUNDS = 1_500;
  private static final List<String> STABLE = List.of("s0", "s1", "s2", "s3");

  @Test
  void readersAlwaysSeeAConsistentSnapshot() throws InterruptedException {
    ToolRegistry registry = ToolRegistry.create();
    for (String name : STABLE) {
      registry.register(Fixtures.entry(name, "stable"));
    }
    List<String> every = new ArrayList<>(STABLE);
    for (int w = 0; w < WRITERS; w++) {
      every.add("a" + w);
      every.add("b" + w);
    }
    Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();

    for (int w = 0; w < WRITERS; w++) {
      String a = "a" + w;
      String b = "b" + w;
      String pairToolset = "pair" + w;
      BooleanSupplier check = () -> true;
      threads.add(
          thread(
              start,
              failures,
              () -> {
                for (int i = 0; i < ROUNDS; i++) {
                  // Published together: no reader may ever see b without a.
                  registry.registerAll(
                      List.of(
                          Fixtures.entry(b, pairToolset, check),
                          Fixtures.entry(a, pairToolset, check)));
                  registry.register(
                      Fixtures.entry(STABLE.get(i % STABLE.size()), "stable")); // replace
                  registry.deregister(b);
                  registry.deregister(a);
                }
              }));
    }
    for (int r = 0; r < READERS; r++) {
      threads.add(
          thread(
              start,
              failures,
              () -> {
                for (int i = 0; i < ROUNDS; i++) {
                  for (String name : STABLE) {
                    assertEquals(name + "@stable", registry.dispatch(name, "{}"));
                  }
                  checkPairs(registry.toolNames());
                  checkPairs(DefinitionsTest.names(registry.definitions(every)));
                  AvailabilityReport report = registry.availability(); // one snapshot
                  checkPairs(List.copyOf(report.tools().keySet()));
                  report
                      .toolsets()
                      .forEach(
                          (toolset, availability) -> {
                            if (toolset.startsWith("pair")) {
                              assertNotEquals(
                                  Availability.NO_CHECK,
                                  availability.reason(),
                                  "a listed pair toolset has its check: " + toolset);
                            }
                          });
                }
              }));
    }

    threads.forEach(Thread::start);
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }

    assertEquals(List.of(), new ArrayList<>(failures));
    assertEquals(STABLE, registry.toolNames());
    assertEquals(
        List.of(),
        registry.availability().toolsets().keySet().stream()
            .filter(toolset -> toolset.startsWith("pair"))
            .toList(),
        "toolsets went with their last tools");
  }

  /** Sorted, no duplicates, every stable tool, and each {@code bN} only next to its {@code aN}. */
  private static void checkPairs(List<String> names) {
    List<String> sorted = new ArrayList<>(new java.util.TreeSet<>(names));
    assertEquals(sorted, names, "sorted and distinct");
    for (String name : names) {
      if (name.startsWith("b")) {
        String partner = "a" + name.substring(1);
        if (!names.contains(partner)) {
          throw new AssertionError(name + " listed without " + partner + ": " + names);
        }
      }
    }
  }

  private static Thread thread(CountDownLatch start, Queue<Throwable> failures, Runnable body) {
    return new Thread(
        () -> {
          try {
            start.await();
            body.run();
          } catch (Throwable t) {
            failures.add(t);
          }
        });
  }
}
