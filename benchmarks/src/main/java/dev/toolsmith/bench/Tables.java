package dev.toolsmith.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Turns JMH JSON result files ({@code -rf json}) into the Markdown tables of docs/BENCHMARKS.md,
 * every figure next to its ratio to the limit and to the peers measured in the same run: {@code
 * java -cp toolsmith-benchmarks.jar dev.toolsmith.bench.Tables RESULT.json...}.
 */
public final class Tables {

  private static final String[] DISPATCH = {
    "limit", "toolsmith", "langchain4j", "langchain4jBridge", "springAi", "springAiBridge"
  };
  private static final String[] PEERS = {"langchain4j", "springAi"};

  /** Each framework's native path and its path over Toolsmith (the bridge). */
  private static final String[][] SWITCHES = {
    {"LangChain4j", "langchain4j", "langchain4jBridge"},
    {"Spring AI", "springAi", "springAiBridge"}
  };

  /** One benchmark result: score, error and, with {@code -prof gc}, bytes per operation. */
  record Result(double score, double error, String unit, double bytes) {}

  private final Map<String, Result> results = new LinkedHashMap<>();

  private Tables() {}

  public static void main(String[] args) throws IOException {
    Tables tables = new Tables();
    ObjectMapper mapper = new ObjectMapper();
    for (String file : args) {
      for (JsonNode run : mapper.readTree(new File(file))) {
        String name = run.path("benchmark").asText();
        name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
        String n = run.path("params").path("n").asText("");
        JsonNode primary = run.path("primaryMetric");
        JsonNode bytes = run.path("secondaryMetrics").path("gc.alloc.rate.norm");
        tables.results.put(
            n.isEmpty() ? name : name + "@" + n,
            new Result(
                primary.path("score").asDouble(),
                primary.path("scoreError").asDouble(Double.NaN),
                primary.path("scoreUnit").asText(),
                bytes.isMissingNode() ? Double.NaN : bytes.path("score").asDouble()));
      }
    }
    System.out.print(tables.render());
  }

  private String render() {
    StringBuilder out = new StringBuilder();
    dispatch(out, "Small", "small: 3 properties, String result");
    dispatch(out, "Nested", "nested: enum, list, nested record, list of 3 records, record result");
    sized(out, "StartupBenchmark", "Cold start-up to a registry and its definitions");
    sized(out, "WarmStartupBenchmark", "Warm start-up (libraries loaded, tool set new)");
    sized(out, "ListingBenchmark", "Listing: definitions of all N tools");
    compile(out);
    return out.toString();
  }

