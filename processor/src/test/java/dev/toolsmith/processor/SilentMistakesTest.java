package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mistakes that used to pass without a word: a Javadoc {@code @param} naming no parameter, {@code
 * requiresEnv} with no check, a {@code @BindInstance} class nobody bound. Each is now a warning at
 * the tag or value to fix, or a discovery failure naming the call that fixes it.
 */
final class SilentMistakesTest {

  /** Compiles without -Werror, as a warning is expected; asserts success. */
  private static Compilation compileLenient(JavaFileObject source) {
    Compilation compilation = javac().withProcessors(Compiled.processors()).compile(source);
    assertThat(compilation).succeeded();
    return compilation;
  }

  @Test
  void aJavadocParamNamingNoParameterWarnsAtTheTagWithTheNamesItCouldMean() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.W",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class W {
              /**
               * Tells the weather.
               *
               * @param cty the city
               * @param days how many days ahead
               */
              @Tool
              public static String weather(String city, int days, String country) {
                return city;
              }
            }
            """);
    Compilation compilation = compileLenient(source);
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            Message.JAVADOC_PARAM_UNKNOWN.text("W.weather()", "cty", "city or country"))
        .inFile(source)
        .onLineContaining("@param cty the city");
  }

  @Test
  void aRecordsJavadocParamNamingNoComponentWarnsAtTheTag() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.R",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class R {
              /**
               * A booking.
               *
               * @param gest who stays
               * @param nights how long
               */
              public record Booking(String guest, int nights) {}

              /** Books a room. */
              @Tool
              public static String book(Booking booking) {
                return booking.guest();
              }

              /**
               * Pings.
               *
               * @param target what to ping
               */
              @Tool
              public static String ping() {
                return "pong";
              }
            }
            """);
    Compilation compilation = compileLenient(source);
    assertThat(compilation).hadWarningCount(2);
    assertThat(compilation)
        .hadWarningContaining(Message.JAVADOC_PARAM_UNKNOWN.text("record Booking", "gest", "guest"))
        .inFile(source)
        .onLineContaining("@param gest who stays");
    assertThat(compilation)
        .hadWarningContaining(Message.JAVADOC_PARAM_NO_PARAMETERS.text("R.ping()", "target"))
        .inFile(source)
        .onLineContaining("@param target what to ping");
  }

  @Test
  void requiresEnvWithoutACheckWarnsAtTheValueAndTheReadyCheckSilencesIt() {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.E",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;
            import dev.toolsmith.runtime.availability.RequiresEnvCheck;

            public class E {
              /** Chats. */
              @Tool(
                  requiresEnv = "CHAT_TOKEN")
              public static String chat(String text) {
                return text;
              }

              /** Chats when it can. */
              @Tool(requiresEnv = "CHAT_TOKEN", check = RequiresEnvCheck.class)
              public static String checkedChat(String text) {
                return text;
              }
            }
            """);
    Compilation compilation = compileLenient(source);
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            Message.REQUIRES_ENV_UNCHECKED.text(List.of("CHAT_TOKEN"), "E.chat()"))
        .inFile(source)
        .onLineContaining("requiresEnv = \"CHAT_TOKEN\")");
  }

  @Test
  void aRawMapSaysWhichTypeArgumentsToGive() {
    CompileErrorsTest.assertOneError(
        """
          /** Does it. */
          @Tool
          public static void tag(
              Map labels) {}
        """,
        "Map labels",
        Message.TYPE_RAW,
        "parameter",
        "Map",
        "Map<String, V>");
  }

  @Test
  void overloadsWithOneNameAreToldApartByTheirParameterTypes() {
    CompileErrorsTest.assertOneError(
        """
          /** Weather by city. */
          @Tool
          public static String weather(String city) { return city; }

          /** Weather by place. */
          @Tool(toolset = "places")
          public static String weather(double latitude, double longitude) { return ""; }
        """,
        "@Tool(toolset = \"places\")",
        Message.NAME_DUPLICATE,
        "weather",
        "demo.T.weather(double, double)",
        "demo.T.weather(String)");
  }

  @Test
  void anUnboundInstanceClassIsADiscoveryFailureNamingTheBindingToAdd(@TempDir Path dir)
      throws Exception {
    JavaFileObject source =
        CompileErrorsTest.source(
            "demo.Counter",
            """
            package demo;

            import dev.toolsmith.annotations.BindInstance;
            import dev.toolsmith.annotations.Tool;

            @BindInstance
            public class Counter {
              /** Counts. */
              @Tool
              public int count() {
                return 1;
              }
            }
            """);
    Path out = Compiled.writeClassOutput(Compiled.compile(source), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      ToolRegistry registry = ToolRegistry.create();
      DiscoveryReport report = Discovery.builder().classLoader(loader).build().into(registry);
      assertThat(registry.toolNames()).isEmpty();
      assertThat(report.failures()).hasSize(1);
      assertThat(report.failures().get(0).detail())
          .contains(
              "demo.Counter is marked @BindInstance and no instance of it is bound, so its tools"
                  + " are left out; bind one: Discovery.discover(Bindings.of(Counter.class,"
                  + " counter))");
    }
  }
}
