package dev.toolsmith.runtime.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.schema.ItemBounds;
import dev.toolsmith.schema.NumberBounds;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The support readers keep numbers exactly, judge bounds on the value the method receives, compare
 * items by JSON equality, read formatted scalars as their RFCs say and bound the work of any one
 * number (the patterns and formats themselves: toolsmith-schema's EcmaRegexTest and FormatsTest).
 */
final class ExactReadersTest {

  private static <T> T accepted(ValueReader<T> reader, String json) throws Exception {
    ArgumentReader in = ArgumentReader.value(json);
    T value = in.read(reader);
    in.finish(); // throws the problems, if any
    assertNotNull(value, json);
    return value;
  }

  private static String refused(ValueReader<?> reader, String json) throws Exception {
    ArgumentReader in = ArgumentReader.value(json);
    assertNull(in.read(reader), json);
    List<ArgumentProblem> problems =
        assertThrows(InvalidArgumentsException.class, in::finish).problems();
    assertEquals(1, problems.size(), json);
    return problems.get(0).expected() + " / " + problems.get(0).got();
  }

  @Test
  void sealedVariantsKeepNumbersAsWritten() throws Exception {
    ValueReader<String> variant = in -> CanonicalJson.copy(in.parser());
    ValueReader<String> union = Values.union("type", new String[] {"money"}, variant);
    String json =
        "{\"amount\":12.3456789012345678901234,\"type\":\"money\",\"fee\":1.10,"
            + "\"id\":9007199254740993,\"big\":1e400}";
    assertEquals(json, accepted(union, json));
  }

  @Test
  void boundsHoldForTheDoubleTheMethodReceives() throws Exception {
    ValueReader<Double> below1000 =
        Constraints.number(
            Readers.DOUBLE, "number", NumberBounds.builder().exclusiveMaximum("1000").build());
    assertEquals(999.5, accepted(below1000, "999.5"));
    assertTrue(refused(below1000, "999.99999999999999999").contains("rounds to 1000.0"));
    ValueReader<Double> negative =
        Constraints.number(
            Readers.DOUBLE, "number", NumberBounds.builder().exclusiveMaximum("0").build());
    refused(negative, "-1e-400");
    refused(negative, "-0.0");
    ValueReader<Double> pct =
        Constraints.number(
            Readers.DOUBLE, "number", NumberBounds.builder().minimum("0").maximum("100").build());
    refused(pct, "100.00000000000000001");
    assertEquals(100.0, accepted(pct, "100"));
    ValueReader<Float> tenth =
        Constraints.number(Readers.FLOAT, "number", NumberBounds.builder().maximum("0.1").build());
    assertEquals(0.1f, accepted(tenth, "0.1"));
  }

  @Test
  void uniqueItemsIsJsonEquality() throws Exception {
    ValueReader<List<Double>> doubles =
        Constraints.items(
            Readers.list(Readers.DOUBLE), ItemBounds.builder().uniqueItems(true).build());
    refused(doubles, "[0, -0.0]");
    refused(doubles, "[1.0, 1.00]");
    accepted(doubles, "[1, 2]");
    ValueReader<List<List<Integer>>> nested =
        Constraints.items(
            Readers.list(Readers.list(Readers.INT)),
            ItemBounds.builder().uniqueItems(true).build());
    refused(nested, "[[1,2],[1,2]]");
    refused(nested, "[[1,2],[1.0,2]]");
    accepted(nested, "[[1,2],[2,1]]");
    refused(Readers.set(Readers.DOUBLE), "[0, -0.0]");
    refused(Readers.set(Readers.map(Readers.INT)), "[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]");
  }

  @Test
  void formattedScalarsReadWhatTheirRfcsAllow() throws Exception {
    assertEquals(
        OffsetDateTime.parse("1998-12-31T23:59:59Z"),
        accepted(Scalars.OFFSET_DATE_TIME, "\"1998-12-31T23:59:60Z\""));
    refused(Scalars.DURATION, "\"P1Y\""); // the Duration type's schema pattern refuses it too
    assertEquals(Duration.ofDays(1), accepted(Scalars.DURATION, "\"P1D\""));
  }

  @Test
  void hugeExponentsAreRefusedBeforeAnyArithmetic() {
    assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(2),
        () -> {
          ValueReader<BigDecimal> cents =
              Constraints.number(
                  Scalars.BIG_DECIMAL, "number", NumberBounds.builder().multipleOf("0.01").build());
          assertTrue(refused(cents, "1e99999").contains("toolsmith.json.maxExponent"));
          assertTrue(refused(Scalars.BIG_INTEGER, "1e99999999").contains("±1000"));
          refused(Readers.INT, "1e999999999999999999999");
          assertEquals(
              new BigInteger("1" + "0".repeat(1000)), accepted(Scalars.BIG_INTEGER, "1e1000"));
        });
  }
}
