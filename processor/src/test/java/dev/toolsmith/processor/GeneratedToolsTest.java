package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compiles real tools, loads the generated index through ServiceLoader and calls the handlers. */
final class GeneratedToolsTest {

  static final JavaFileObject FILES =
      JavaFileObjects.forSourceString(
          "demo.Files",
"""
package demo;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;

public final class Files {
  public static int calls;

  /** Reads a text file below the {@code workspace} root. More text here. */
  @Tool(toolset = "files", emoji = "\uD83D\uDCC4", maxResultChars = 2000, requiresEnv = "HOME",
      check = Always.class)
  public static String readFile(ReadFile args) {
    calls++;
    return args.path() + ":" + args.maxLines();
  }

  /**
   * @param path file path relative to the workspace root
   * @param maxLines stop after this many lines
   */
  public record ReadFile(String path, @Param(minimum = 1) Integer maxLines) {}
}
""");

  static final JavaFileObject KINDS =
      JavaFileObjects.forSourceString(
          "demo.Kinds",
"""
package demo;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.tool.ToolContext;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

public class Kinds {
  public static int resets;
  private int count;

  public enum Unit { CELSIUS, FAHRENHEIT }

  public record Point(int x, int y) {}

  public record Shape(String name, List<Point> points, Optional<Unit> unit) {}

  /** Adds two numbers. */
  @Tool
  public static int add(int a, @Param(description = "the second", minimum = -10, maximum = 10) int b) {
    return a + b;
  }

  /**
   * Counts calls on this instance.
   *
   * @param by how much to add
   */
  @Tool
  public long increment(@Param(required = false) Integer by) {
    count += by == null ? 1 : by;
    return count;
  }

  /** Clears everything. */
  @Tool
  public static void reset() {
    resets++;
  }

  /** Tells the call id. */
  @Tool
  public static String whoCalls(ToolContext context, String greeting) {
    return greeting + " " + context.callId() + " " + context.attribute("user", String.class).orElse("?");
  }

  /** Echoes text. */
  @Tool
  public static String echo(String text) {
    return text;
  }

  /** Always nothing. */
  @Tool
  public static String nothing() {
    return null;
  }

  /** Whether a number is even. */
  @Tool
  public static boolean isEven(long n) {
    return n % 2 == 0;
  }

  /** Halves a number. */
  @Tool
  public static double half(double x) {
    return x / 2;
  }

  /** The other unit. */
  @Tool
  public static Unit flip(Unit unit) {
    return unit == Unit.CELSIUS ? Unit.FAHRENHEIT : Unit.CELSIUS;
  }

  /** Moves a shape. */
  @Tool
  public static Shape move(Shape shape, int dx) {
    return new Shape(shape.name(), shape.points().stream().map(p -> new Point(p.x() + dx, p.y())).toList(), shape.unit());
  }

  /** Points on a line. */
  @Tool
  public static List<Point> line(int n) {
    return java.util.stream.IntStream.range(0, n).mapToObj(i -> new Point(i, i)).toList();
  }

  /** Counts words. */
  @Tool
  public static Map<String, Integer> wordCounts(List<String> words) {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    words.forEach(w -> counts.merge(w, 1, Integer::sum));
    return counts;
  }

  /** Finds a thing. */
  @Tool
  public static Optional<String> find(Optional<String> name) {
    return name.map(String::toUpperCase);
  }

  /** Splits text. */
  @Tool
  public static String[] split(String text, @Param(required = false) String separator) {
    return text.split(separator == null ? " " : separator);
  }

  /** Squares numbers. */
  @Tool
  public static int[] squares(int[] numbers, Set<String> tags, Map<String, Double> weights, char mark) {
    int[] out = new int[numbers.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = numbers[i] * numbers[i];
    }
    return out;
  }

  public record Stats(short s, byte b, float f, char c, Set<String> tags, long[] ids,
      Map<String, List<Integer>> groups, java.util.Collection<Boolean> flags, Unit[] units) {}

  /** Every scalar and container in one result. */
  @Tool
  public static Stats stats(Stats in) {
    return in;
  }

  /** Later. */
  @Tool
  public static CompletionStage<Point> later(int x) {
    return CompletableFuture.supplyAsync(() -> new Point(x, -x));
  }

  /** Later, text. */
  @Tool
  public static CompletionStage<String> laterText(String text) {
    return CompletableFuture.completedFuture(text + "!");
  }

  /** Fails the way file tools do. */
  @Tool
  public static String fail(String message) throws java.io.IOException {
    throw new java.io.IOException(message);
  }

  /** Later, nothing. */
  @Tool
  public static CompletableFuture<Void> laterReset() {
    resets++;
    return CompletableFuture.completedFuture(null);
  }
}
""");

