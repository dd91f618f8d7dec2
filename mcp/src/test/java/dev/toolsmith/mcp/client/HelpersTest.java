package dev.toolsmith.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.toolsmith.mcp.internal.McpJson;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Names, schemas, results, placeholders, environment and the breaker, without a server. */
final class HelpersTest {

  /** Expected names computed with the reference's own code (Python's re and hashlib). */
  @Test
  void namesAreTheReferencesByteForByteHyphensIncluded() {
    assertEquals("mcp__everything__echo", ToolNames.of("everything", "echo"));
    assertEquals("mcp__everything__get_sum", ToolNames.of("everything", "get-sum"));
    assertEquals("mcp__home_assistant__get_state", ToolNames.of("home-assistant", "get_state"));
    assertEquals("mcp__my_server__get_weather_now", ToolNames.of("my.server", "get/weather-now"));
    assertEquals("mcp__s__h_llo", ToolNames.of("s", "héllo"));
    assertEquals("mcp__s__a_b", ToolNames.of("s", "a😀b"), "one _ per code point, not per char");
    assertEquals("mcp-my_server", ToolNames.toolset("my server"));
    assertEquals("mcp-home-assistant", ToolNames.toolset("home-assistant"));
  }

  @Test
  void aNameOverSixtyFourCharactersIsClampedWithTheSha256OfTheWholeName() {
    String fits = "mcp__s__" + "y".repeat(56);
    assertEquals(fits, ToolNames.of("s", "y".repeat(56)), "64 characters: kept");
    assertEquals(
        "mcp__s__yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy_135e16d5",
        ToolNames.of("s", "y".repeat(57)));
    assertEquals(
        "mcp__s__yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy_870155ec",
        ToolNames.of("s", "y".repeat(56) + "-"),
        "the hash is of the sanitized name");
    assertEquals(
        "mcp__server__xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_b6093b31",
        ToolNames.of("server", "x".repeat(70)));
    assertEquals(
        "mcp__server__xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_f735aad6",
        ToolNames.of("server", "x".repeat(70) + "b"),
        "two long names sharing a prefix stay apart");
    assertEquals(
        "mcp__long_server_name__get_the_current_weather_forecast_8f1b1690",
        ToolNames.of("long-server-name", "get-the-current-weather-forecast-for-a-city-in-detail"));
  }

  @Test
  void emptySchemaBecomesAnEmptyObjectSchema() {
    assertEquals("{\"type\":\"object\",\"properties\":{}}", Schemas.normalize(Map.of()));
    assertEquals("{\"type\":\"object\",\"properties\":{}}", Schemas.normalize(null));
  }

