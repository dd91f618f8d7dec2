package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.support.ArgumentReader;
import dev.toolsmith.runtime.support.ObjectShape;
import dev.toolsmith.runtime.support.Readers;
import dev.toolsmith.runtime.support.ResultText;
import dev.toolsmith.runtime.support.ValueReader;
import dev.toolsmith.runtime.support.Writers;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The runtime helpers generated adapters call, on the edge cases a model's arguments reach. */
final class SupportTest {

  private static final ObjectShape V = ObjectShape.of(ObjectShape.optional("v"));

  /** Reads property {@code v} of {@code json} as generated code reads an optional property. */
  static <T> T readV(String json, ValueReader<T> reader) throws InvalidArgumentsException {
    ArgumentReader in = ArgumentReader.of(json);
    T value = null;
    while (in.nextProperty(V)) {
      value = in.read(reader);
    }
    in.endArguments(V);
    return value;
  }

  static <T> List<ArgumentProblem> problems(String json, ValueReader<T> reader) {
    return assertThrows(InvalidArgumentsException.class, () -> readV(json, reader)).problems();
  }

  @Test
  void numbersAtTheEdges() throws Exception {
    assertThat(readV("{\"v\":2.0}", Readers.INT)).isEqualTo(2);
    assertThat(readV("{\"v\":-128}", Readers.BYTE)).isEqualTo((byte) -128);
    assertThat(problems("{\"v\":128}", Readers.BYTE))
        .containsExactly(new ArgumentProblem("/v", "integer between -128 and 127", "128"));
    assertThat(problems("{\"v\":99999999999999999999}", Readers.LONG))
        .containsExactly(
            new ArgumentProblem(
                "/v",
                "integer between -9223372036854775808 and 9223372036854775807",
                "99999999999999999999"));
    assertThat(problems("{\"v\":1e300}", Readers.FLOAT))
        .containsExactly(
            new ArgumentProblem(
                "/v", "number between -3.4028234663852886E38 and 3.4028234663852886E38", "1e300"));
    // Integers in float notation are exact: no rounding to a neighbour or to Long.MAX_VALUE.
    assertThat(readV("{\"v\":12345678901234567.0}", Readers.LONG)).isEqualTo(12345678901234567L);
    assertThat(readV("{\"v\":9.2233720368547758E18}", Readers.LONG))
        .isEqualTo(9223372036854775800L);
    assertThat(problems("{\"v\":9.2233720368547759E18}", Readers.LONG)).hasSize(1);
    assertThat(readV("{\"v\":1e300}", Readers.DOUBLE)).isEqualTo(1e300);
    assertThat(problems("{\"v\":\"7\"}", Readers.DOUBLE))
        .containsExactly(new ArgumentProblem("/v", "number", "\"7\""));
    assertThat(problems("{\"v\":5.5}", Readers.bounded(Readers.DOUBLE, "number", 1, 5)))
        .containsExactly(new ArgumentProblem("/v", "number between 1 and 5", "5.5"));
    assertThat(problems("{\"v\":0.25}", Readers.bounded(Readers.DOUBLE, "number", 0.5, Double.NaN)))
        .containsExactly(new ArgumentProblem("/v", "number >= 0.5", "0.25"));
  }

  @Test
  void charsAndBooleans() throws Exception {
    assertThat(readV("{\"v\":\"é\"}", Readers.CHAR)).isEqualTo('é');
    assertThat(problems("{\"v\":\"ab\"}", Readers.CHAR))
        .containsExactly(new ArgumentProblem("/v", "string of one character", "\"ab\""));
    assertThat(problems("{\"v\":1}", Readers.BOOLEAN))
        .containsExactly(new ArgumentProblem("/v", "boolean", "1"));
  }