  static final JavaFileObject GREETER =
      JavaFileObjects.forSourceString(
          "demo.di.Greeter",
          """
          package demo.di;

          import dev.toolsmith.annotations.BindInstance;
          import dev.toolsmith.annotations.Tool;

          @BindInstance
          public class Greeter {
            private final String greeting;

            public Greeter(String greeting) {
              this.greeting = greeting;
            }

            /** Greets someone. */
            @Tool(name = "greet")
            public String hello(String name) {
              return greeting + ", " + name;
            }
          }
          """);

  static final JavaFileObject SERVICE =
      JavaFileObjects.forSourceString(
          "demo.di.Service",
          """
          package demo.di;

          import dev.toolsmith.annotations.BindInstance;
          import dev.toolsmith.annotations.Tool;

          /** Implemented by the application, for example a DI container's bean. */
          @BindInstance
          public interface Service {
            /** Looks a key up. */
            @Tool
            String lookup(String key);

            /** A static tool of a bound class needs no binding. */
            @Tool
            static String version() {
              return "1";
            }
          }
          """);

  static final JavaFileObject ALWAYS =
      JavaFileObjects.forSourceString(
          "demo.Always",
          """
          package demo;

          public final class Always implements java.util.function.BooleanSupplier {
            @Override
            public boolean getAsBoolean() {
              return true;
            }
          }
          """);

  static Compilation compilation;
  static URLClassLoader loader;
  static Map<String, ToolEntry> tools;

  @BeforeAll
  static void compileAndLoad(@TempDir Path dir) {
    compilation = Compiled.compile(FILES, KINDS, GREETER, SERVICE, ALWAYS);
    loader = Compiled.loader(Compiled.writeClassOutput(compilation, dir));
    tools = Compiled.tools(loader, Bindings.none());
  }

  @AfterAll
  static void close() throws Exception {
    loader.close();
  }

  static String call(String tool, String arguments) throws Exception {
    return Compiled.call(tools.get(tool), arguments, ToolContext.empty());
  }

  static List<ArgumentProblem> problems(String tool, String arguments) {
    return assertThrows(InvalidArgumentsException.class, () -> call(tool, arguments)).problems();
  }

  static int staticInt(String className, String field) throws Exception {
    return loader.loadClass(className).getField(field).getInt(null);
  }

  @Test
  void indexListsEveryToolSortedWithoutUnboundInstances() {
    assertThat(Compiled.indexes(loader)).hasSize(1);
    List<String> names =
        Compiled.indexes(loader).get(0).tools(Bindings.none()).stream()
            .map(ToolEntry::name)
            .toList();
    assertThat(names).isInOrder();
    assertThat(names)
        .containsAtLeast("read_file", "add", "increment", "reset", "who_calls", "later");
    assertThat(names).doesNotContain("greet");
  }

  @Test
  void entryCarriesTheAnnotationsFields() {
    ToolEntry entry = tools.get("read_file");
    assertThat(entry.toolset()).isEqualTo("files");
    assertThat(entry.emoji()).isEqualTo("📄");
    assertThat(entry.definition().description())
        .isEqualTo("Reads a text file below the workspace root.");
    assertThat(entry.maxResultChars()).isEqualTo(OptionalInt.of(2000));
    assertThat(entry.requiresEnv()).containsExactly("HOME");
    assertThat(entry.check().orElseThrow().getAsBoolean()).isTrue();
    assertThat(entry.isAsync()).isFalse();
    assertThat(tools.get("add").toolset()).isEqualTo("default");
    assertThat(tools.get("add").check()).isEmpty();
    assertThat(tools.get("later").isAsync()).isTrue();
  }

  @Test
  void recordTool() throws Exception {
    assertThat(call("read_file", "{\"path\":\"a.txt\",\"maxLines\":3}")).isEqualTo("a.txt:3");
  }

  @Test
  void plainParameterTool() throws Exception {
    assertThat(call("add", "{\"a\":2,\"b\":-3}")).isEqualTo("-1");
  }

  @Test
  void instanceToolKeepsOneInstancePerToolsCall() throws Exception {
    assertThat(call("increment", "{}")).isEqualTo("1");
    assertThat(call("increment", "{\"by\":5}")).isEqualTo("6");
    assertThat(call("increment", "{\"by\":null}")).isEqualTo("7");
  }

