package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static dev.toolsmith.processor.CompileErrorsTest.assertOneError;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code @Tool(schemaOverrides = ...)}: the class is checked at compile time, taken from the
 * bindings or created by the generated code, and its map is merged into each listing.
 */
final class SchemaOverridesTest {

  private static final JavaFileObject DELEGATE_TOOLS =
      JavaFileObjects.forSourceString(
          "demo.d.DelegateTools",
          """
          package demo.d;

          import dev.toolsmith.annotations.Tool;
          import java.util.Map;
          import java.util.function.Supplier;

          public final class DelegateTools {
            /** The current limit, read when the tools are listed. */
            public static final class Limits implements Supplier<Map<String, Object>> {
              public static int limit = 3;

              @Override
              public Map<String, Object> get() {
                return Map.of("description", "Delegates up to " + limit + " tasks.");
              }
            }

            /** Has no constructor to call: must be bound. */
            public static final class Bound implements Supplier<Map<String, Object>> {
              private final String text;

              public Bound(String text) {
                this.text = text;
              }

              @Override
              public Map<String, Object> get() {
                return Map.of("description", text);
              }
            }

            /** Delegates tasks. */
            @Tool(schemaOverrides = Limits.class)
            public static String delegate(int tasks) {
              return "ok";
            }

            /** Shares the limits. */
            @Tool(schemaOverrides = Limits.class)
            public static String delegateAgain(int tasks) {
              return "ok";
            }

            /** Static unless bound. */
            @Tool(schemaOverrides = Bound.class)
            public static String bound() {
              return "ok";
            }
          }
          """);

  @Test
  void theOverridesOfAGeneratedToolAreMergedIntoEachListing(@TempDir Path dir) throws Exception {
    try (URLClassLoader loader = compiled(dir)) {
      ToolRegistry registry = registry(loader, Bindings.none());
      assertThat(registry.definitions(List.of("delegate")))
          .contains("\"description\":\"Delegates up to 3 tasks.\"");

      loader.loadClass("demo.d.DelegateTools$Limits").getDeclaredField("limit").setInt(null, 5);
      assertThat(registry.definitions(List.of("delegate", "delegate_again")))
          .contains("\"description\":\"Delegates up to 5 tasks.\"");
      assertThat(registry.definitions(List.of("delegate_again")))
          .doesNotContain("Shares the limits.");
    }
  }

  @Test
  void anOverridesClassWithoutANoArgConstructorIsTakenFromTheBindingsElseTheSchemaIsStatic(
      @TempDir Path dir) throws Exception {
    try (URLClassLoader loader = compiled(dir)) {
      Class<?> boundClass = loader.loadClass("demo.d.DelegateTools$Bound");
      Supplier<?> bound = (Supplier<?>) boundClass.getConstructor(String.class).newInstance("Now.");

      ToolRegistry withBinding = registry(loader, Bindings.of(Map.of(boundClass, bound)));
      assertThat(withBinding.definitions(List.of("bound"))).contains("\"description\":\"Now.\"");

      ToolRegistry without = registry(loader, Bindings.none());
      assertThat(without.definitions(List.of("bound")))
          .contains("\"description\":\"Static unless bound.\"");
    }
  }

  @Test
  void anOverridesClassMustSupplyAMapWithStringKeys() {
    assertOneError(
        """
          public static final class Text implements java.util.function.Supplier<String> {
            public String get() {
              return "";
            }
          }

          /** Does it. */
          @Tool(
              schemaOverrides = Text.class)
          public static void overridden() {}
        """,
        "schemaOverrides = Text.class",
        Message.SCHEMA_OVERRIDES_NOT_A_MAP_SUPPLIER,
        "demo.T.Text, a java.util.function.Supplier<java.lang.String>");
  }

  @Test
  void anOverridesClassMustBeOneGeneratedCodeCanName() {
    assertOneError(
        """
          private static final class Hidden
              implements java.util.function.Supplier<Map<String, Object>> {
            public Map<String, Object> get() {
              return Map.of();
            }
          }

          /** Does it. */
          @Tool(
              schemaOverrides = Hidden.class)
          public static void overridden() {}
        """,
        "schemaOverrides = Hidden.class",
        Message.SCHEMA_OVERRIDES_NOT_ACCESSIBLE,
        "demo.T.Hidden");
  }

  private static URLClassLoader compiled(Path dir) {
    return Compiled.loader(Compiled.writeClassOutput(Compiled.compile(DELEGATE_TOOLS), dir));
  }

  private static ToolRegistry registry(ClassLoader loader, Bindings bindings) {
    ToolRegistry registry = ToolRegistry.create();
    registry.registerAll(Compiled.tools(loader, bindings).values());
    return registry;
  }
}
