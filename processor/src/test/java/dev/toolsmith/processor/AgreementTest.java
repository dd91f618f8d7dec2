package dev.toolsmith.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.SchemaInstances;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The generated reader accepts exactly the documents an independent judge accepts: for each tool
 * schema of the catalog, 10,000 random documents, valid and invalid, are compared, and zero
 * disagreements are allowed. The judge is networknt (JSON Schema 2020-12, formats asserted) with
 * {@code pattern} run by the ECMA-262 engine Joni and numbers read as exact decimals; where
 * networknt itself departs from the specification (some formats, uniqueItems of numbers written
 * differently) the official JSON Schema Test Suite's case or an exact comparison here decides. The
 * reader's documented extras (a number outside its Java type's range, rounding in a double past a
 * bound or onto another item, an exponent beyond the limit, a URI java.net.URI cannot hold) are
 * checked independently and counted apart. The schema module's {@link SchemaInstances} (the judge
 * of example arguments) must side with one of the two on every document.
 *
 * <p>The generator produces the inputs that break readers: exact decimals at and just past bounds,
 * exponents, -0.0 and trailing zeros, trailing newlines and Unicode spaces, numerically equal
 * items, RFC format edge cases, and sealed variants holding money, whose values the exact tool
 * checks arrive unchanged. Property-based, with a seeded generator ({@code -Dagreement.seed=N} for
 * another run; a failure prints its seed and documents). Strings at the root (double-encoded or
 * blank arguments) are the reader's documented extra and are not generated.
 */
final class AgreementTest {

