package dev.toolsmith.runtime.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.Collision;
import dev.toolsmith.runtime.LogCapture;
import dev.toolsmith.runtime.TestJars;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discovery over real jars compiled inside the test: indexes on the class path, plugin directories
 * with good and broken jars, enabled and disabled plugins, overrides allowed and refused.
 */
class PluginDiscoveryTest {

  @TempDir Path work;

  private TestJars jars;
  private LogCapture log;

  /** The test class path without its fixture indexes, so only the jars of each test count. */
  private ClassLoader base;

  @BeforeEach
  void setUp() {
    jars = new TestJars(work);
    log = LogCapture.of(ServiceProviders.class);
    base = new HidingIndexes(getClass().getClassLoader());
  }

  @AfterEach
  void tearDown() {
    log.close();
  }

  private DiscoveryReport discover(ToolRegistry registry, ClassLoader loader, String yaml) {
    ToolsmithConfig config = ToolsmithConfig.parse(yaml, "toolsmith.yaml", work);
    return Discovery.builder()
        .config(config)
        .classLoader(loader)
        .sources(List.of())
        .build()
        .into(registry);
  }

  private static Map<String, SourceReport.Status> statuses(
      DiscoveryReport report, ToolOrigin.Kind kind) {
    return report.sources(kind).stream()
        .collect(Collectors.toMap(s -> s.origin().name(), SourceReport::status, (a, b) -> a));
  }

  @Test
  void twoJarsWithToolsOnTheClassPathBothLoad() throws IOException {
    Path first =
        jars.jar("first.jar").index("one.FirstIndex", "first_tool", "one", "from first").write();
    Path second =
        jars.jar("second.jar")
            .index("two.SecondIndex", "second_tool", "two", "from second")
            .write();
    ToolRegistry registry = ToolRegistry.create();

    try (URLClassLoader classPath = new URLClassLoader(TestJars.urls(first, second), base)) {
      DiscoveryReport report = discover(registry, classPath, "");

      assertEquals(List.of("first_tool", "second_tool"), registry.toolNames());
      assertEquals("from first", registry.dispatch("first_tool", "{}"));
      assertEquals("from second", registry.dispatch("second_tool", "{}"));
      assertEquals(
          Optional.of(ToolOrigin.builtIn("two.SecondIndex")), registry.originOf("second_tool"));
      assertEquals(
          List.of("one.FirstIndex", "two.SecondIndex"),
          report.sources(ToolOrigin.Kind.BUILT_IN).stream()
              .map(SourceReport::detail)
              .collect(Collectors.toList()));
      assertEquals(List.of(), report.failures());
    }
  }

  @Test
  void theSameToolFromTwoBuiltInJarsIsRefusedAndReported() throws IOException {
    Path first =
        jars.jar("first.jar").index("one.FirstIndex", "echo", "text", "from first").write();
    Path second =
        jars.jar("second.jar").index("two.SecondIndex", "echo", "text", "from second").write();
    ToolRegistry registry = ToolRegistry.create();

    try (URLClassLoader classPath = new URLClassLoader(TestJars.urls(first, second), base);
        LogCapture registryLog = LogCapture.of(ToolRegistry.class)) {
      DiscoveryReport report = discover(registry, classPath, "");

      assertEquals("from first", registry.dispatch("echo", "{}"));
      ToolOrigin one = new ToolOrigin(ToolOrigin.Kind.BUILT_IN, "one.FirstIndex");
      ToolOrigin two = new ToolOrigin(ToolOrigin.Kind.BUILT_IN, "two.SecondIndex");
      assertEquals(
          List.of(new Collision("echo", one, "text", two, "text", false)), report.collisions());
      assertEquals(Optional.of(one), registry.originOf("echo"));
      assertEquals(1, registryLog.warnings().size(), "the refusal is logged, never silent");
    }
  }

