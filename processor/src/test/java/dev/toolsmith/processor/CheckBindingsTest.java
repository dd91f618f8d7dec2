package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks and tool classes come from the bindings, so a check can be given what it checks: a
 * constructible class is created only when nothing is bound for it; one without a usable
 * constructor must be bound, and until it is, its tools are unavailable with a reason naming it.
 */
final class CheckBindingsTest {

  private static final JavaFileObject WORKSPACE_TOOLS =
      JavaFileObjects.forSourceString(
          "demo.w.WorkspaceTools",
          """
          package demo.w;

          import dev.toolsmith.annotations.Tool;
          import java.util.function.BooleanSupplier;

          public final class WorkspaceTools {
            /** Needs the workspace it checks: no no-argument constructor. */
            public static final class WorkspaceCheck implements BooleanSupplier {
              private final String root;

              public WorkspaceCheck(String root) {
                this.root = root;
              }

              @Override
              public boolean getAsBoolean() {
                return !root.isEmpty();
              }
            }

            /** Created by the generated code unless bound. */
            public static final class AlwaysCheck implements BooleanSupplier {
              @Override
              public boolean getAsBoolean() {
                return true;
              }
            }

            private final String greeting;

            public WorkspaceTools() {
              this("hello");
            }

            public WorkspaceTools(String greeting) {
              this.greeting = greeting;
            }

            /** Lists the workspace. */
            @Tool(toolset = "workspace", check = WorkspaceCheck.class)
            public String list() {
              return greeting;
            }

            /** Always there. */
            @Tool(toolset = "always", check = AlwaysCheck.class)
            public String ping() {
              return greeting;
            }
          }
          """);

  @Test
  void aCheckWithoutANoArgConstructorIsTakenFromTheBindings(@TempDir Path dir) throws Exception {
    try (URLClassLoader loader = compiled(dir)) {
      Class<?> checkClass = loader.loadClass("demo.w.WorkspaceTools$WorkspaceCheck");
      BooleanSupplier check =
          (BooleanSupplier) checkClass.getConstructor(String.class).newInstance("/srv/work");

      ToolRegistry bound = registry(loader, Bindings.of(Map.of(checkClass, check)));
      assertThat(bound.availability().toolset("workspace").orElseThrow().reason())
          .isEqualTo(Availability.CHECK_PASSED);

      ToolRegistry unbound = registry(loader, Bindings.none());
      Availability workspace = unbound.availability().toolset("workspace").orElseThrow();
      assertThat(workspace.available()).isFalse();
      assertThat(workspace.reason())
          .contains("demo.w.WorkspaceTools$WorkspaceCheck is not in the bindings");
      assertThat(unbound.availability().toolset("always").orElseThrow().available()).isTrue();
    }
  }

  @Test
  void aBoundToolClassOrCheckIsUsedInsteadOfANewOne(@TempDir Path dir) throws Exception {
    try (URLClassLoader loader = compiled(dir)) {
      Class<?> owner = loader.loadClass("demo.w.WorkspaceTools");
      Object instance = owner.getConstructor(String.class).newInstance("bound");
      Class<?> alwaysClass = loader.loadClass("demo.w.WorkspaceTools$AlwaysCheck");
      BooleanSupplier never = () -> false;
      Bindings bindings = type -> type == owner ? instance : null;

      assertThat(registry(loader, bindings).dispatch("ping", "{}")).isEqualTo("bound");
      assertThat(registry(loader, Bindings.none()).dispatch("ping", "{}")).isEqualTo("hello");

      // A bound object that is not of the check's class: that check fails, naming the cause.
      Bindings wrong = type -> type == alwaysClass ? never : null;
      Availability always = registry(loader, wrong).availability().toolset("always").orElseThrow();
      assertThat(always.available()).isFalse();
      assertThat(always.reason()).contains("ClassCastException");
    }
  }

  private static URLClassLoader compiled(Path dir) {
    return Compiled.loader(Compiled.writeClassOutput(Compiled.compile(WORKSPACE_TOOLS), dir));
  }

  private static ToolRegistry registry(ClassLoader loader, Bindings bindings) {
    ToolRegistry registry = ToolRegistry.create();
    registry.registerAll(Compiled.tools(loader, bindings).values());
    return registry;
  }
}
