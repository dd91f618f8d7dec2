package dev.toolsmith.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What users and MCP clients wait for, as whole processes: {@code toolsmith-example-app
 * definitions} to its output, and {@code serve-mcp} (stdio) to its first {@code tools/list} answer,
 * against a JVM that prints a constant, each run {@code runs} times, alternating, in fresh JVMs
 * with default settings; with and without an application class-data archive.
 *
 * <p>{@code java -cp toolsmith-benchmarks.jar dev.toolsmith.bench.ProcessStartup APP_JAR [runs]}
 */
public final class ProcessStartup {

  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  private ProcessStartup() {}

  public static void main(String[] args) throws Exception {
    Path app = Path.of(args[0]).toAbsolutePath();
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    Path work = Files.createTempDirectory("process-startup");
    Path constant = constantProgram(work);
    // One archive per command, each written by one training run, as a user would script it.
    Path definitionsArchive = work.resolve("definitions.jsa");
    Path serveArchive = work.resolve("serve-mcp.jsa");
    run(command(List.of("-XX:ArchiveClassesAtExit=" + definitionsArchive), app, "definitions"));
    firstToolsList(command(List.of("-XX:ArchiveClassesAtExit=" + serveArchive), app, "serve-mcp"));
    List<String> definitionsCds = List.of("-XX:SharedArchiveFile=" + definitionsArchive);
    List<String> serveCds = List.of("-XX:SharedArchiveFile=" + serveArchive);
    long[][] samples = new long[5][runs];
    for (int i = 0; i < runs; i++) {
      samples[0][i] = run(List.of(JAVA, "-cp", constant.toString(), "Constant"));
      samples[1][i] = run(command(List.of(), app, "definitions"));
      samples[2][i] = run(command(definitionsCds, app, "definitions"));
      samples[3][i] = firstToolsList(command(List.of(), app, "serve-mcp"));
      samples[4][i] = firstToolsList(command(serveCds, app, "serve-mcp"));
    }
    String[] names = {
      "JVM printing a constant",
      "definitions",
      "definitions, AppCDS",
      "serve-mcp to tools/list",
      "serve-mcp to tools/list, AppCDS"
    };
    double base = median(samples[0]);
    System.out.printf(Locale.ROOT, "%d runs each; median, min-max (ms); ratio of medians%n", runs);
    for (int k = 0; k < names.length; k++) {
      long[] s = samples[k].clone();
      Arrays.sort(s);
      System.out.printf(
          Locale.ROOT,
          "%-34s %7.1f  %7.1f-%7.1f  %5.2fx%n",
          names[k],
          median(s) / 1e6,
          s[0] / 1e6,
          s[s.length - 1] / 1e6,
          median(s) / base);
    }
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
