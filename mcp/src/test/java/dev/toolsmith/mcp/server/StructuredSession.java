package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import dev.toolsmith.mcp.Peers;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A session of structured.mjs, the TypeScript SDK's client calling tools with output schemas (it
 * validates each result's structured content against the tool's output schema and fails the call
 * otherwise), whose results are then judged again by an independent validator (networknt, 2020-12,
 * formats asserted); shared with the example app's tests through this module's test jar.
 */
public final class StructuredSession {

  private static final ObjectMapper EXACT =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private static final SchemaRegistry SCHEMAS =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          builder ->
              builder.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().formatAssertionsEnabled(true).build()));

  /**
   * What the session saw: each listed tool by name, and each call in order.
   *
   * @param tools the {@code tool} steps by tool name (title, annotations, inputSchema,
   *     outputSchema)
   * @param calls the {@code call} steps (name, isError, text, structuredContent)
   */
  public record Steps(Map<String, JsonNode> tools, List<JsonNode> calls) {}

  private StructuredSession() {}

  /**
   * Runs structured.mjs with {@code args} ({@code stdio COMMAND ARGS...} or {@code http URL}),
   * calling each tool of {@code calls} with each of its arguments, and checks: the TypeScript SDK
   * accepted every call; every listed tool with an output schema was called; no call is an error;
   * each call's structured content validates against its tool's output schema, and is the JSON of
   * its text content (the wrapper {@code {"result": ...}} included).
   */
  public static Steps check(List<String> args, Map<String, List<String>> calls) throws Exception {
    return check(args, calls, java.util.Set.of());
  }

  /**
   * As {@link #check(List, Map)}, except that the calls of the tools {@code failing} must be error
   * results, which carry no structured content.
   */
  public static Steps check(
      List<String> args, Map<String, List<String>> calls, java.util.Set<String> failing)
      throws Exception {
    Steps steps = run(args, calls);
    for (Map.Entry<String, JsonNode> tool : steps.tools().entrySet()) {
      // Every served definition is a valid 2020-12 schema, as the client received it.
      assertTrue(
          metaSchemaErrors(tool.getValue().get("inputSchema").toString()).isEmpty(),
          tool.getKey() + ": " + tool.getValue());
      if (tool.getValue().has("outputSchema")) {
        assertTrue(calls.containsKey(tool.getKey()), "no call of " + tool.getKey());
        assertTrue(
            metaSchemaErrors(tool.getValue().get("outputSchema").toString()).isEmpty(),
            tool.getKey() + ": " + tool.getValue());
      }
    }
    for (JsonNode call : steps.calls()) {
      assertFalse(call.has("thrown"), call.toString());
      if (failing.contains(call.get("name").asText())) {
        assertTrue(call.get("isError").asBoolean(), call.toString());
        assertFalse(call.has("structuredContent"), call.toString());
        continue;
      }
      assertFalse(call.get("isError").asBoolean(), call.toString());
      JsonNode schema = steps.tools().get(call.get("name").asText()).get("outputSchema");
      if (schema == null) {
        assertFalse(call.has("structuredContent"), call.toString());
        continue;
      }
      String structured = call.get("structuredContent").toString();
      List<Error> errors = errors(schema.toString(), structured);
      assertTrue(errors.isEmpty(), () -> call + " against " + schema + ": " + errors);
      // MCP: the text SHOULD be the structured content serialised, the wrapper included.
      JsonNode text = EXACT.readTree(call.get("text").asText());
      // JSON equality: numbers by value (1000.0 and 1000 are one number).
      assertTrue(
          text.equals(StructuredSession::compare, EXACT.readTree(structured)),
          () -> call + " is not the JSON of its text " + text);
    }
    return steps;
  }

  private static int compare(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.decimalValue().compareTo(b.decimalValue());
    }
    return a.equals(b) ? 0 : 1;
  }

  /** The validator's complaints about {@code document} against {@code schema}. */
  public static List<Error> errors(String schema, String document) throws Exception {
    Schema compiled = SCHEMAS.getSchema(EXACT.readTree(schema));
    return compiled.validate(EXACT.readTree(document));
  }

  /** The 2020-12 meta-schema's complaints about {@code schema}. */
  public static List<Error> metaSchemaErrors(String schema) throws Exception {
    return errors("{\"$ref\":\"https://json-schema.org/draft/2020-12/schema\"}", schema);
  }

  private static Steps run(List<String> args, Map<String, List<String>> calls) throws Exception {
    List<String> command =
        new ArrayList<>(List.of(Peers.node(), Peers.script("structured.mjs").toString()));
    command.addAll(args);
    Map<String, Object> callsJson = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> call : calls.entrySet()) {
      List<JsonNode> arguments = new ArrayList<>();
      for (String json : call.getValue()) {
        arguments.add(EXACT.readTree(json));
      }
      callsJson.put(call.getKey(), arguments);
    }
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(Peers.NODE_DIR.toFile())
            .redirectError(ProcessBuilder.Redirect.INHERIT);
    builder.environment().put("TOOLSMITH_CALLS", EXACT.writeValueAsString(callsJson));
    Process process = builder.start();
    Map<String, JsonNode> tools = new LinkedHashMap<>();
    List<JsonNode> steps = new ArrayList<>();
    try (BufferedReader reader =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        JsonNode step = EXACT.readTree(line);
        assertFalse("failed".equals(step.get("step").asText()), step.toString());
        if ("tool".equals(step.get("step").asText())) {
          tools.put(step.get("name").asText(), step);
        } else {
          steps.add(step);
        }
      }
    } finally {
      if (!process.waitFor(90, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
      }
    }
    for (JsonNode step : steps) {
      assertFalse(step.has("thrown"), step.toString());
    }
    assertEquals(0, process.exitValue(), () -> "structured.mjs failed: " + steps);
    return new Steps(tools, steps);
  }
}
