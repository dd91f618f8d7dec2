package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import com.networknt.schema.Schema;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Output schemas: every result type of a catalog of tools, called with arguments that make the
 * result writer write its edge cases (nulls, empty optionals, NaN, sets of equal JSON numbers,
 * java.time values without seconds, relative URIs, recursion), validated against the tool's output
 * schema and against its MCP form by an independent validator (networknt, 2020-12, formats
 * asserted).
 */
final class OutputSchemasTest {

  static final JavaFileObject SOURCE =
      JavaFileObjects.forSourceString(
          "demo.out.Results",
"""
package demo.out;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.toolsmith.annotations.Discriminator;
import dev.toolsmith.annotations.JsonName;
import dev.toolsmith.annotations.Tool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

public final class Results {

  public enum Level { LOW, @JsonName("high") HIGH }

  /**
   * Everything a record can hold.
   *
   * @param count a primitive, never null
   * @param name a string that may be null
   */
  public record Everything(
      int count,
      String name,
      Integer boxed,
      double real,
      float small,
      Double realBox,
      char letter,
      Level level,
      BigDecimal money,
      BigInteger big,
      UUID id,
      URI link,
      LocalDate day,
      LocalTime time,
      LocalDateTime local,
      OffsetDateTime offset,
      ZonedDateTime zoned,
      Instant instant,
      Duration duration,
      Optional<String> maybe,
      OptionalInt maybeInt,
      List<String> names,
      Set<Double> reals,
      int[] ints,
      String[] texts,
      Map<String, Integer> counts,
      Map<Level, String> byLevel,
      Inner inner,
      JsonNode free) {}

  public record Inner(String value) {}

  public record Node(String label, List<Node> children) {}

  @Discriminator("kind")
  public sealed interface Shape permits Circle, Square {}

  public record Circle(double radius) implements Shape {}

  public record Square(double side) implements Shape {}

  private static Everything full() {
    Set<Double> reals = new LinkedHashSet<>(List.of(0.0, -0.0, 1.0, Double.NaN));
    Map<String, Integer> counts = new HashMap<>();
    counts.put("a", 1);
    counts.put("none", null);
    Map<Level, String> byLevel = new EnumMap<>(Level.class);
    byLevel.put(Level.HIGH, "h");
    return new Everything(
        1, "n", 2, Double.POSITIVE_INFINITY, Float.NaN, Double.NEGATIVE_INFINITY, 'c', Level.HIGH,
        new BigDecimal("1.10E+3"), new BigInteger("123456789012345678901234567890"),
        UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), URI.create("../relative path".replace(' ', '_')),
        LocalDate.of(12345, 1, 2), LocalTime.of(10, 15), LocalDateTime.of(2024, 1, 2, 3, 4),
        OffsetDateTime.parse("2024-01-02T03:04+01:00"),
        ZonedDateTime.of(2024, 1, 2, 3, 4, 0, 0, ZoneId.of("Europe/Paris")),
        Instant.parse("2024-01-02T03:04:05Z"), Duration.ofMillis(-1500),
        Optional.of("m"), OptionalInt.of(3), Arrays.asList("x", null), reals,
        new int[] {1, 2}, new String[] {null, "t"}, counts, byLevel, new Inner(null),
        JsonNodeFactory.instance.arrayNode().add(1).addNull());
  }

  private static Everything empty() {
    return new Everything(
        0, null, null, 0, 0, null, 'x', null, null, null, null, null, null, null, null, null,
        null, null, null, Optional.empty(), OptionalInt.empty(), null, null, null, null, null,
        null, null, null);
  }

  /** A record: its own object schema. */
  @Tool
  public static Everything everything(boolean full) {
    return full ? full() : empty();
  }

  /** A list of records, wrapped for MCP. */
  @Tool
  public static List<Everything> many() {
    return new ArrayList<>(Arrays.asList(full(), empty(), null));
  }

  /** A map. */
  @Tool
  public static Map<String, Inner> byName() {
    Map<String, Inner> map = new HashMap<>();
    map.put("a", new Inner("x"));
    map.put("b", null);
    return map;
  }

  /** An enum. */
  @Tool
  public static Level level(boolean none) {
    return none ? null : Level.HIGH;
  }

  /** An optional record. */
  @Tool
  public static Optional<Inner> maybe(boolean none) {
    return none ? Optional.empty() : Optional.of(new Inner("v"));
  }

  /** A primitive. */
  @Tool
  public static double ratio(boolean nan) {
    return nan ? Double.NaN : 0.5;
  }

  /** A recursive record. */
  @Tool
  public static Node tree() {
    return new Node("root", List.of(new Node("leaf", List.of()), new Node("x", null)));
  }

  /** A recursive record inside a list, wrapped for MCP with its definitions. */
  @Tool
  public static List<Node> forest() {
    return List.of(tree());
  }

  /** A sealed interface. */
  @Tool
  public static Shape shape(boolean circle) {
    return circle ? new Circle(1) : new Square(2);
  }

  /** An async record. */
  @Tool
  public static CompletionStage<Inner> later() {
    return CompletableFuture.completedFuture(new Inner("later"));
  }

  /** Free-form JSON. */
  @Tool
  public static JsonNode free(boolean none) {
    return none ? null : JsonNodeFactory.instance.objectNode().put("k", 1);
  }

  /** Text: no output schema. */
  @Tool
  public static String text() {
    return "plain";
  }

  /** Nothing: no output schema. */
  @Tool
  public static void nothing() {}
}
""");

