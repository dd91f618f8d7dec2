package dev.toolsmith.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bounds no double can hold (a Bean Validation decimal, a long past 2^53) are stated in the schema
 * and checked by the reader exactly as written.
 */
final class DecimalBoundsTest {

  private static ToolEntry tool;

  @BeforeAll
  static void compile() throws Exception {
    String source =
        """
        package demo;

        import dev.toolsmith.annotations.Tool;
        import jakarta.validation.constraints.DecimalMax;
        import jakarta.validation.constraints.DecimalMin;
        import jakarta.validation.constraints.Max;
        import java.math.BigDecimal;

        public final class Bounds {
          /** Bounded. */
          @Tool
          public static String bounded(
              @DecimalMax("100.00000000000000001") BigDecimal pct,
              @Max(9007199254740993L) long id,
              @DecimalMin(value = "0.1", inclusive = false) BigDecimal fee) {
            return pct + " " + id + " " + fee;
          }
        }
        """;
    Path out =
        Compiled.writeClassOutput(
            Compiled.compile(JavaFileObjects.forSourceString("demo.Bounds", source)),
            Files.createTempDirectory("bounds"));
    tool = Compiled.tools(Compiled.loader(out), Bindings.none()).get("bounded");
  }

  private static String call(String pct, String id, String fee) throws Exception {
    return Compiled.call(
        tool, "{\"pct\":" + pct + ",\"id\":" + id + ",\"fee\":" + fee + "}", ToolContext.empty());
  }

  @Test
  void theSchemaStatesEachBoundAsWritten() {
    String schema = tool.definition().schema();
    assertTrue(schema.contains("\"maximum\":100.00000000000000001"), schema);
    assertTrue(schema.contains("\"maximum\":9007199254740993"), schema);
    assertTrue(schema.contains("\"exclusiveMinimum\":0.1"), schema);
  }

  @Test
  void theReaderChecksTheExactBounds() throws Exception {
    assertEquals(
        "100.00000000000000001 9007199254740993 0.10000000000000001",
        call("100.00000000000000001", "9007199254740993", "0.10000000000000001"));
    assertThrows(InvalidArgumentsException.class, () -> call("100.00000000000000002", "1", "1"));
    assertThrows(InvalidArgumentsException.class, () -> call("1", "9007199254740994", "1"));
    assertThrows(InvalidArgumentsException.class, () -> call("1", "1", "0.1"));
  }
}