  @Test
  void boundInstanceToolRunsOnTheBoundInstance() throws Exception {
    Class<?> greeter = loader.loadClass("demo.di.Greeter");
    Object instance = greeter.getConstructor(String.class).newInstance("Hallo");
    Map<String, ToolEntry> bound = Compiled.tools(loader, Compiled.bind(greeter, instance));
    assertThat(Compiled.call(bound.get("greet"), "{\"name\":\"Ada\"}", ToolContext.empty()))
        .isEqualTo("Hallo, Ada");
  }

  @Test
  void boundInterfaceRunsItsAbstractMethodOnTheBoundImplementation() throws Exception {
    assertThat(tools).doesNotContainKey("lookup");
    assertThat(tools).doesNotContainKey("version"); // the class is bound as a whole
    Class<?> service = loader.loadClass("demo.di.Service");
    Object impl =
        java.lang.reflect.Proxy.newProxyInstance(
            loader, new Class<?>[] {service}, (proxy, method, args) -> "value of " + args[0]);
    Map<String, ToolEntry> bound = Compiled.tools(loader, Compiled.bind(service, impl));
    assertThat(Compiled.call(bound.get("lookup"), "{\"key\":\"k\"}", ToolContext.empty()))
        .isEqualTo("value of k");
    assertThat(Compiled.call(bound.get("version"), "{}", ToolContext.empty())).isEqualTo("1");
  }

  @Test
  void contextIsInjected() throws Exception {
    ToolContext context = ToolContext.of("call-7", Map.of("user", "ada"));
    assertThat(Compiled.call(tools.get("who_calls"), "{\"greeting\":\"hi\"}", context))
        .isEqualTo("hi call-7 ada");
    assertThat(tools.get("who_calls").definition().schema()).doesNotContain("context");
  }

  @Test
  void voidToolAnswersOk() throws Exception {
    int before = staticInt("demo.Kinds", "resets");
    assertThat(call("reset", "")).isEqualTo("{\"ok\":true}");
    assertThat(staticInt("demo.Kinds", "resets")).isEqualTo(before + 1);
  }

  @Test
  void everyReturnKind() throws Exception {
    assertThat(call("nothing", "{}")).isEqualTo("null");
    assertThat(call("is_even", "{\"n\":4}")).isEqualTo("true");
    assertThat(call("half", "{\"x\":3}")).isEqualTo("1.5");
    assertThat(call("flip", "{\"unit\":\"CELSIUS\"}")).isEqualTo("\"FAHRENHEIT\"");
    assertThat(call("move", "{\"shape\":{\"name\":\"s\",\"points\":[{\"x\":1,\"y\":2}]},\"dx\":1}"))
        .isEqualTo("{\"name\":\"s\",\"points\":[{\"x\":2,\"y\":2}],\"unit\":null}");
    assertThat(
            call(
                "move", "{\"shape\":{\"name\":\"s\",\"points\":[],\"unit\":\"CELSIUS\"},\"dx\":1}"))
        .isEqualTo("{\"name\":\"s\",\"points\":[],\"unit\":\"CELSIUS\"}");
    assertThat(call("line", "{\"n\":2}")).isEqualTo("[{\"x\":0,\"y\":0},{\"x\":1,\"y\":1}]");
    assertThat(call("word_counts", "{\"words\":[\"a\",\"b\",\"a\"]}"))
        .isEqualTo("{\"a\":2,\"b\":1}");
    assertThat(call("find", "{\"name\":\"x\"}")).isEqualTo("\"X\"");
    assertThat(call("find", "{}")).isEqualTo("null");
    assertThat(call("split", "{\"text\":\"a b\"}")).isEqualTo("[\"a\",\"b\"]");
    assertThat(
            call(
                "squares",
                "{\"numbers\":[2,3],\"tags\":[\"t\"],\"weights\":{\"w\":0.5},\"mark\":\"x\"}"))
        .isEqualTo("[4,9]");
  }

  @Test
  void scalarsAndContainersRoundTrip() throws Exception {
    String stats =
        "{\"s\":-3,\"b\":7,\"f\":0.5,\"c\":\"é\",\"tags\":[\"x\"],\"ids\":[1,2],"
            + "\"groups\":{\"g\":[1]},\"flags\":[true,false],\"units\":[\"CELSIUS\"]}";
    assertThat(call("stats", stats)).isEqualTo(stats);
  }

