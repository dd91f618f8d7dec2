package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.runtime.AvailabilityReport;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The app's tools as a user gets them: discovered from the generated index, described and
 * dispatched.
 */
final class RegistryEndToEndTest {

  static final List<String> ALL_TOOLS =
      List.of(
          "calculate",
          "convert_time",
          "file_checksum",
          "hmac_sign",
          "list_directory",
          "now",
          "read_file",
          "regex_extract",
          "search_files",
          "word_count",
          "write_file");

  static final ObjectMapper JSON = new ObjectMapper(); // test-side parsing only

  @TempDir Path temp;
  Workspace workspace;
  ToolRegistry registry;
  ToolContext context;

  @BeforeEach
  void setUp() throws IOException {
    Path root = Files.createDirectories(temp.resolve("root"));
    Files.writeString(root.resolve("notes.txt"), "first line\nsecond line, with a TODO\n");
    Files.writeString(temp.resolve("secret.txt"), "secret");
    workspace = Workspace.of(root);
    registry = Toolsmith.registry(workspace);
    context = Toolsmith.context("call_1", workspace);
  }

  @Test
  void discoversEveryToolSortedByName() {
    assertEquals(ALL_TOOLS, registry.toolNames());
  }

  @Test
  void leavesOutInstanceToolsWhoseInstanceIsNotBound() {
    List<String> expected = new ArrayList<>(ALL_TOOLS);
    expected.removeAll(List.of("read_file", "list_directory", "file_checksum", "write_file"));
    assertEquals(expected, Discovery.discover().toolNames());
  }

  @Test
  void definitionsHoldEveryAvailableToolSortedInOpenAiShape() throws IOException {
    JsonNode definitions = JSON.readTree(registry.definitions(registry.toolNames()));
    List<String> names = new ArrayList<>();
    for (JsonNode definition : definitions) {
      assertEquals("function", definition.path("type").asText(), definition.toString());
      names.add(definition.path("function").path("name").asText());
    }
    List<String> expected = new ArrayList<>(ALL_TOOLS);
    if (!registry.availability().tool("hmac_sign").orElseThrow().available()) {
      expected.remove("hmac_sign");
    }
    assertEquals(expected, names);
  }

  @Test
  void schemasComeFromRecordsPlainParametersAndJavadoc() throws IOException {
    JsonNode readFile =
        JSON.readTree(registry.entry("read_file").map(e -> e.definition().schema()).orElseThrow());
    assertEquals("object", readFile.path("type").asText());
    assertEquals(List.of("path", "maxLines"), fieldNames(readFile.path("properties")));
    assertEquals(
        "file path relative to the workspace root",
        readFile.path("properties").path("path").path("description").asText());
    assertEquals(1, readFile.path("properties").path("maxLines").path("minimum").asInt());
    assertEquals("[\"path\"]", readFile.path("required").toString());

    // Plain parameters; the ToolContext parameter of search_files is not part of the schema.
    JsonNode calculate =
        JSON.readTree(registry.entry("calculate").map(e -> e.definition().schema()).orElseThrow());
    assertEquals(List.of("expression"), fieldNames(calculate.path("properties")));
    JsonNode search =
        JSON.readTree(
            registry.entry("search_files").map(e -> e.definition().schema()).orElseThrow());
    assertEquals(
        List.of("query", "regex", "path", "maxMatches"), fieldNames(search.path("properties")));
    assertEquals("[\"query\"]", search.path("required").toString());
  }

  @Test
  void entriesCarryTheAnnotationsMetadata() {
    ToolEntry readFile = registry.entry("read_file").orElseThrow();
    assertEquals("files", readFile.toolset());
    assertEquals("📄", readFile.emoji());
    assertEquals(OptionalInt.of(50_000), readFile.maxResultChars());
    assertTrue(readFile.check().isPresent());
    assertTrue(
        readFile
            .definition()
            .description()
            .startsWith("Reads a UTF-8 text file below the workspace root"),
        readFile.definition().description());
    assertTrue(registry.entry("file_checksum").orElseThrow().isAsync());
    assertFalse(readFile.isAsync());
    assertEquals(
        List.of(SigningTools.KEY_VARIABLE),
        registry.entry("hmac_sign").orElseThrow().requiresEnv());
    assertEquals("math", registry.entry("calculate").orElseThrow().toolset());
  }

  @Test
  void reportsTheSigningToolsetUnavailableWithoutItsKey() {
    AvailabilityReport report = registry.availability();
    Availability signing = report.toolset("signing").orElseThrow();
    assertEquals(new SigningTools.KeyPresent().getAsBoolean(), signing.available());
    assertEquals(List.of("hmac_sign"), registry.toolNames("signing"));
    assertEquals(List.of(SigningTools.KEY_VARIABLE), signing.requiredEnv());
    assertEquals(signing, report.tool("hmac_sign").orElseThrow());
    assertTrue(
        report.toolset("files").orElseThrow().available(), "its check was bound to the workspace");
  }

