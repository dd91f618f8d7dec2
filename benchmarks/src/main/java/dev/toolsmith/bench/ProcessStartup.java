package dev.toolsmith.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What users and MCP clients wait for, as whole processes: {@code toolsmith-example-app}'s {@code
 * definitions} and {@code list} to their exit, and {@code serve-mcp} (stdio) to its first {@code
 * tools/list} answer, against a JVM that prints a constant, each run {@code runs} times in turn, in
 * fresh JVMs with default settings; {@code definitions} also with an application class-data archive
 * (AppCDS, one training run). Several jars (say the app before and after a change) are measured in
 * the same rounds, so that a drift of the machine's speed touches them alike.
 *
 * <p>{@code java -cp toolsmith-benchmarks.jar dev.toolsmith.bench.ProcessStartup [RUNS] APP_JAR...}
 */
public final class ProcessStartup {

  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  /** What is timed of each jar, in this order. */
  private static final List<String> MEASURES =
      List.of("definitions", "definitions, AppCDS", "list", "serve-mcp to tools/list");

  private ProcessStartup() {}

  public static void main(String[] args) throws Exception {
    int runs = 10;
    List<Path> apps = new ArrayList<>();
    for (String arg : args) {
      if (arg.chars().allMatch(Character::isDigit)) {
        runs = Integer.parseInt(arg);
      } else {
        apps.add(Path.of(arg).toAbsolutePath());
      }
    }
    if (apps.isEmpty()) {
      System.err.println("usage: ProcessStartup [RUNS] APP_JAR...");
      System.exit(2);
    }
    Path work = Files.createTempDirectory("process-startup");
    Path constant = constantProgram(work);
    // One archive per jar, written by one training run, as a user would script it.
    List<List<String>> archives = new ArrayList<>();
    for (int a = 0; a < apps.size(); a++) {
      Path archive = work.resolve("definitions-" + a + ".jsa");
      run(command(List.of("-XX:ArchiveClassesAtExit=" + archive), apps.get(a), "definitions"));
      archives.add(List.of("-XX:SharedArchiveFile=" + archive));
    }
    double loadBefore = load();
    long[] floor = new long[runs];
    long[][][] samples = new long[apps.size()][MEASURES.size()][runs];
    for (int i = 0; i < runs; i++) {
      floor[i] = run(List.of(JAVA, "-cp", constant.toString(), "Constant"));
      for (int a = 0; a < apps.size(); a++) {
        Path app = apps.get(a);
        samples[a][0][i] = run(command(List.of(), app, "definitions"));
        samples[a][1][i] = run(command(archives.get(a), app, "definitions"));
        samples[a][2][i] = run(command(List.of(), app, "list"));
        samples[a][3][i] = firstToolsList(command(List.of(), app, "serve-mcp"));
      }
    }
    double loadAfter = load();
    System.out.printf(
        Locale.ROOT,
        "%d runs each, in turn; median, min-max (ms); ratio of medians to the constant;"
            + " load average %.2f before, %.2f after%n",
        runs,
        loadBefore,
        loadAfter);
    double base = median(floor);
    print("JVM printing a constant", floor, base);
    for (int a = 0; a < apps.size(); a++) {
      System.out.println(apps.get(a).getFileName() + " (" + Files.size(apps.get(a)) + " bytes):");
      for (int m = 0; m < MEASURES.size(); m++) {
        print("  " + MEASURES.get(m), samples[a][m], base);
      }
    }
  }

  private static void print(String name, long[] samples, double base) {
    long[] s = samples.clone();
    Arrays.sort(s);
    System.out.printf(
        Locale.ROOT,
        "%-34s %7.1f  %7.1f-%7.1f  %5.2fx%n",
        name,
        median(s) / 1e6,
        s[0] / 1e6,
        s[s.length - 1] / 1e6,
        median(s) / base);
  }

  /** The system's load average over the last minute, or -1 where the platform has none. */
  private static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  private static List<String> command(List<String> flags, Path app, String command) {
    List<String> all = new ArrayList<>(List.of(JAVA));
    all.addAll(flags);
    all.addAll(List.of("-jar", app.toString(), command));
    return all;
  }

  /** Runs {@code command} to its end, its output discarded; returns the nanoseconds it took. */
  private static long run(List<String> command) throws Exception {
    long start = System.nanoTime();
    Process process =
        new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IllegalStateException(command + " failed");
    }
    return System.nanoTime() - start;
  }

  /**
   * Starts the MCP server, initializes a session and asks for the tools; returns the nanoseconds to
   * the answer, then ends the server by closing its input.
   */
  @SuppressWarnings("try") // the server's input is closed early on purpose: that ends the server
  private static long firstToolsList(List<String> command) throws Exception {
    long start = System.nanoTime();
    Process process =
        new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (OutputStream in = process.getOutputStream();
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      in.write(
          ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                  + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"bench\","
                  + "\"version\":\"1\"}}}\n"
                  + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                  + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}\n")
              .getBytes(StandardCharsets.UTF_8));
      in.flush();
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.contains("\"id\":2")) {
          long elapsed = System.nanoTime() - start;
          in.close();
          if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
          }
          return elapsed;
        }
      }
    }
    process.destroyForcibly();
    throw new IllegalStateException("no tools/list answer from " + command);
  }

  /** A class whose main prints a constant: the floor any JVM program starts from. */
  private static Path constantProgram(Path work) throws IOException, InterruptedException {
    Path source = work.resolve("Constant.java");
    Files.writeString(
        source,
        "public class Constant { public static void main(String[] a) {"
            + " System.out.println(\"[]\"); } }");
    Process javac =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "javac").toString(),
                "-d",
                work.toString(),
                source.toString())
            .inheritIO()
            .start();
    if (javac.waitFor() != 0) {
      throw new IllegalStateException("javac failed");
    }
    return work;
  }

  private static double median(long[] samples) {
    long[] s = samples.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
  }
}
