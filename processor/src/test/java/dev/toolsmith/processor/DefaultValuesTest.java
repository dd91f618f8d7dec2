package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import java.net.URLClassLoader;
import java.nio.file.Path;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A property with a default takes it when it is not sent or sent as null, whatever its type (a
 * string, a checked primitive, an enum, an optional); a value sent is read and checked as usual.
 */
final class DefaultValuesTest {

  static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.d.Defaults",
"""
package demo.d;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.Optional;

public final class Defaults {
  public enum Mood { CALM, LOUD }

  /** Says a word. */
  @Tool
  public static String say(
      @Param(defaultValue = "hi") String word,
      @Param(defaultValue = "2", minimum = 1) int times,
      @Param(defaultValue = "LOUD") Mood mood,
      @Param(defaultValue = "x") Optional<String> tag) {
    return word.repeat(times) + " " + mood + " " + tag.orElse("-");
  }
}
""");

  @Test
  void absentAndNullPropertiesTakeTheirDefaults(@TempDir Path dir) throws Exception {
    Path out = Compiled.writeClassOutput(Compiled.compile(SOURCE), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      ToolEntry say = Compiled.tools(loader, Bindings.none()).get("say");
      assertThat(Compiled.call(say, "{}", ToolContext.empty())).isEqualTo("hihi LOUD x");
      assertThat(
              Compiled.call(
                  say,
                  "{\"word\":null,\"times\":null,\"mood\":null,\"tag\":null}",
                  ToolContext.empty()))
          .isEqualTo("hihi LOUD x");
      assertThat(
              Compiled.call(
                  say,
                  "{\"word\":\"yo\",\"times\":3,\"mood\":\"CALM\",\"tag\":\"t\"}",
                  ToolContext.empty()))
          .isEqualTo("yoyoyo CALM t");
      InvalidArgumentsException invalid =
          assertThrows(
              InvalidArgumentsException.class,
              () -> Compiled.call(say, "{\"times\":0,\"mood\":\"SAD\"}", ToolContext.empty()));
      assertThat(invalid.problems())
          .containsExactly(
              new ArgumentProblem("/times", "integer >= 1", "0"),
              new ArgumentProblem("/mood", "one of [CALM, LOUD]", "\"SAD\""))
          .inOrder();
    }
  }
}