  @Test
  void dispatchesTheFileTools() throws IOException {
    assertEquals("first line\n", dispatch("read_file", "{\"path\":\"notes.txt\",\"maxLines\":1}"));
    JsonNode listing = JSON.readTree(dispatch("list_directory", "{}"));
    assertEquals("[{\"name\":\"notes.txt\",\"type\":\"file\",\"size\":36}]", listing.toString());
    JsonNode checksum = JSON.readTree(dispatch("file_checksum", "{\"path\":\"notes.txt\"}"));
    assertEquals("notes.txt", checksum.path("path").asText());
    assertEquals(64, checksum.path("sha256").asText().length());
    JsonNode search = JSON.readTree(dispatch("search_files", "{\"query\":\"todo\"}"));
    assertEquals(
        "[{\"file\":\"notes.txt\",\"line\":2,\"text\":\"second line, with a TODO\"}]",
        search.path("matches").toString());
  }

  @Test
  void dispatchesTheOtherTools() throws IOException {
    assertEquals(
        1000.0,
        JSON.readTree(dispatch("calculate", "{\"expression\":\"2^10 - 24\"}"))
            .path("value")
            .asDouble());
    assertEquals(
        "[\"maria\",\"tom\"]",
        JSON.readTree(
                dispatch(
                    "regex_extract",
                    "{\"pattern\":\"@(\\\\w+)\",\"text\":\"@maria and @tom\",\"group\":1}"))
            .path("matches")
            .toString());
    assertEquals(
        3,
        JSON.readTree(dispatch("word_count", "{\"text\":\"one two three\"}"))
            .path("words")
            .asInt());
    assertEquals(
        "Asia/Tokyo",
        JSON.readTree(dispatch("now", "{\"zone\":\"Asia/Tokyo\"}")).path("zone").asText());
    assertEquals("UTC", JSON.readTree(dispatch("now", "{}")).path("zone").asText());
    assertEquals(
        "2026-03-29T16:30:00+09:00",
        JSON.readTree(
                dispatch(
                    "convert_time",
                    "{\"dateTime\":\"2026-03-29T09:30\",\"fromZone\":\"Europe/Paris\",\"toZone\":\"Asia/Tokyo\"}"))
            .path("dateTime")
            .asText());
    String signed = dispatch("hmac_sign", "{\"message\":\"hello\"}");
    if (new SigningTools.KeyPresent().getAsBoolean()) {
      assertEquals(64, JSON.readTree(signed).path("signature").asText().length());
    } else {
      // Not offered without its key, so not callable either: refused before the tool runs.
      assertEquals(
          "{\"error\":\"Tool hmac_sign is unavailable: check returned false"
              + " (requires TOOLSMITH_SIGNING_KEY)\"}",
          signed);
    }
  }

  @Test
  void turnsEveryFailureIntoAnErrorTheModelCanRead() throws IOException {
    assertEquals("{\"error\":\"Unknown tool: nope\"}", registry.dispatch("nope", "{}"));
    assertEquals(
        "{\"error\":\"Tool execution failed: OutsideWorkspaceException: path '../secret.txt' climbs out of the workspace root\"}",
        dispatch("read_file", "{\"path\":\"../secret.txt\"}"));
    assertEquals(
        "{\"error\":\"Tool execution failed: IllegalArgumentException: division by zero at position 3\"}",
        dispatch("calculate", "{\"expression\":\"1 / 0\"}"));

    JsonNode invalid =
        JSON.readTree(dispatch("read_file", "{\"path\":\"notes.txt\",\"maxLines\":0}"));
    assertEquals("Invalid arguments for tool read_file", invalid.path("error").asText());
    assertEquals("/maxLines", invalid.path("problems").path(0).path("path").asText());
    JsonNode missing = JSON.readTree(dispatch("calculate", "{}"));
    assertEquals("/expression", missing.path("problems").path(0).path("path").asText());
    JsonNode wrongType = JSON.readTree(dispatch("word_count", "{\"text\":42}"));
    assertEquals("/text", wrongType.path("problems").path(0).path("path").asText());
    assertTrue(Json.isError(dispatch("calculate", "not json")));
    assertTrue(Json.isError(dispatch("file_checksum", "{\"path\":\"missing.txt\"}")));
  }

  private String dispatch(String tool, String arguments) {
    return registry.dispatch(tool, arguments, context);
  }

  private static List<String> fieldNames(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
