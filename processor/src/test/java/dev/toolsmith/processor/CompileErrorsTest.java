package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each compile error the processor reports: its exact message, and the line it points at. */
final class CompileErrorsTest {

  static JavaFileObject source(String name, String code) {
    return JavaFileObjects.forSourceString(name, code);
  }

  static Compilation compile(JavaFileObject... sources) {
    return javac()
        .withProcessors(Compiled.processors())
        .withOptions((Object[]) Compiled.STRICT)
        .compile(sources);
  }

  /** Class {@code demo.T} around {@code body}, with the imports the error cases use. */
  static JavaFileObject classT(String body) {
    return source(
        "demo.T",
        """
        package demo;

        import dev.toolsmith.annotations.BindInstance;
        import dev.toolsmith.annotations.Param;
        import dev.toolsmith.annotations.Tool;
        import dev.toolsmith.runtime.tool.ToolContext;
        import java.util.List;
        import java.util.Map;

        public class T {
        """
            + body
            + "\n}\n");
  }

  /**
   * Compiles {@link #classT} of {@code body}; expects {@code message} as its only diagnostic, on
   * the line containing {@code line}.
   */
  static void assertOneError(String body, String line, Message message, Object... args) {
    JavaFileObject source = classT(body);
    Compilation compilation = compile(source);
    assertThat(compilation).failed();
    Diagnosed.exactlyOne(compilation, source, line, message, args);
  }

  /**
   * Compiles {@link #classT} of {@code body}; expects one error, containing {@code text}, as its
   * only diagnostic (for errors javac words, or whose detail comes from a library).
   */
  static void assertOneErrorContaining(String body, String line, Message message, String text) {
    JavaFileObject source = classT(body);
    Compilation compilation = compile(source);
    assertThat(compilation).failed();
    Diagnosed.exactlyOneContaining(compilation, source, line, message, text);
  }