  @Test
  void containerProblemsPointIntoTheContainer() throws Exception {
    assertThat(problems("{\"v\":[1,\"x\",3,null]}", Readers.INT_ARRAY))
        .containsExactly(
            new ArgumentProblem("/v/1", "integer", "\"x\""),
            new ArgumentProblem("/v/3", "integer", "null"));
    assertThat(
            problems("{\"v\":{\"a/b\":1,\"c~d\":true,\"ok\":\"x\"}}", Readers.map(Readers.STRING)))
        .containsExactly(
            new ArgumentProblem("/v/a~1b", "string", "1"),
            new ArgumentProblem("/v/c~0d", "string", "true"));
    assertThat(readV("{\"v\":[[1],[2,3]]}", Readers.list(Readers.INT_ARRAY))).hasSize(2);
    assertThat(readV("{\"v\":[\"a\",\"b\"]}", Readers.set(Readers.STRING)))
        .containsExactly("a", "b");
    // The schema of a Set says uniqueItems: a duplicate is a problem, not silently dropped.
    assertThat(problems("{\"v\":[\"a\",\"a\"]}", Readers.set(Readers.STRING)))
        .containsExactly(
            new ArgumentProblem("/v", "array of distinct items", "array with duplicates"));
    assertThat(readV("{\"v\":null}", Readers.optional(Readers.STRING))).isEqualTo(Optional.empty());
  }

  @Test
  void brokenJsonIsOneProblemAtTheRoot() {
    List<ArgumentProblem> problems = problems("{\"v\":[1,2", Readers.INT_ARRAY);
    assertThat(problems).hasSize(1);
    assertThat(problems.get(0).path()).isEmpty();
    assertThat(problems.get(0).expected()).isEqualTo("valid JSON");
    assertThat(problems("{\"v\":1} trailing", Readers.INT)).hasSize(1);
    assertThat(problems("42", Readers.INT))
        .containsExactly(new ArgumentProblem("", "object", "42"));
    assertThat(problems("\"[1]\"", Readers.INT))
        .containsExactly(new ArgumentProblem("", "object", "array"));
  }

  @Test
  void longValuesAreShortenedInProblems() {
    String text = "x".repeat(500);
    assertThat(problems("{\"v\":\"" + text + "\"}", Readers.INT).get(0).got())
        .isEqualTo("\"" + "x".repeat(60) + "...\"");
  }

  @Test
  void resultsKeepNonAsciiAndWriteNullsAndContainers() {
    Map<String, String> map = new LinkedHashMap<>();
    assertThat(ResultText.json("größe 🌍", Writers.STRING)).isEqualTo("\"größe 🌍\"");
    assertThat(ResultText.json(null, Writers.STRING)).isEqualTo("null");
    assertThat(ResultText.string(null)).isEqualTo("null");
    assertThat(
            ResultText.json(
                List.of(Optional.of(1L), Optional.<Long>empty()),
                Writers.iterable(Writers.optional(Writers.INTEGER))))
        .isEqualTo("[1,null]");
    assertThat(ResultText.json(new char[] {'a', 'é'}, Writers.CHAR_ARRAY))
        .isEqualTo("[\"a\",\"é\"]");
    assertThat(ResultText.json(new byte[] {1, -1}, Writers.BYTE_ARRAY)).isEqualTo("[1,-1]");
    assertThat(ResultText.json(map, Writers.map(Writers.STRING))).isEqualTo("{}");
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
                () -> readV(json.append('}').toString(), Readers.INT))
            .problems();
    assertThat(problems).hasSize(21);
    assertThat(problems.get(20))
        .isEqualTo(new ArgumentProblem("", "at most 20 problems listed", "10 more"));
  }

  @Test
  void duplicateKeysAndTextAfterDoubleEncodedArgumentsAreRejected() {
    List<ArgumentProblem> duplicate =
        assertThrows(InvalidArgumentsException.class, () -> readV("{\"v\":1,\"v\":2}", Readers.INT))
            .problems();
    assertThat(duplicate).hasSize(1);
    assertThat(duplicate.get(0).expected()).isEqualTo("valid JSON");
    assertThat(duplicate.get(0).got()).contains("Duplicate field 'v'");
    List<ArgumentProblem> trailing =
        assertThrows(
                InvalidArgumentsException.class, () -> readV("\"{\\\"v\\\":1}\" 2", Readers.INT))
            .problems();
    assertThat(trailing).hasSize(1);
    assertThat(trailing.get(0).expected()).isEqualTo("end of input");
  }
}