  private void dispatch(StringBuilder out, String shape, String title) {
    Result limit = results.get("DispatchBenchmark.limit" + shape);
    if (limit == null) {
      return;
    }
    out.append("\n#### Dispatch, ").append(title).append("\n\n");
    out.append(
        "| contender | time (ns/op) | ± (99.9%) | time ÷ limit | bytes/op"
            + " | bytes ÷ limit |\n");
    out.append("|---|---:|---:|---:|---:|---:|\n");
    for (String c : DISPATCH) {
      Result r = results.get("DispatchBenchmark." + c + shape);
      if (r == null) {
        continue;
      }
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %,.0f | %,.0f | %.2f× | %,.0f | %.2f× |%n",
              c,
              r.score(),
              r.error(),
              r.score() / limit.score(),
              r.bytes(),
              r.bytes() / limit.bytes()));
    }
    Result toolsmith = results.get("DispatchBenchmark.toolsmith" + shape);
    if (toolsmith != null) {
      List<String> peers = new ArrayList<>();
      for (String p : PEERS) {
        Result r = results.get("DispatchBenchmark." + p + shape);
        if (r != null) {
          peers.add(
              String.format(
                  Locale.ROOT,
                  "%s %.1f× the time and %.1f× the bytes",
                  p,
                  r.score() / toolsmith.score(),
                  r.bytes() / toolsmith.bytes()));
        }
      }
      out.append("\nAgainst Toolsmith: ").append(String.join("; ", peers)).append(".\n");
    }
    List<String> switches = new ArrayList<>();
    for (String[] framework : SWITCHES) {
      Result before = results.get("DispatchBenchmark." + framework[1] + shape);
      Result after = results.get("DispatchBenchmark." + framework[2] + shape);
      if (before != null && after != null) {
        switches.add(
            String.format(
                Locale.ROOT,
                "%s %.1f× faster, %.1f× fewer bytes",
                framework[0],
                before.score() / after.score(),
                before.bytes() / after.bytes()));
      }
    }
    if (!switches.isEmpty()) {
      out.append("\nSwitching to Toolsmith inside the framework (native ÷ bridged): ")
          .append(String.join("; ", switches))
          .append(".\n");
    }
  }

  private void sized(StringBuilder out, String benchmark, String title) {
    List<String> sizes = new ArrayList<>();
    // Every contender of one benchmark reports the same unit; Toolsmith's result may be missing.
    String unit = "";
    for (Map.Entry<String, Result> entry : results.entrySet()) {
      String key = entry.getKey();
      if (key.startsWith(benchmark + ".") && key.contains("@")) {
        String n = key.substring(key.indexOf('@') + 1);
        if (!sizes.contains(n)) {
          sizes.add(n);
        }
        unit = entry.getValue().unit();
      }
    }
    if (sizes.isEmpty()) {
      return;
    }
    sizes.sort((a, b) -> Integer.parseInt(a) - Integer.parseInt(b));
    out.append("\n#### ")
        .append(title)
        .append(" (")
        .append(unit)
        .append(")\n\n")
        .append(
            "| N | limit | Toolsmith | LangChain4j | LangChain4j over Toolsmith | Spring AI"
                + " | Spring AI over Toolsmith | Toolsmith ÷ limit | fastest peer ÷ Toolsmith"
                + " | LangChain4j ÷ bridged | Spring AI ÷ bridged | Toolsmith per tool |\n")
        .append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String n : sizes) {
      Result t = results.get(benchmark + ".toolsmith@" + n);
      Result l = results.get(benchmark + ".langchain4j@" + n);
      Result s = results.get(benchmark + ".springAi@" + n);
      Result lim = results.get(benchmark + ".limit@" + n);
      Result lb = results.get(benchmark + ".langchain4jBridge@" + n);
      Result sb = results.get(benchmark + ".springAiBridge@" + n);
      out.append("| ").append(n).append(" |");
      out.append(cell(lim))
          .append(cell(t))
          .append(cell(l))
          .append(cell(lb))
          .append(cell(s))
          .append(cell(sb));
      double toLimit = t == null || lim == null ? Double.NaN : t.score() / lim.score();
      double fastest =
          Math.min(l == null ? Double.NaN : l.score(), s == null ? Double.NaN : s.score());
      double toPeer = t == null ? Double.NaN : fastest / t.score();
      out.append(
          String.format(
              Locale.ROOT,
              " %.2f× | %.2f× | %.2f× | %.2f× |",
              toLimit,
              toPeer,
              ratio(l, lb),
              ratio(s, sb)));
      out.append(
          t == null
              ? " |"
              : String.format(
                  Locale.ROOT,
                  " %.3f %s |",
                  t.score() / Integer.parseInt(n),
                  unit.replace("/op", "/tool")));
      out.append('\n');
    }
    growth(out, benchmark, sizes, unit.replace("/op", ""));
  }

  /** Marginal cost of each added tool between consecutive sizes: equal steps mean linear growth. */
  private void growth(StringBuilder out, String benchmark, List<String> sizes, String unit) {
    List<String> lines = new ArrayList<>();
    for (String c : DISPATCH) {
      List<String> steps = new ArrayList<>();
      for (int i = 1; i < sizes.size(); i++) {
        Result a = results.get(benchmark + "." + c + "@" + sizes.get(i - 1));
        Result b = results.get(benchmark + "." + c + "@" + sizes.get(i));
        if (a != null && b != null) {
          int added = Integer.parseInt(sizes.get(i)) - Integer.parseInt(sizes.get(i - 1));
          steps.add(
              String.format(
                  Locale.ROOT,
                  "%s→%s: %.3f",
                  sizes.get(i - 1),
                  sizes.get(i),
                  (b.score() - a.score()) / added));
        }
      }
      if (!steps.isEmpty()) {
        lines.add(c + " " + String.join(", ", steps));
      }
    }
    out.append("\nCost per added tool (")
        .append(unit)
        .append("): ")
        .append(String.join("; ", lines))
        .append(".\n");
  }

  private static double ratio(@Nullable Result a, @Nullable Result b) {
    return a == null || b == null ? Double.NaN : a.score() / b.score();
  }

  private static String cell(@Nullable Result r) {
    return r == null
        ? " – |"
        : String.format(
            Locale.ROOT, " %,.1f ± %,.1f |", r.score(), Double.isNaN(r.error()) ? 0 : r.error());
  }

  private void compile(StringBuilder out) {
    Result plain = results.get("CompileBenchmark.javac");
    Result with = results.get("CompileBenchmark.javacWithToolsmith");
    if (plain == null || with == null) {
      return;
    }
    out.append("\n#### Compile time: javac on 1000 tools (").append(plain.unit()).append(")\n\n");
    Result only = results.get("CompileBenchmark.javacToolsmithProcOnly");
    out.append(
        "| javac | javac + Toolsmith processor | added"
            + " | -proc:only (processor, no class files) |\n"
            + "|---:|---:|---:|---:|\n");
    out.append(
        String.format(
            Locale.ROOT,
            "| %,.0f ± %,.0f | %,.0f ± %,.0f | %+.0f%% | %s |%n",
            plain.score(),
            plain.error(),
            with.score(),
            with.error(),
            (with.score() / plain.score() - 1) * 100,
            only == null
                ? "–"
                : String.format(Locale.ROOT, "%,.0f ± %,.0f", only.score(), only.error())));
  }
}