  @Test
  void duplicateNameIsReportedOnTheLaterOneNamingTheFirst() {
    JavaFileObject first =
        source(
            "a.First",
            """
            package a;

            import dev.toolsmith.annotations.Tool;

            public class First {
              /** Searches. */
              @Tool
              public static String search(String q) { return q; }
            }
            """);
    JavaFileObject second =
        source(
            "b.Second",
            """
            package b;

            import dev.toolsmith.annotations.Tool;

            public class Second {
              /** Searches too. */
              @Tool(
                  name = "search")
              public static String find(String q) { return q; }
            }
            """);
    Compilation compilation = compile(second, first);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            Message.NAME_DUPLICATE.text(
                "search", "b.Second.find(String)", "a.First.search(String)"))
        .inFile(second)
        .onLineContaining("name = \"search\"");
  }

  @Test
  void invalidNameIsReportedOnTheNameValue() {
    assertOneError(
        """
          /** Does it. */
          @Tool(toolset = "x",
              name = "bad name!")
          public static void doIt() {}
        """,
        "name = \"bad name!\"",
        Message.NAME_INVALID,
        "bad name!");
  }

  @Test
  void privateMethod() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          private static void secret() {}
        """,
        "secret()",
        Message.METHOD_PRIVATE,
        "T.secret()");
  }

  @Test
  void genericMethod() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          static <X> void generic() {}
        """,
        "generic()",
        Message.METHOD_GENERIC,
        "T.generic()");
  }

  @Test
  void abstractMethodOutsideABoundClass() {
    JavaFileObject source =
        source(
            "demo.A",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public abstract class A {
              /** Does it. */
              @Tool
              public abstract String run();
            }
            """);
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(Message.METHOD_ABSTRACT.text("A.run()"))
        .inFile(source)
        .onLineContaining("run()");
  }

  @Test
  void privateNestedOwner() {
    assertOneError(
        """
          private static class Hidden {
            /** Does it. */
            @Tool
            static void hidden() {}
          }
        """,
        "hidden()",
        Message.OWNER_UNREACHABLE,
        "demo.T.Hidden");
  }

  @Test
  void innerClassOwner() {
    assertOneError(
        """
          class Inner {
            /** Does it. */
            @Tool
            void inner() {}
          }
        """,
        "inner()",
        Message.OWNER_UNREACHABLE,
        "demo.T.Inner");
  }

  @Test
  void instanceMethodOfAClassWithoutNoArgConstructor() {
    assertOneError(
        """
          T(String s) {}

          /** Does it. */
          @Tool
          public String run() { return ""; }
        """,
        "run()",
        Message.OWNER_NOT_INSTANTIABLE,
        "demo.T");
  }

  @Test
  void instanceMethodOfAnInterface() {
    assertOneError(
        """
          interface Api {
            /** Does it. */
            @Tool
            default String call() { return ""; }
          }
        """,
        "call()",
        Message.OWNER_NOT_INSTANTIABLE,
        "demo.T.Api");
  }

  @Test
  void noDescription() {
    assertOneError(
        """
          @Tool
          public static void quiet() {}
        """,
        "quiet()",
        Message.DESCRIPTION_MISSING,
        "T.quiet()");
  }

  @Test
  void unsupportedParameterType() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void take(String name,
              Object payload) {}
        """,
        "Object payload",
        Message.PARAMETER_TYPE_UNSUPPORTED,
        "java.lang.Object");
  }

  @Test
  void unsupportedTypeInARecordComponentIsReportedOnTheComponent() {
    assertOneError(
        """
          public record Args(String name,
              Map<Integer, String> byId) {}

          /** Does it. */
          @Tool
          public static void take(Args args) {}
        """,
        "byId",
        Message.PARAMETER_TYPE_UNSUPPORTED,
        "java.util.Map<java.lang.Integer,java.lang.String>");
  }

  @Test
  void unsupportedReturnType() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static Thread give() { return null; }
        """,
        "give()",
        Message.RETURN_TYPE_UNSUPPORTED,
        "java.lang.Thread");
  }

  @Test
  void checkTheGeneratedCodeCannotName() {
    assertOneError(
        """
          private static class Check implements java.util.function.BooleanSupplier {
            public boolean getAsBoolean() { return true; }
          }

          /** Does it. */
          @Tool(
              check = Check.class)
          public static void checked() {}
        """,
        "check = Check.class",
        Message.CHECK_NOT_ACCESSIBLE,
        "demo.T.Check");
  }

  @Test
  void twoContexts() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void twice(ToolContext first,
              ToolContext second) {}
        """,
        "ToolContext second",
        Message.CONTEXT_DUPLICATE,
        2);
  }

  @Test
  void optionalPrimitive() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void count(@Param(
              required = false) int n) {}
        """,
        "required = false",
        Message.PRIMITIVE_NOT_REQUIRED,
        "int n",
        "@Param(required = false)");
  }

  @Test
  void boundsOnANonNumber() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void named(@Param(
              minimum = 1) String name) {}
        """,
        "minimum = 1",
        Message.CONSTRAINT_NOT_APPLICABLE,
        "minimum",
        "a number",
        "java.lang.String name");
  }

  @Test
  void invertedBounds() {
    assertOneError(
        """
          /** Does it. */
          @Tool
          public static void ranged(@Param(
              minimum = 5, maximum = 1) int n) {}
        """,
        "minimum = 5",
        Message.BOUNDS_INVERTED,
        "5",
        "1");
  }

  @Test
  void inaccessibleType() {
    assertOneError(
        """
          private enum Secret { A }

          /** Does it. */
          @Tool
          public static void pick(
              Secret secret) {}
        """,
        "Secret secret",
        Message.TYPE_INACCESSIBLE,
        "demo",
        "demo.T.Secret");
  }

  @Test
  void recursiveSealedInterface() {
    assertOneError(
        """
          public sealed interface Expr permits Num, Neg {}
          public record Num(int value) implements Expr {}
          public record Neg(Expr operand) implements Expr {}

          /** Does it. */
          @Tool
          public static void eval(
              Expr expr) {}
        """,
        "record Neg(Expr operand)",
        Message.UNION_RECURSIVE,
        "demo.T.Expr");
  }

  @Test
  void badMaxResultCharsAndToolset() {
    assertOneError(
        """
          /** Does it. */
          @Tool(
              maxResultChars = 0)
          public static void tiny() {}
        """,
        "maxResultChars = 0",
        Message.MAX_RESULT_CHARS_INVALID,
        0);
    assertOneError(
        """
          /** Does it. */
          @Tool(
              toolset = " ")
          public static void blank() {}
        """,
        "toolset = \" \"",
        Message.TOOLSET_BLANK,
        " ");
  }

  @Test
  void aDeadlineThatIsNotPositive() {
    assertOneError(
        """
          /** Does it. */
          @Tool(
              deadlineMillis = -5)
          public static void late() {}
        """,
        "deadlineMillis = -5",
        Message.DEADLINE_NOT_POSITIVE,
        -5L);
    assertOneError(
        """
          /** Does it. */
          @Tool(
              deadlineMillis = 0)
          public static void never() {}
        """,
        "deadlineMillis = 0",
        Message.DEADLINE_NOT_POSITIVE,
        0L);
  }

  @Test
  void genericOwnerOfAnInstanceTool() {
    JavaFileObject source =
        source(
            "demo.G",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class G<X> {
              /** Does it. */
              @Tool
              public String run() { return ""; }
            }
            """);
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(Message.OWNER_GENERIC.text("demo.G"))
        .inFile(source)
        .onLineContaining("run()");
  }

  @Test
  void typeThatNeverExistsIsReportedWhenProcessingIsOver() {
    JavaFileObject source =
        source(
            "demo.M",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class M {
              /** Does it. */
              @Tool
              public static void take(
                  Missing missing) {}
            }
            """);
    Compilation compilation = compile(source);
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(Message.TYPE_UNRESOLVED.text("Missing"))
        .inFile(source)
        .onLineContaining("Missing missing");
    assertThat(compilation).hadErrorContaining("cannot find symbol");
  }

  @Test
  void everyMistakeOfAClassInOneBuildAndValidToolsStillGenerate(@TempDir Path dir)
      throws Exception {
    JavaFileObject source =
        source(
            "demo.Mixed",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class Mixed {
              /** Fine. */
              @Tool
              public static String fine(String text) { return text; }

              @Tool
              private static Object broken(
                  Object payload) { return null; }

              /** Also bad. */
              @Tool(
                  name = "no spaces allowed")
              public static void named() {}
            }
            """);
    Compilation compilation = compile(source);
    assertThat(compilation).hadErrorCount(5);
    assertThat(compilation)
        .hadErrorContaining(Message.METHOD_PRIVATE.text("Mixed.broken()"))
        .inFile(source)
        .onLineContaining("broken(");
    assertThat(compilation)
        .hadErrorContaining(Message.DESCRIPTION_MISSING.text("Mixed.broken()"))
        .inFile(source)
        .onLineContaining("broken(");
    assertThat(compilation)
        .hadErrorContaining(Message.PARAMETER_TYPE_UNSUPPORTED.text("java.lang.Object"))
        .inFile(source)
        .onLineContaining("Object payload");
    assertThat(compilation)
        .hadErrorContaining(Message.RETURN_TYPE_UNSUPPORTED.text("java.lang.Object"))
        .inFile(source)
        .onLineContaining("broken(");
    assertThat(compilation)
        .hadErrorContaining(Message.NAME_INVALID.text("no spaces allowed"))
        .inFile(source)
        .onLineContaining("name = \"no spaces allowed\"");

    // The same build with javac itself, to look at what it wrote despite the errors.
    assertThat(Compiled.compileToDisk(dir, source)).isFalse();
    Path adapter = dir.resolve("sources/demo/Mixed_Tools.java");
    assertThat(Files.exists(adapter)).isTrue();
    String text = Files.readString(adapter);
    assertThat(text).contains("callFine");
    assertThat(text).doesNotContain("broken");
  }

  @Test
  void toolsGeneratedAfterTheIndexAreAnErrorNotDropped() {
    JavaFileObject source =
        source(
            "demo.Early",
            """
            package demo;

            import dev.toolsmith.annotations.Tool;

            public class Early {
              /** Early. */
              @Tool
              public static String early() { return ""; }
            }
            """);
    Compilation compilation =
        javac()
            .withProcessors(new ToolProcessor(), new IndexProcessor(), new LateToolGenerator())
            .withOptions((Object[]) Compiled.STRICT)
            .compile(source);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation).hadErrorContaining(Message.TOOLS_AFTER_INDEX.text("demo.Late"));
  }

  @Test
  void adapterNameClashIsACompileError() {
    JavaFileObject nested =
        source(
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
        source(
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
    Compilation compilation = compile(nested, flat);
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadErrorContaining(
            Message.ADAPTER_NAME_CLASH.text(
                "demo.Outer_Inner_Tools", "demo.Outer.Inner", "demo.Outer_Inner"))
        .inFile(flat)
        .onLineContaining("public class Outer_Inner");
  }

  /** Generates a class with a tool in its third round, after the index round. */
  static final class LateToolGenerator extends javax.annotation.processing.AbstractProcessor {
    private int round;

    @Override
    public java.util.Set<String> getSupportedAnnotationTypes() {
      return java.util.Set.of("*");
    }

    @Override
    public javax.lang.model.SourceVersion getSupportedSourceVersion() {
      return javax.lang.model.SourceVersion.latestSupported();
    }

    @Override
    public boolean process(
        java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
        javax.annotation.processing.RoundEnvironment env) {
      if (++round == 3) {
        try (java.io.Writer writer =
            processingEnv.getFiler().createSourceFile("demo.Late").openWriter()) {
          writer.write(
              "package demo;\n\n"
                  + "public class Late {\n"
                  + "  /** Late. */\n"
                  + "  @dev.toolsmith.annotations.Tool\n"
                  + "  public static String late() { return \"\"; }\n"
                  + "}\n");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