  /** Documents compared per schema. */
  static final int DOCUMENTS = 10_000;

  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** Reads documents' numbers as their exact decimals. */
  private static final ObjectMapper EXACT =
      new ObjectMapper()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(
              com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));

  /** A reader problem's "got" for a number refused as the double or float it rounds to. */
  private static final Pattern ROUNDED = Pattern.compile("(\\S+) \\(rounds to \\S+\\)");

  /** A reader problem about a string format. */
  private static final Pattern FORMAT = Pattern.compile("string of format (\\S+).*");

  /** The official suite's verdicts on strings, per format. */
  private static final Map<String, Map<String, Boolean>> SUITE_FORMATS = suiteFormats();

  /** A written exponent. */
  private static final Pattern EXPONENT = Pattern.compile("[eE][+-]?0*(\\d+)");

  private static final Map<String, Schema> LEAVES = new ConcurrentHashMap<>();

  /** A reader problem naming a range, and the ranges of Java's number types. */
  private static final Pattern JAVA_RANGE =
      Pattern.compile("(integer|number) between (\\S+) and (\\S+)");

  private static final Set<String> JAVA_RANGES =
      Set.of(
          "-128 127",
          "-32768 32767",
          "-2147483648 2147483647",
          "-9223372036854775808 9223372036854775807",
          "-3.4028234663852886E38 3.4028234663852886E38",
          "-1.7976931348623157E308 1.7976931348623157E308");

  @ParameterizedTest
  @ValueSource(
      strings = {"scalars", "containers", "tree", "shapes", "formats", "loose", "sign_up", "exact"})
  void readerAndValidatorAgree(String tool) throws Exception {
    ToolEntry entry = Catalog.tools().get(tool);
    Schema schema = Validator.schema(entry.definition().schema());
    JsonNode schemaTree = MAPPER.readTree(entry.definition().schema());
    long seed = Long.getLong("agreement.seed", 20261202L) ^ tool.hashCode();
    Random random = new Random(seed);
    int compared = 0;
    int valid = 0;
    int crashed = 0;
    int outsideJavaRange = 0;
    int roundedPastBound = 0;
    int exponentLimit = 0;
    int suiteOverrules = 0;
    Map<String, Integer> perClass = new java.util.TreeMap<>();
    List<String> disagreements = new ArrayList<>();
    while (compared < DOCUMENTS) {
      String document =
          new DocumentGenerator(schemaTree, random, AgreementTest::leafValid).document();
      boolean validator;
      try {
        validator = Validator.accepts(schema, document);
      } catch (RuntimeException e) {
        // networknt 3.0.9 throws on a float beyond the long range checked against an integer
        // bound (JsonNode.asLong): it has no verdict, so the document is not compared.
        crashed++;
        continue;
      }
      compared++;
      valid += validator ? 1 : 0;
      Object[] call = readerCall(entry, document);
      @SuppressWarnings("unchecked")
      List<ArgumentProblem> readerProblems = (List<ArgumentProblem>) call[0];
      // SchemaInstances, which judges examples at compile time, sides on every document with
      // networknt or with the reader (they differ only where documented above).
      boolean fits = SchemaInstances.check(entry.definition().schema(), document).isEmpty();
      if (fits != validator && fits != (readerProblems == null)) {
        perClass.merge("SchemaInstances sides with neither", 1, Integer::sum);
        disagreements.add(
            "SchemaInstances "
                + SchemaInstances.check(entry.definition().schema(), document)
                + ", validator "
                + validator
                + ", reader "
                + readerProblems
                + "\n    "
                + document);
      }
      if (validator && readerProblems != null && onlyOutsideJavaRanges(readerProblems)) {
        outsideJavaRange++;
      } else if (validator
          && readerProblems != null
          && documented(readerProblems, EXACT.readTree(document))) {
        if (suiteOrExactJudge(readerProblems, EXACT.readTree(document))) {
          suiteOverrules++;
        } else if (only(readerProblems, "exponent")) {
          exponentLimit++;
        } else if (readerProblems.stream()
            .allMatch(
                q ->
                    only(List.of(q), "rounded")
                        || roundedOntoAnother(q, documentTreeOf(document)))) {
          roundedPastBound++;
        } else {
          outsideJavaRange++; // a mix of the three, counted once
        }
      } else if (validator != (readerProblems == null)
          && suiteFollowed(validator, readerProblems, schema, document)) {
        suiteOverrules++;
      } else if (validator != (readerProblems == null)) {
        String kind =
            validator
                ? "reader rejects: " + readerProblems.get(0).expected().replaceAll("[0-9.]+", "N")
                : "reader accepts: "
                    + Validator.errors(schema, document).stream()
                        .map(com.networknt.schema.Error::getKeyword)
                        .distinct()
                        .toList();
        perClass.merge(kind, 1, Integer::sum);
        disagreements.add(
            (validator
                    ? "validator accepts, reader rejects " + readerProblems
                    : "validator rejects "
                        + Validator.errors(schema, document)
                        + ", reader accepts")
                + "\n    "
                + document);
      } else if (readerProblems == null && tool.equals("exact")) {
        String changed = changedValue(document, (String) call[1]);
        if (changed != null) {
          perClass.merge("value changed on its way in", 1, Integer::sum);
          disagreements.add(changed + "\n    " + document);
        }
      }
    }
    System.out.printf(
        "agreement %s: %d documents compared (%d valid, %d invalid), %d disagreements,"
            + " %d outside a Java type's range, %d rounded in the Java type (past a bound or onto"
            + " another item),"
            + " %d beyond the exponent limit, %d where an independent judge overrules networknt"
            + " (the official suite's format case, java.net.URI's grammar, or exact JSON equality"
            + " of unique items); %d more skipped (validator exception);"
            + " seed %d;"
            + " per class %s%n",
        tool,
        compared,
        valid,
        compared - valid,
        disagreements.size(),
        outsideJavaRange,
        roundedPastBound,
        exponentLimit,
        suiteOverrules,
        crashed,
        seed,
        perClass);
    assertEquals(
        List.of(),
        disagreements.subList(0, Math.min(5, disagreements.size())),
        tool + ": " + disagreements.size() + " disagreements (seed " + seed + ")");
  }

  /** The reader's problems with {@code document} (null when it accepts it) and the result. */
  private static Object[] readerCall(ToolEntry entry, String document) throws Exception {
    try {
      return new Object[] {null, Compiled.call(entry, document, ToolContext.empty())};
    } catch (InvalidArgumentsException e) {
      return new Object[] {e.problems(), null};
    }
  }

  /**
   * For the exact tool: how the values the method received differ from the document's, judged on
   * the exact decimals of the document; null when they arrived unchanged.
   */
  static String changedValue(String document, String result) throws Exception {
    JsonNode charge = EXACT.readTree(document).get("charge");
    String[] got = result.split(" ");
    if (got[0].equals("fixed")) {
      BigDecimal amount = charge.get("amount").decimalValue();
      BigDecimal cents = charge.get("cents").decimalValue();
      BigDecimal units = charge.get("units").decimalValue();
      boolean same =
          new BigDecimal(got[1]).equals(amount)
              && new BigDecimal(got[2]).compareTo(cents) == 0
              && new BigDecimal(got[3]).compareTo(units) == 0;
      return same ? null : "fixed " + amount + " " + cents + " " + units + " arrived as " + result;
    }
    double pct = charge.get("pct").decimalValue().doubleValue();
    return Double.parseDouble(got[1]) == pct ? null : "share " + pct + " arrived as " + result;
  }

  /**
   * Whether the only difference is a string format on which the official JSON Schema Test Suite has
   * a case with the reader's verdict (networknt's format checks are not the RFCs': it takes {@code
   * http://example.com:abc/} as a uri, which the suite refuses).
   */
  static boolean suiteFollowed(
      boolean validator, List<ArgumentProblem> readerProblems, Schema schema, String document) {
    if (validator) {
      for (ArgumentProblem problem : readerProblems) {
        Matcher format = FORMAT.matcher(problem.expected());
        if (!format.matches()
            || !Boolean.FALSE.equals(suiteVerdict(format.group(1), unquote(problem.got())))) {
          return false;
        }
        // (documents mixing such a refusal with other problems are judged by documented())
      }
      return true;
    }
    List<com.networknt.schema.Error> errors = Validator.errors(schema, document);
    for (com.networknt.schema.Error error : errors) {
      if (!error.getKeyword().equals("format")) {
        return false;
      }
      tools.jackson.databind.JsonNode at = error.getSchemaNode();
      String format = at.isObject() ? at.path("format").asString() : at.asString();
      if (!Boolean.TRUE.equals(suiteVerdict(format, error.getInstanceNode().asString()))) {
        return false;
      }
    }
    return !errors.isEmpty();
  }

  private static String unquote(String got) {
    return got.length() >= 2 && got.startsWith("\"") ? got.substring(1, got.length() - 1) : got;
  }

  /** The suite's verdict on {@code value} in {@code format}, or null when it has no such case. */
  private static Boolean suiteVerdict(String format, String value) {
    return SUITE_FORMATS.getOrDefault(format, Map.of()).get(value);
  }

  private static Map<String, Map<String, Boolean>> suiteFormats() {
    Map<String, Map<String, Boolean>> verdicts = new java.util.HashMap<>();
    java.nio.file.Path dir =
        java.nio.file.Path.of(
            System.getProperty("toolsmith.suite", "/work/shared/json-schema-test-suite"),
            "optional/format");
    for (String format : List.of("date-time", "date", "duration", "email", "uri", "uuid")) {
      java.nio.file.Path file = dir.resolve(format + ".json");
      if (!java.nio.file.Files.exists(file)) {
        continue;
      }
      try {
        for (JsonNode group : MAPPER.readTree(file.toFile())) {
          for (JsonNode test : group.get("tests")) {
            if (test.get("data").isTextual()) {
              verdicts
                  .computeIfAbsent(format, f -> new java.util.HashMap<>())
                  .put(test.get("data").asText(), test.get("valid").asBoolean());
            }
          }
        }
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return verdicts;
  }

  /**
   * Whether every problem is one of the reader's documented extras or a refusal an independent
   * judge confirms where networknt errs, each checked here rather than taken from the reader.
   */
  static boolean documented(List<ArgumentProblem> problems, JsonNode document) {
    for (ArgumentProblem problem : problems) {
      List<ArgumentProblem> one = List.of(problem);
      if (!onlyOutsideJavaRanges(one)
          && !only(one, "rounded")
          && !roundedOntoAnother(problem, document)
          && !only(one, "exponent")
          && !suiteOrExactJudge(one, document)) {
        return false;
      }
    }
    return !problems.isEmpty();
  }

  /**
   * Whether some problem is a refusal that networknt gets wrong and an independent judge confirms:
   * a string the official suite has as an invalid case of that format; a value a {@code
   * java.net.URI} cannot hold (the URI type's documented extra); or an array with two items equal
   * as JSON values by exact decimal comparison ([1, 1.0]: networknt compares number nodes by
   * representation). Used both to accept a document's problems and to count such documents.
   */
  static boolean suiteOrExactJudge(List<ArgumentProblem> problems, JsonNode document) {
    for (ArgumentProblem problem : problems) {
      Matcher format = FORMAT.matcher(problem.expected());
      if (format.matches()
          && Boolean.FALSE.equals(suiteVerdict(format.group(1), unquote(problem.got())))) {
        return true;
      }
      if (problem.expected().contains("java.net.URI")) {
        try {
          new java.net.URI(unquote(problem.got()));
        } catch (java.net.URISyntaxException e) {
          return true;
        }
      }
      if (problem.expected().endsWith("all distinct")
          || problem.expected().equals("array of distinct items")) {
        JsonNode array = document.at(problem.path());
        for (int i = 0; i < array.size(); i++) {
          for (int j = i + 1; j < array.size(); j++) {
            if (jsonEqual(array.get(i), array.get(j))) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /**
   * Whether an "all distinct" refusal is of an array with two JSON-distinct numbers that are one
   * {@code double} (100 and 100.00000000000000001): the method would receive a repeated item, the
   * reader's documented extra.
   */
  static boolean roundedOntoAnother(ArgumentProblem problem, JsonNode document) {
    if (!problem.expected().endsWith("all distinct")
        && !problem.expected().equals("array of distinct items")) {
      return false;
    }
    JsonNode array = document.at(problem.path());
    for (int i = 0; i < array.size(); i++) {
      for (int j = i + 1; j < array.size(); j++) {
        JsonNode a = array.get(i);
        JsonNode b = array.get(j);
        if (a.isNumber()
            && b.isNumber()
            && a.decimalValue().doubleValue() == b.decimalValue().doubleValue()) {
          return true;
        }
      }
    }
    return false;
  }

  private static JsonNode documentTreeOf(String document) {
    try {
      return EXACT.readTree(document);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** JSON Schema equality: numbers by exact value, arrays in order, objects by members. */
  static boolean jsonEqual(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!jsonEqual(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (java.util.Iterator<String> names = a.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!b.has(name) || !jsonEqual(a.get(name), b.get(name))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }

  /**
   * Whether every problem is of one documented kind, each checked independently: "rounded" (the
   * written number and the double or float the method would receive differ) or "exponent" (the
   * written exponent is beyond the documented limit).
   */
  static boolean only(List<ArgumentProblem> problems, String kind) {
    for (ArgumentProblem problem : problems) {
      Matcher rounded = ROUNDED.matcher(problem.got());
      if (kind.equals("rounded")
          && rounded.matches()
          && (problem.expected().endsWith(" as a double")
              ? new BigDecimal(rounded.group(1))
                      .compareTo(BigDecimal.valueOf(Double.parseDouble(rounded.group(1))))
                  != 0
              : problem.expected().endsWith(" as a float"))) {
        continue;
      }
      Matcher exponent = EXPONENT.matcher(problem.got());
      if (kind.equals("exponent")
          && problem.expected().contains("toolsmith.json.maxExponent")
          && exponent.find()
          && (exponent.group(1).length() > 9 || Long.parseLong(exponent.group(1)) > 1000)) {
        continue;
      }
      return false;
    }
    return !problems.isEmpty();
  }

  /**
   * Whether every problem is a number outside its Java type's range, which schemas leave unstated
   * (an {@code int} is {@code "integer"}): the reader's one documented extra. Judged here with
   * exact decimals, not by trusting the reader's claim.
   */
  static boolean onlyOutsideJavaRanges(List<ArgumentProblem> problems) {
    for (ArgumentProblem problem : problems) {
      Matcher range = JAVA_RANGE.matcher(problem.expected());
      if (!range.matches() || !JAVA_RANGES.contains(range.group(2) + " " + range.group(3))) {
        return false;
      }
      try {
        BigDecimal got = new BigDecimal(problem.got());
        if (got.compareTo(new BigDecimal(range.group(2))) >= 0
            && got.compareTo(new BigDecimal(range.group(3))) <= 0) {
          return false;
        }
      } catch (NumberFormatException shortened) {
        // the reader shortens long values; a number that long is beyond every range
      }
    }
    return !problems.isEmpty();
  }

  /** Whether the validator accepts a leaf value (biases the generator toward valid documents). */
  private static boolean leafValid(JsonNode schema, JsonNode value) {
    try {
      Schema leaf = LEAVES.computeIfAbsent(schema.toString(), Validator::schema);
      return Validator.accepts(leaf, value.toString());
    } catch (RuntimeException e) {
      return false;
    }
  }
}