  @Test
  void aPluginDirectoryLoadsTheGoodJarAndReportsEachBrokenOne() throws IOException {
    Path plugins = work.resolve("plugins");
    jars.jar("good.jar")
        .index("good.GoodIndex", "good_tool", "good", "good result")
        .writeTo(plugins);
    jars.jar("missing-class.jar")
        .index("mc.Present", "mc_tool", "mc", "x")
        .service("mc.Absent")
        .writeTo(plugins);
    jars.jar("missing-dependency.jar")
        .source(
            "md.Helper",
            "package md; public final class Helper { public static String name() { return \"md_tool\"; } }")
        .source(
            "md.NeedsHelper",
            TestJars.indexSource("md", "NeedsHelper", "md_tool", "md", "x")
                .replace("ToolEntry.builder(\"md_tool\"", "ToolEntry.builder(Helper.name()"))
        .service("md.NeedsHelper")
        .omit("md.Helper")
        .writeTo(plugins);
    jars.jar("corrupt-manifest.jar")
        .index("cm.CmIndex", "cm_tool", "cm", "x")
        .rawManifest("this line is no header\n\u0000\u0001garbage")
        .writeTo(plugins);
    jars.notAZip(plugins, "not-a-zip.jar");
    jars.jar("no-index.jar")
        .source("ni.Plain", "package ni; public final class Plain {}")
        .writeTo(plugins);
    ToolRegistry registry = ToolRegistry.create();

    DiscoveryReport report = discover(registry, base, "plugins:\n  directories: [plugins]\n");

    assertEquals(
        List.of("good_tool"), registry.toolNames(), "nothing of a broken plugin is registered");
    assertEquals("good result", registry.dispatch("good_tool", "{}"));
    assertEquals(Optional.of(ToolOrigin.plugin("good")), registry.originOf("good_tool"));
    Map<String, SourceReport.Status> status = statuses(report, ToolOrigin.Kind.PLUGIN);
    assertEquals(
        Map.of(
            "corrupt-manifest", SourceReport.Status.FAILED,
            "good", SourceReport.Status.LOADED,
            "missing-class", SourceReport.Status.FAILED,
            "missing-dependency", SourceReport.Status.FAILED,
            "no-index", SourceReport.Status.FAILED,
            "not-a-zip", SourceReport.Status.FAILED),
        status);
    Map<String, String> reasons =
        report.failures().stream()
            .collect(Collectors.toMap(s -> s.origin().name(), SourceReport::detail));
    assertContains(reasons.get("missing-class"), "mc.Absent not found");
    assertContains(reasons.get("missing-dependency"), "NoClassDefFoundError");
    assertContains(reasons.get("missing-dependency"), "md/Helper");
    assertContains(
        reasons.get("corrupt-manifest"), "not a readable jar: IOException: invalid header field");
    assertContains(reasons.get("not-a-zip"), "not a readable jar: ZipException");
    assertContains(reasons.get("no-index"), "holds no tool index");
    assertEquals(
        5,
        log.warnings().stream().filter(w -> w.startsWith("Plugin ")).count(),
        log.warnings().toString());
  }

  @Test
  void disabledWinsOverEnabledAndUnlistedPluginsStayOut() throws IOException {
    Path plugins = work.resolve("plugins");
    jars.jar("alpha.jar").index("pa.AIndex", "a_tool", "a", "a").writeTo(plugins);
    jars.jar("beta.jar").index("pb.BIndex", "b_tool", "b", "b").writeTo(plugins);
    jars.jar("gamma.jar").index("pc.CIndex", "c_tool", "c", "c").writeTo(plugins);
    ToolRegistry registry = ToolRegistry.create();

    DiscoveryReport report =
        discover(
            registry,
            base,
            "plugins:\n  directories: [plugins]\n  enabled: [alpha, beta]\n  disabled: [beta]\n");

    assertEquals(List.of("a_tool"), registry.toolNames());
    List<SourceReport> reported = report.sources(ToolOrigin.Kind.PLUGIN);
    assertEquals(
        List.of(
            new SourceReport(
                ToolOrigin.plugin("alpha"),
                SourceReport.Status.LOADED,
                List.of("a_tool"),
                plugins.resolve("alpha.jar").toString()),
            new SourceReport(
                ToolOrigin.plugin("beta"),
                SourceReport.Status.DISABLED,
                List.of(),
                "listed in plugins.disabled"),
            new SourceReport(
                ToolOrigin.plugin("gamma"),
                SourceReport.Status.DISABLED,
                List.of(),
                "not listed in plugins.enabled")),
        reported);
  }