  @Test
  void definitionsBecomeDefsWithReferencesRewritten() throws Exception {
    String schema =
        "{\"type\":\"object\",\"properties\":{\"p\":{\"$ref\":\"#/definitions/Point\"},"
            + "\"list\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/definitions/Point\"}}},"
            + "\"definitions\":{\"Point\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"}},"
            + "\"required\":[\"x\",\"y\"]}}}";
    assertEquals(
        "{\"type\":\"object\",\"properties\":{\"p\":{\"$ref\":\"#/$defs/Point\"},"
            + "\"list\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/Point\"}}},"
            + "\"$defs\":{\"Point\":{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"}},"
            + "\"required\":[\"x\"]}}}",
        Schemas.normalize(map(schema)));
  }

  @Test
  void requiredIsPrunedToExistingProperties() throws Exception {
    assertEquals(
        "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\"]}",
        Schemas.normalize(
            map(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},\"required\":[\"a\",\"b\"]}")));
    assertEquals(
        "{\"type\":\"object\",\"properties\":{}}",
        Schemas.normalize(map("{\"type\":\"object\",\"required\":[\"ghost\"]}")));
  }

  @Test
  void resultsJoinTextAndKeepStructuredContent() {
    McpSchema.CallToolResult result =
        McpSchema.CallToolResult.builder()
            .addTextContent("one")
            .addTextContent("twö")
            .structuredContent(Map.of("n", 2))
            .build();
    assertEquals(
        "{\"result\":\"one\\ntwö\",\"structuredContent\":{\"n\":2}}", CallResultJson.of(result));
  }

  @Test
  void errorResultsBecomeTheMessagesOfFailures() {
    McpSchema.CallToolResult result =
        McpSchema.CallToolResult.builder().addTextContent("no such city").isError(true).build();
    assertEquals("no such city", CallResultJson.errorMessage(result));
    assertEquals(
        "MCP tool reported an error",
        CallResultJson.errorMessage(McpSchema.CallToolResult.builder().isError(true).build()));
  }

  @Test
  void imagesAndResourcesAreDescribed() {
    McpSchema.CallToolResult result =
        McpSchema.CallToolResult.builder()
            .addContent(McpSchema.ImageContent.builder("AAAA", "image/png").build())
            .addContent(
                McpSchema.EmbeddedResource.builder(
                        McpSchema.TextResourceContents.builder("file:///a.txt", "hello")
                            .mimeType("text/plain")
                            .build())
                    .build())
            .addContent(
                McpSchema.EmbeddedResource.builder(
                        McpSchema.BlobResourceContents.builder("file:///b.bin", "AAAAAA==")
                            .mimeType("application/zip")
                            .build())
                    .build())
            .build();
    assertEquals(
        "{\"result\":\"[image image/png, 3 bytes]\\n[resource file:///a.txt (text/plain)]\\nhello\\n"
            + "[resource file:///b.bin (application/zip), 4 bytes]\"}",
        CallResultJson.of(result));
  }

  @Test
  void placeholdersComeFromTheEnvironment() {
    Map<String, String> env = Map.of("TOKEN", "s3cr3t", "HOST", "localhost");
    assertEquals("Bearer s3cr3t", Placeholders.expand("Bearer ${TOKEN}", env::get));
    assertEquals("http://localhost/mcp", Placeholders.expand("http://${HOST}/mcp", env::get));
    assertEquals("cost: $5", Placeholders.expand("cost: $5", env::get));
    IllegalArgumentException unset =
        assertThrows(
            IllegalArgumentException.class, () -> Placeholders.expand("${MISSING}", env::get));
    assertEquals("environment variable MISSING is not set", unset.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Placeholders.expand("${OPEN", env::get));
  }

  @Test
  void childEnvironmentIsMinimalPlusConfigured() {
    Map<String, String> parent =
        Map.of(
            "PATH",
            "/usr/bin",
            "HOME",
            "/home/u",
            "AWS_SECRET_ACCESS_KEY",
            "x",
            "OPENAI_API_KEY",
            "y");
    assertEquals(
        Map.of("PATH", "/usr/bin", "HOME", "/home/u", "TOKEN", "t"),
        ChildEnvironment.of(parent, Map.of("TOKEN", "t")));
  }

  @Test
  void includeWinsOverExclude() {
    McpServerConfig config = McpServerConfig.http("s", "http://127.0.0.1:1/mcp");
    assertTrue(config.accepts("anything"));
    McpServerConfig excluding = config.toBuilder().tools(Set.of(), Set.of("rm")).build();
    assertFalse(excluding.accepts("rm"));
    assertTrue(excluding.accepts("ls"));
    McpServerConfig including = config.toBuilder().tools(Set.of("ls", "rm"), Set.of("rm")).build();
    assertTrue(including.accepts("rm"));
    assertFalse(including.accepts("cat"));
  }

  @Test
  void breakerOpensAfterThresholdAndLetsOneProbeThrough() {
    AtomicLong now = new AtomicLong();
    CircuitBreaker breaker = new CircuitBreaker(3, Duration.ofSeconds(10), now::get);
    for (int i = 0; i < 2; i++) {
      assertEquals(CircuitBreaker.Permit.CALL, breaker.tryAcquire());
      breaker.failure();
    }
    assertEquals(CircuitBreaker.Permit.CALL, breaker.tryAcquire());
    breaker.success(); // a success in between resets the count
    for (int i = 0; i < 3; i++) {
      assertEquals(CircuitBreaker.Permit.CALL, breaker.tryAcquire());
      breaker.failure();
    }
    assertEquals(CircuitBreaker.Permit.REJECT, breaker.tryAcquire());
    now.addAndGet(Duration.ofSeconds(10).toNanos());
    assertEquals(CircuitBreaker.Permit.PROBE, breaker.tryAcquire());
    assertEquals(CircuitBreaker.Permit.REJECT, breaker.tryAcquire(), "only one probe at a time");
    breaker.failure(); // the probe failed: open again for a whole cool-down
    now.addAndGet(Duration.ofSeconds(9).toNanos());
    assertEquals(CircuitBreaker.Permit.REJECT, breaker.tryAcquire());
    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertEquals(CircuitBreaker.Permit.PROBE, breaker.tryAcquire());
    breaker.success();
    assertEquals(CircuitBreaker.Permit.CALL, breaker.tryAcquire());
    assertFalse(breaker.isOpen());
  }

  private static Map<String, Object> map(String json) throws Exception {
    return McpJson.MAPPER.readValue(json, new TypeReference<Map<String, Object>>() {});
  }

  @Test
  void aModernToolAndResultReadAsTheSameJsonReadByTheLegacySchema() throws Exception {
    String tool =
        "{\"name\":\"add\",\"title\":\"Adder\",\"description\":\"Adds.\","
            + "\"inputSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"number\"}}},"
            + "\"outputSchema\":{\"type\":\"object\"},"
            + "\"annotations\":{\"readOnlyHint\":true,\"openWorldHint\":false},"
            + "\"_meta\":{\"k\":1}}";
    assertEquals(
        McpJson.MAPPER.readValue(tool, McpSchema.Tool.class),
        ModernSession.legacyForm(
            McpJson.MAPPER.readValue(tool, io.modelcontextprotocol.modern.McpSchema.Tool.class)));
    String result =
        "{\"content\":[{\"type\":\"text\",\"text\":\"hé\"},"
            + "{\"type\":\"image\",\"data\":\"AAAA\",\"mimeType\":\"image/png\"},"
            + "{\"type\":\"audio\",\"data\":\"AAAAAA==\",\"mimeType\":\"audio/wav\"},"
            + "{\"type\":\"resource_link\",\"name\":\"r\",\"uri\":\"file:///r\"},"
            + "{\"type\":\"resource\",\"resource\":{\"uri\":\"file:///t\",\"mimeType\":\"text/plain\","
            + "\"text\":\"inside\"}}],"
            + "\"structuredContent\":{\"n\":1},\"resultType\":\"complete\"}";
    String legacy =
        CallResultJson.of(McpJson.MAPPER.readValue(result, McpSchema.CallToolResult.class));
    assertEquals(
        legacy,
        CallResultJson.of(
            ModernSession.legacyForm(
                McpJson.MAPPER.readValue(
                    result, io.modelcontextprotocol.modern.McpSchema.CallToolResult.class))));
    assertTrue(legacy.contains("[image image/png, 3 bytes]"), legacy);
    assertTrue(legacy.contains("[resource link r file:///r]"), legacy);
  }
}