  @Test
  void asyncTool() throws Exception {
    assertThat(call("later", "{\"x\":3}")).isEqualTo("{\"x\":3,\"y\":-3}");
    assertThat(call("later_reset", "{}")).isEqualTo("{\"ok\":true}");
    assertThat(call("later_text", "{\"text\":\"hi\"}")).isEqualTo("hi!");
  }

  @Test
  void checkedExceptionsOfTheMethodReachTheCaller() {
    java.io.IOException e =
        assertThrows(java.io.IOException.class, () -> call("fail", "{\"message\":\"disk full\"}"));
    assertThat(e).hasMessageThat().isEqualTo("disk full");
  }

  @Test
  void invalidArgumentsReportEveryProblemAndDoNotCallTheTool() throws Exception {
    int before = staticInt("demo.Files", "calls");
    assertThat(problems("read_file", "{\"maxLines\":0,\"extra\":true}"))
        .containsExactly(
            new ArgumentProblem("/maxLines", "integer >= 1", "0"),
            new ArgumentProblem("/extra", "one of [path, maxLines]", "unknown property"),
            new ArgumentProblem("/path", "string", "missing"));
    assertThat(staticInt("demo.Files", "calls")).isEqualTo(before);
  }

  @Test
  void anEmptyPropertyNameIsUnknownLikeAnyOther() throws Exception {
    for (String extra : List.of("\"\":null", "\"\":1", "\"zzz\":null")) {
      String name = extra.substring(1, extra.indexOf('"', 1));
      assertThat(problems("read_file", "{\"path\":\"a\",\"maxLines\":1," + extra + "}"))
          .containsExactly(
              new ArgumentProblem("/" + name, "one of [path, maxLines]", "unknown property"));
    }
  }

  @Test
  void wrongTypesRangesAndEnums() {
    assertThat(problems("add", "{\"a\":1.5,\"b\":11}"))
        .containsExactly(
            new ArgumentProblem("/a", "integer", "1.5"),
            new ArgumentProblem("/b", "integer between -10 and 10", "11"));
    assertThat(problems("add", "{\"a\":3000000000,\"b\":\"1\"}"))
        .containsExactly(
            new ArgumentProblem("/a", "integer between -2147483648 and 2147483647", "3000000000"),
            new ArgumentProblem("/b", "integer", "\"1\""));
    assertThat(problems("flip", "{\"unit\":\"KELVIN\"}"))
        .containsExactly(
            new ArgumentProblem("/unit", "one of [CELSIUS, FAHRENHEIT]", "\"KELVIN\""));
    assertThat(problems("move", "{\"shape\":{\"name\":1,\"points\":[{\"x\":1},7]},\"dx\":null}"))
        .containsExactly(
            new ArgumentProblem("/shape/name", "string", "1"),
            new ArgumentProblem("/shape/points/0/y", "integer", "missing"),
            new ArgumentProblem("/shape/points/1", "object", "7"),
            new ArgumentProblem("/dx", "integer", "null"));
  }

  @Test
  void argumentsThatAreNotAnObject() {
    assertThat(problems("add", "[1,2]"))
        .containsExactly(new ArgumentProblem("", "object", "array"));
    assertThat(problems("add", "{\"a\":")).hasSize(1);
    assertThat(problems("add", "{\"a\":").get(0).path()).isEmpty();
  }

  @Test
  void blankAndDoubleEncodedArguments() throws Exception {
    assertThat(call("nothing", "  ")).isEqualTo("null");
    assertThat(call("add", "\"{\\\"a\\\":1,\\\"b\\\":2}\"")).isEqualTo("3");
    assertThat(problems("add", "")).hasSize(2);
  }

  @Test
  void nonAsciiInAndOut() throws Exception {
    assertThat(call("echo", "{\"text\":\"héllo 🌍 \\u00e9\"}")).isEqualTo("héllo 🌍 é");
    assertThat(call("word_counts", "{\"words\":[\"größe\"]}")).isEqualTo("{\"größe\":1}");
  }

  @Test
  void schemaOfARecordTool() {
    assertThat(tools.get("read_file").definition().schema())
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\",\"description\":\"file"
                + " path relative to the workspace"
                + " root\"},\"maxLines\":{\"type\":\"integer\",\"description\":\"stop after this"
                + " many lines\",\"minimum\":1}},"
                + "\"required\":[\"path\",\"maxLines\"],\"additionalProperties\":false}");
  }
}