  /** Each tool's calls: the arguments that make it write its edge cases. */
  private static final Map<String, List<String>> CALLS =
      Map.ofEntries(
          Map.entry("everything", List.of("{\"full\":true}", "{\"full\":false}")),
          Map.entry("many", List.of("{}")),
          Map.entry("by_name", List.of("{}")),
          Map.entry("level", List.of("{\"none\":true}", "{\"none\":false}")),
          Map.entry("maybe", List.of("{\"none\":true}", "{\"none\":false}")),
          Map.entry("ratio", List.of("{\"nan\":true}", "{\"nan\":false}")),
          Map.entry("tree", List.of("{}")),
          Map.entry("forest", List.of("{}")),
          Map.entry("shape", List.of("{\"circle\":true}", "{\"circle\":false}")),
          Map.entry("later", List.of("{}")),
          Map.entry("free", List.of("{\"none\":true}", "{\"none\":false}")));

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Map<String, ToolEntry> tools;
  private static Map<String, JsonNode> mcpDefinitions;

  @BeforeAll
  static void compile() throws Exception {
    Path dir = Files.createTempDirectory("outputs");
    Path out = Compiled.writeClassOutput(Compiled.compile(SOURCE), dir);
    @SuppressWarnings("resource") // lives as long as the test JVM
    URLClassLoader loader = Compiled.loader(out);
    tools = Compiled.tools(loader, Bindings.none());
    ToolRegistry registry = ToolRegistry.create();
    tools.values().forEach(registry::register);
    mcpDefinitions = new java.util.TreeMap<>();
    for (JsonNode definition :
        JSON.readTree(registry.definitions(registry.toolNames(), DefinitionFormat.MCP))) {
      mcpDefinitions.put(definition.get("name").asString(), definition);
    }
  }

  @Test
  void everyResultValidatesAgainstItsOutputSchemaAndItsMcpForm() throws Exception {
    assertThat(tools.keySet()).containsAtLeastElementsIn(CALLS.keySet());
    for (Map.Entry<String, List<String>> tool : CALLS.entrySet()) {
      ToolEntry entry = tools.get(tool.getKey());
      String output = java.util.Objects.requireNonNull(entry.definition().outputSchema());
      JsonNode mcpSchema = mcpDefinitions.get(tool.getKey()).get("outputSchema");
      assertThat(mcpSchema.get("type").asString()).isEqualTo("object");
      assertThat(Validator.metaSchemaErrors(mcpSchema.toString())).isEmpty();
      boolean direct = JSON.readTree(output).equals(mcpSchema);
      Schema schema = Validator.schema(output);
      Schema mcp = Validator.schema(mcpSchema.toString());
      for (String arguments : tool.getValue()) {
        String result = Compiled.call(entry, arguments, ToolContext.empty());
        assertThat(result).doesNotContain("\"error\"");
        assertThat(Validator.errors(schema, result)).isEmpty();
        String structured = direct ? result : "{\"result\":" + result + "}";
        assertThat(Validator.errors(mcp, structured)).isEmpty();
      }
    }
  }

  @Test
  void recordsAndMapsAreServedAsTheyAreTheRestWrapped() {
    for (String name : List.of("everything", "by_name", "tree", "later")) {
      assertThat(mcpDefinitions.get(name).get("outputSchema"))
          .isEqualTo(
              JSON.readTree(
                  java.util.Objects.requireNonNull(tools.get(name).definition().outputSchema())));
    }
    for (String name : List.of("many", "level", "maybe", "ratio", "forest", "shape", "free")) {
      JsonNode schema = mcpDefinitions.get(name).get("outputSchema");
      assertThat(schema.get("required").toString()).isEqualTo("[\"result\"]");
    }
  }

  @Test
  void stringAndVoidToolsHaveNone() {
    assertThat(tools.get("text").definition().outputSchema()).isNull();
    assertThat(tools.get("nothing").definition().outputSchema()).isNull();
    assertThat(mcpDefinitions.get("text").has("outputSchema")).isFalse();
  }

  @Test
  void theSchemasRefuseWhatTheWriterNeverWrites() {
    Schema everything =
        Validator.schema(
            java.util.Objects.requireNonNull(tools.get("everything").definition().outputSchema()));
    // A primitive is never null; every component is present; no other property.
    assertThat(Validator.accepts(everything, "{\"count\":null}")).isFalse();
    Schema inner =
        Validator.schema(
            java.util.Objects.requireNonNull(tools.get("later").definition().outputSchema()));
    assertThat(Validator.accepts(inner, "{\"value\":\"v\"}")).isTrue();
    assertThat(Validator.accepts(inner, "{}")).isFalse();
    assertThat(Validator.accepts(inner, "{\"value\":\"v\",\"x\":1}")).isFalse();
    assertThat(Validator.accepts(inner, "null")).isFalse();
    Schema ratio =
        Validator.schema(
            java.util.Objects.requireNonNull(tools.get("ratio").definition().outputSchema()));
    assertThat(Validator.accepts(ratio, "\"NaN\"")).isTrue();
    assertThat(Validator.accepts(ratio, "\"nan\"")).isFalse();
    assertThat(Validator.accepts(ratio, "null")).isFalse();
    Schema level =
        Validator.schema(
            java.util.Objects.requireNonNull(tools.get("level").definition().outputSchema()));
    assertThat(Validator.accepts(level, "\"HIGH\"")).isFalse(); // written by its @JsonName
  }
}
