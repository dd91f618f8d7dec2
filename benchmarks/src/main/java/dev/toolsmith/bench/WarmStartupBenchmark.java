package dev.toolsmith.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm start-up: the same work as {@link StartupBenchmark}, a fresh class loader over the tool set
 * each time, but in a JVM whose library classes are loaded and compiled already (a second registry
 * in a running application). It isolates what grows with N from the JVM's own start.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class WarmStartupBenchmark extends StartupBenchmark {}
