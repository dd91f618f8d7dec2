package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code definitions --format ... --strict}: each provider's shape from the command line. */
final class DefinitionFormatsCliTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static JsonNode first(String... args) throws Exception {
    CliTest.Run run = CliTest.run(args);
    assertEquals(0, run.exitCode(), run.err());
    JsonNode definitions = MAPPER.readTree(run.out());
    assertTrue(definitions.size() > 0, run.out());
    return definitions.get(0);
  }

  @Test
  void eachFormatHasItsProvidersShape() throws Exception {
    assertTrue(first("definitions", "--format", "openai").path("function").has("parameters"));
    JsonNode responses = first("definitions", "--format", "openai-responses");
    assertEquals("function", responses.get("type").asText());
    assertTrue(responses.has("parameters") && responses.has("strict"), responses.toString());
    assertTrue(first("definitions", "--format", "anthropic").has("input_schema"));
    assertTrue(first("definitions", "--format", "gemini").has("parameters"));
    assertTrue(first("definitions", "--format", "mcp").has("inputSchema"));
  }

  @Test
  void strictMakesOpenAiSchemasStrict() throws Exception {
    JsonNode plain = first("definitions", "--format", "openai").get("function");
    JsonNode strict = first("definitions", "--format", "openai", "--strict").get("function");
    assertEquals(plain.get("name"), strict.get("name"));
    assertTrue(strict.get("strict").asBoolean(), strict.toString());
    assertEquals(
        strict.get("parameters").get("properties").size(),
        strict.get("parameters").get("required").size());
  }

  @Test
  void unknownFormatIsAUsageError() {
    CliTest.Run run = CliTest.run("definitions", "--format", "cohere");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("unknown definition format"), run.err());
  }
}
