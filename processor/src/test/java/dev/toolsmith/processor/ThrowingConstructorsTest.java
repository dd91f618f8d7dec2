package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check or a tool class whose constructor throws costs only its own toolset or tools: the other
 * tools of the compilation load and answer.
 */
final class ThrowingConstructorsTest {

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
}