  @Test
  void aPluginCannotReplaceABuiltInToolUnlessTheConfigAllowsIt() throws IOException {
    Path builtIn =
        jars.jar("app.jar").index("app.AppIndex", "echo", "core", "built-in echo").write();
    Path plugins = work.resolve("plugins");
    // The same toolset, even: across origins only the configuration decides.
    jars.jar("shadow.jar")
        .index("shadow.ShadowIndex", "echo", "core", "plugin echo")
        .writeTo(plugins);

    try (URLClassLoader classPath = new URLClassLoader(TestJars.urls(builtIn), base)) {
      ToolRegistry refused = ToolRegistry.create();
      DiscoveryReport report;
      try (LogCapture registryLog = LogCapture.of(ToolRegistry.class)) {
        report = discover(refused, classPath, "plugins: {directories: [plugins]}");
        assertEquals(1, registryLog.warnings().size(), "the refusal is logged, never silent");
        assertContains(registryLog.warnings().get(0), "'echo' of plugin shadow refused");
      }
      assertEquals("built-in echo", refused.dispatch("echo", "{}"));
      assertEquals(
          List.of(
              new Collision(
                  "echo",
                  ToolOrigin.builtIn("app.AppIndex"),
                  "core",
                  ToolOrigin.plugin("shadow"),
                  "core",
                  false)),
          report.collisions());
      assertEquals(List.of(), report.sources(ToolOrigin.Kind.PLUGIN).get(0).tools());

      ToolRegistry allowed = ToolRegistry.create();
      DiscoveryReport overridden;
      try (LogCapture registryLog = LogCapture.of(ToolRegistry.class)) {
        overridden =
            discover(
                allowed, classPath, "plugins: {directories: [plugins], allow_override: [shadow]}");
        assertEquals(1, registryLog.warnings().size(), "an allowed override is logged too");
      }
      assertEquals("plugin echo", allowed.dispatch("echo", "{}"));
      assertEquals(Optional.of(ToolOrigin.plugin("shadow")), allowed.originOf("echo"));
      assertEquals(
          List.of(
              new Collision(
                  "echo",
                  ToolOrigin.builtIn("app.AppIndex"),
                  "core",
                  ToolOrigin.plugin("shadow"),
                  "core",
                  true)),
          overridden.collisions());
    }
  }

  @Test
  void aClassPathPluginLoadsInPhaseThreeAndCanBeDisabled() throws IOException {
    Path app = jars.jar("app.jar").index("app.AppIndex", "app_tool", "app", "app").write();
    Path plugin =
        jars.jar("cp-plugin.jar")
            .pluginName("weather")
            .index("weather.WeatherIndex", "forecast", "weather", "sunny")
            .write();

    try (URLClassLoader classPath = new URLClassLoader(TestJars.urls(app, plugin), base)) {
      ToolRegistry registry = ToolRegistry.create();
      DiscoveryReport report = discover(registry, classPath, "");
      assertEquals(List.of("app_tool", "forecast"), registry.toolNames());
      assertEquals(Optional.of(ToolOrigin.plugin("weather")), registry.originOf("forecast"));
      assertEquals(Optional.of(ToolOrigin.builtIn("app.AppIndex")), registry.originOf("app_tool"));
      assertEquals(
          List.of(ToolOrigin.Kind.BUILT_IN, ToolOrigin.Kind.PLUGIN),
          report.sources().stream().map(s -> s.origin().kind()).collect(Collectors.toList()));

      ToolRegistry without = ToolRegistry.create();
      DiscoveryReport disabled = discover(without, classPath, "plugins:\n  disabled: [weather]\n");
      assertEquals(List.of("app_tool"), without.toolNames());
      assertEquals(
          SourceReport.Status.DISABLED, statuses(disabled, ToolOrigin.Kind.PLUGIN).get("weather"));
    }
  }

  @Test
  void aPluginShadedIntoTheApplicationsJarClaimsItsPackagesOnly() throws IOException {
    Path shaded =
        jars.jar("shaded.jar")
            .descriptor("name=weather\npackages=weather.plugin\n")
            .index("app.AppIndex", "app_tool", "app", "app")
            .index("weather.plugin.WeatherIndex", "forecast", "weather", "sunny")
            .write();

    try (URLClassLoader classPath = new URLClassLoader(TestJars.urls(shaded), base)) {
      ToolRegistry registry = ToolRegistry.create();
      discover(registry, classPath, "");
      assertEquals(Optional.of(ToolOrigin.builtIn("app.AppIndex")), registry.originOf("app_tool"));
      assertEquals(Optional.of(ToolOrigin.plugin("weather")), registry.originOf("forecast"));
    }
  }

  /** An index class whose {@code tools} has {@code body} (with {@code bindings} in scope). */
  private static String indexWithTools(String pkg, String className, String body) {
    return "package "
        + pkg
        + ";\n"
        + "import dev.toolsmith.runtime.*;\n"
        + "import dev.toolsmith.runtime.tool.*;\n"
        + "import dev.toolsmith.runtime.spi.ToolIndex;\n"
        + "import java.util.List;\n"
        + "public final class "
        + className
        + " implements ToolIndex {\n"
        + "  @Override public List<ToolEntry> tools(Bindings bindings) {\n"
        + body
        + "\n  }\n"
        + "}\n";
  }

