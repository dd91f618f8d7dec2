package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.ArgumentProblem;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.InvalidArgumentsException;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.support.Readers;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fixes of the issue-2 review: each finding, pinned by a test. */
final class ReviewFixesTest {

  static final JavaFileObject FRAGILE =
      JavaFileObjects.forSourceString(
          "demo.f.Fragile",
"""
package demo.f;

import dev.toolsmith.annotations.Tool;
import java.util.function.BooleanSupplier;

public final class Fragile {
  public static final class Exploding implements BooleanSupplier {
    public Exploding() {
      throw new IllegalStateException("no config");
    }

    @Override
    public boolean getAsBoolean() {
      return true;
    }
  }

  /** Checked by a check that cannot be built. */
  @Tool(toolset = "fragile", check = Exploding.class)
  public static String fragile() {
    return "never";
  }

  /** Always fine. */
  @Tool
  public static String sturdy() {
    return "ok";
  }
}
""");

  static final JavaFileObject BROKEN_OWNER =
      JavaFileObjects.forSourceString(
          "demo.f.Broken",
"""
package demo.f;

import dev.toolsmith.annotations.Tool;

public final class Broken {
  public Broken() {
    throw new IllegalStateException("cannot start");
  }

  /** An instance tool of an owner that cannot be built. */
  @Tool
  public String broken() {
    return "never";
  }
}
""");

  @Test
  void aThrowingCheckMakesItsToolsetUnavailableAndAThrowingOwnerLosesOnlyItsTools(@TempDir Path dir)
      throws Exception {
    Path out = Compiled.writeClassOutput(Compiled.compile(FRAGILE, BROKEN_OWNER), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.keySet()).containsExactly("fragile", "sturdy");
      ToolRegistry registry = ToolRegistry.create();
      registry.registerAll(tools.values());
      assertThat(registry.availability().toolset("fragile").orElseThrow().available()).isFalse();
      assertThat(registry.definitions(List.of("fragile", "sturdy"))).doesNotContain("\"fragile\"");
      assertThat(registry.dispatch("sturdy", "{}")).isEqualTo("ok");
    }
  }

  @Test
  void problemsAreCappedWithACount() {
    StringBuilder json = new StringBuilder("{");
    for (int i = 0; i < 30; i++) {
      json.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":1");
    }
    List<ArgumentProblem> problems =
        assertThrows(
                InvalidArgumentsException.class,
                () -> SupportTest.readV(json.append('}').toString(), Readers.INT))
            .problems();
    assertThat(problems).hasSize(21);
    assertThat(problems.get(20))
        .isEqualTo(new ArgumentProblem("", "at most 20 problems listed", "10 more"));
  }

  @Test
  void duplicateKeysAndTextAfterDoubleEncodedArgumentsAreRejected() {
    List<ArgumentProblem> duplicate =
        assertThrows(
                InvalidArgumentsException.class,
                () -> SupportTest.readV("{\"v\":1,\"v\":2}", Readers.INT))
            .problems();
    assertThat(duplicate).hasSize(1);
    assertThat(duplicate.get(0).expected()).isEqualTo("valid JSON");
    assertThat(duplicate.get(0).got()).contains("Duplicate field 'v'");
    List<ArgumentProblem> trailing =
        assertThrows(
                InvalidArgumentsException.class,
                () -> SupportTest.readV("\"{\\\"v\\\":1}\" 2", Readers.INT))
            .problems();
    assertThat(trailing).hasSize(1);
    assertThat(trailing.get(0).expected()).isEqualTo("end of input");
  }

  @Test
  void infiniteBoundIsACompileError() {
    CompileErrorsTest.assertOneError(
        """
          /** Does it. */
          @Tool
          public static void pick(@Param(
              minimum = Double.NEGATIVE_INFINITY) double x) {}
        """,
        String.format(Messages.HINT_NOT_FINITE, "minimum", "-Infinity"),
        "minimum = Double.NEGATIVE_INFINITY");
  }

  @Test
  void twoChecksInOneToolsetIsACompileError() {
    CompileErrorsTest.assertOneError(
        """
          public static final class A implements java.util.function.BooleanSupplier {
            public boolean getAsBoolean() { return true; }
          }
          public static final class B implements java.util.function.BooleanSupplier {
            public boolean getAsBoolean() { return true; }
          }

          /** First. */
          @Tool(toolset = "net", check = A.class)
          public static void first() {}

          /** Second. */
          @Tool(toolset = "net",
              check = B.class)
          public static void second() {}
        """,
        String.format(Messages.CHECK_CONFLICT, "net", "demo.T.B", "demo.T.first()", "demo.T.A"),
        "check = B.class");
  }

  @Test
  void adapterNameClashIsACompileError() {
    JavaFileObject nested =
        CompileErrorsTest.source(
            "demo.Outer",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class Outer {
              public static class Inner {
                /** One. */
                @Tool
                public static void one() {}
              }
            }
            """);
    JavaFileObject flat =
        CompileErrorsTest.source(
            "demo.Outer_Inner",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class Outer_Inner {
              /** Two. */
              @Tool
              public static void two() {}
            }
            """);
    Compilation compilation = CompileErrorsTest.compile(nested, flat);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            String.format(
                Messages.ADAPTER_NAME_CLASH,
                "demo.Outer_Inner_Tools",
                "demo.Outer.Inner",
                "demo.Outer_Inner"))
        .inFile(flat)
        .onLineContaining("public class Outer_Inner");
  }

  @Test
  void optionalItemsAreNullableInTheSchemaAsInTheReader(@TempDir Path dir) throws Exception {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.o.Opt",
            """
            package demo.o;

            import dev.toolsmith.annotations.Tool;
            import java.util.List;
            import java.util.Optional;

            public final class Opt {
              /** Counts the present ones. */
              @Tool
              public static int present(List<Optional<String>> values) {
                return (int) values.stream().filter(Optional::isPresent).count();
              }
            }
            """);
    Path out = Compiled.writeClassOutput(Compiled.compile(source), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      ToolEntry present = Compiled.tools(loader, Bindings.none()).get("present");
      assertThat(present.schema())
          .contains("\"items\":{\"type\":[\"string\",\"null\"]}");
      assertThat(
              Compiled.call(
                  present, "{\"values\":[\"a\",null,\"b\"]}", dev.toolsmith.runtime.ToolContext.empty()))
          .isEqualTo("2");
      assertThat(
              Validator.accepts(
                  Validator.schema(present.schema()), "{\"values\":[\"a\",null,\"b\"]}"))
          .isTrue();
    }
  }
}
