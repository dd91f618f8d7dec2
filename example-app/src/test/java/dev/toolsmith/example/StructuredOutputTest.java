package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.http.McpHttpServer;
import dev.toolsmith.mcp.server.StructuredSession;
import dev.toolsmith.runtime.ToolRegistry;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every tool the app serves over MCP, called by the TypeScript SDK's client (which validates each
 * result's structured content against the tool's output schema): each structured result is also
 * judged by an independent validator, and the titles and annotations are what the tools declare.
 */
@Timeout(120)
final class StructuredOutputTest {

  @TempDir Path temp;

  @Test
  void everyServedToolsStructuredContentValidatesAgainstItsOutputSchema() throws Exception {
    Files.writeString(temp.resolve("notes.txt"), "one\ntwo needle\n");
    Workspace workspace = Workspace.of(temp);
    ToolRegistry registry = Toolsmith.registry(workspace);
    Map<String, List<String>> calls =
        Map.ofEntries(
            Map.entry("calculate", List.of("{\"expression\":\"2^10 - 24\"}")),
            Map.entry(
                "convert_time",
                List.of(
                    "{\"dateTime\":\"2024-03-31T01:30\",\"fromZone\":\"Europe/Paris\","
                        + "\"toZone\":\"America/New_York\"}")),
            Map.entry("file_checksum", List.of("{\"path\":\"notes.txt\"}")),
            Map.entry("list_directory", List.of("{}")),
            Map.entry("now", List.of("{}", "{\"zone\":\"Asia/Tokyo\"}")),
            Map.entry("read_file", List.of("{\"path\":\"notes.txt\"}")),
            Map.entry(
                "regex_extract", List.of("{\"text\":\"a1 b22\",\"pattern\":\"[a-z](\\\\d+)\"}")),
            Map.entry("search_files", List.of("{\"query\":\"needle\"}")),
            Map.entry("word_count", List.of("{\"text\":\"one two three\"}")),
            Map.entry("write_file", List.of("{\"path\":\"new.txt\",\"text\":\"héllo\"}")));
    try (McpHttpServer server =
        ServeMcpCommand.start(registry, workspace, new InetSocketAddress("127.0.0.1", 0))) {
      StructuredSession.Steps steps =
          StructuredSession.check(List.of("http", server.endpoint().toString()), calls);
      for (String name : registry.toolNames()) {
        if (registry.availability().tool(name).orElseThrow().available()) {
          assertTrue(steps.tools().containsKey(name), name + " is not served");
        }
      }
      JsonNode read = steps.tools().get("read_file");
      assertEquals("Read a file", read.get("title").asText());
      assertEquals(
          "{\"readOnlyHint\":true,\"openWorldHint\":false}", read.get("annotations").toString());
      assertFalse(read.has("outputSchema"), "a String tool has none: " + read);
      JsonNode write = steps.tools().get("write_file");
      assertEquals(
          "{\"readOnlyHint\":false,\"destructiveHint\":true,\"idempotentHint\":true,"
              + "\"openWorldHint\":false}",
          write.get("annotations").toString());
      assertEquals("object", steps.tools().get("calculate").at("/outputSchema/type").asText());
      assertEquals("héllo", Files.readString(temp.resolve("new.txt")));
      // search_files reads the workspace from the call's context, which the server fills in.
      JsonNode search =
          steps.calls().stream()
              .filter(call -> call.get("name").asText().equals("search_files"))
              .findFirst()
              .orElseThrow();
      assertTrue(search.get("text").asText().contains("notes.txt"), search.toString());
    }
  }
}