  @Test
  void aPluginWhoseToolsRecurseForeverOrThrowAnErrorFailsAloneAndTheOthersLoad()
      throws IOException {
    Path plugins = work.resolve("plugins");
    jars.jar("asserting.jar")
        .source(
            "as.AssertingIndex",
            indexWithTools("as", "AssertingIndex", "throw new AssertionError(\"broken\");"))
        .service("as.AssertingIndex")
        .writeTo(plugins);
    jars.jar("good.jar").index("good.GoodIndex", "good_tool", "good", "good").writeTo(plugins);
    jars.jar("loop.jar")
        .source("loop.LoopIndex", indexWithTools("loop", "LoopIndex", "return tools(bindings);"))
        .service("loop.LoopIndex")
        .writeTo(plugins);
    ToolRegistry registry = ToolRegistry.create();

    DiscoveryReport report = discover(registry, base, "plugins:\n  directories: [plugins]\n");

    assertEquals(List.of("good_tool"), registry.toolNames());
    Map<String, String> reasons =
        report.failures().stream()
            .collect(Collectors.toMap(s -> s.origin().name(), SourceReport::detail));
    assertEquals(
        plugins.resolve("loop.jar") + ": loop.LoopIndex failed: StackOverflowError",
        reasons.get("loop"));
    assertEquals(
        plugins.resolve("asserting.jar") + ": as.AssertingIndex failed: AssertionError: broken",
        reasons.get("asserting"));
  }

  @Test
  void thePluginsOwnOutOfMemoryErrorIsNotContained() throws IOException {
    jars.jar("greedy.jar")
        .source(
            "gr.GreedyIndex",
            indexWithTools("gr", "GreedyIndex", "throw new OutOfMemoryError(\"simulated\");"))
        .service("gr.GreedyIndex")
        .writeTo(work.resolve("plugins"));

    OutOfMemoryError thrown =
        assertThrows(
            OutOfMemoryError.class,
            () -> discover(ToolRegistry.create(), base, "plugins:\n  directories: [plugins]\n"));
    assertEquals("simulated", thrown.getMessage());
  }

  @Test
  void aPluginWhoseStaticInitialiserNeverReturnsIsAbandonedAtTheBound() throws IOException {
    Path plugins = work.resolve("plugins");
    jars.jar("hang.jar")
        .source(
            "hang.HangIndex",
            indexWithTools("hang", "HangIndex", "return List.of();")
                .replace(
                    "implements ToolIndex {\n",
                    "implements ToolIndex {\n"
                        + "  static { never(); }\n"
                        + "  private static void never() {\n"
                        + "    while (true) {\n" // deaf to interruption: truly never returns
                        + "      try { Thread.sleep(Long.MAX_VALUE); }"
                        + " catch (InterruptedException e) { }\n"
                        + "    }\n"
                        + "  }\n"))
        .service("hang.HangIndex")
        .writeTo(plugins);
    jars.jar("later.jar")
        .index("later.LaterIndex", "later_tool", "later", "later")
        .writeTo(plugins);
    ToolRegistry registry = ToolRegistry.create();

    long start = System.nanoTime();
    DiscoveryReport report =
        discover(registry, base, "plugins:\n  directories: [plugins]\n  load_timeout: 0.5\n");
    long millis = (System.nanoTime() - start) / 1_000_000;

    assertEquals(List.of("later_tool"), registry.toolNames(), "the plugins after it still load");
    assertEquals(
        List.of(
            new SourceReport(
                ToolOrigin.plugin("hang"),
                SourceReport.Status.FAILED,
                List.of(),
                plugins.resolve("hang.jar")
                    + ": still loading after 500 ms (plugins.load_timeout); abandoned")),
        report.failures());
    assertTrue(millis >= 500 && millis < 10_000, millis + " ms");
    Thread abandoned =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals("toolsmith-plugin-hang"))
            .findFirst()
            .orElseThrow();
    assertTrue(abandoned.isDaemon(), "an abandoned plugin does not keep the JVM alive");
  }

  private static void assertContains(String text, String part) {
    assertTrue(text != null && text.contains(part), "expected '" + part + "' in: " + text);
  }
}
