package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.McpRegistryServer;
import dev.toolsmith.mcp.server.ProtocolChecks;
import dev.toolsmith.mcp.server.ProtocolFixture;
import dev.toolsmith.mcp.server.ProtocolVersionChecks;
import dev.toolsmith.mcp.server.TypeScriptSession;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pagination, progress and cancellation over Streamable HTTP, with the TypeScript SDK's client; and
 * a stateless server, which pages the same way.
 */
@Timeout(180)
final class HttpProtocolTest {

  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void aTypeScriptClientPagesReceivesProgressAndCancelsOverHttp() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ProtocolFixture.registry(10_005)).serve(ANY_LOOPBACK_PORT)) {
      ProtocolChecks.check(
          10_005,
          McpRegistryServer.DEFAULT_PAGE_SIZE,
          List.of("http", server.endpoint().toString()));
    }
  }

  @Test
  void thePythonClientListsTenThousandToolsInPages() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(ProtocolFixture.registry(10_005)).serve(ANY_LOOPBACK_PORT)) {
      ProtocolVersionChecks.pythonLists(List.of("http", server.endpoint().toString()), 10_005, 101);
    }
  }

  @Test
  void aStatelessServerPagesAndCallsWithAPageSizeOfItsOwn() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(
                McpRegistryServer.builder(ProtocolFixture.registry(996)).pageSize(250))
            .stateless()
            .serve(ANY_LOOPBACK_PORT)) {
      Map<String, JsonNode> steps =
          TypeScriptSession.run(
              "protocol.mjs",
              List.of("--steps", "list,call", "http", server.endpoint().toString()));
      assertEquals(4, steps.get("list").get("pages").asInt(), steps.toString());
      assertEquals(1000, steps.get("list").get("distinct").asInt(), steps.toString());
      assertEquals("{\"counted\":3}", steps.get("call").get("text").asText());
    }
  }
}
