package dev.toolsmith.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.internal.McpJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A 2026-07-28 approval across replicas, as raw lines over stdio: a server answers a guarded call
 * {@code input_required} with a sealed state; a replica sharing its {@link
 * McpRegistryServer.Builder#requestStateKey} runs the retry that carries the approval, a server
 * with a key of its own refuses the state, and the state approves only the call it was asked for.
 */
@Timeout(60)
final class RequestStateKeyTest {

  private static final byte[] KEY = new byte[32];

  static {
    Arrays.fill(KEY, (byte) 7);
  }

  private static final String META =
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
          + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{\"form\":{}}}}";

  private final List<Served> servers = new ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(served -> served.server.close());
  }

  @Test
  void aReplicaWithTheSameKeyRunsTheApprovedRetry() throws Exception {
    Served asking = serve(true);
    JsonNode asked = asking.call("{\"path\":\"x.txt\"}", "");
    assertEquals("input_required", asked.at("/result/resultType").asText(), asked.toString());
    assertTrue(asked.at("/result/inputRequests/toolsmith_approval").isObject(), asked.toString());
    String state = asked.at("/result/requestState").asText();
    String approval =
        ",\"inputResponses\":{\"toolsmith_approval\":{\"action\":\"accept\",\"content\":{}}},"
            + "\"requestState\":"
            + McpJson.write(state);

    JsonNode ran = serve(true).call("{\"path\":\"x.txt\"}", approval);
    assertEquals(
        "{\"deleted\":\"x.txt\"}", ran.at("/result/content/0/text").asText(), ran::toString);

    JsonNode other = serve(true).call("{\"path\":\"other.txt\"}", approval);
    assertEquals("input_required", other.at("/result/resultType").asText(), other::toString);

    JsonNode foreign = serve(false).call("{\"path\":\"x.txt\"}", approval);
    assertTrue(foreign.has("error"), foreign::toString);
  }

  @Test
  void aShortKeyIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> McpRegistryServer.builder(ServeGuarded.registry()).requestStateKey(new byte[16]));
    assertEquals("requestStateKey must have 32 bytes or more; found 16", e.getMessage());
  }

  private Served serve(boolean sharedKey) throws IOException {
    McpRegistryServer.Builder builder = McpRegistryServer.builder(ServeGuarded.registry());
    if (sharedKey) {
      builder.requestStateKey(KEY);
    }
    Served served = new Served();
    PipedInputStream in = new PipedInputStream(1 << 20);
    served.toServer = new PipedOutputStream(in);
    served.server = builder.serveStdio(in, served.new Lines());
    servers.add(served);
    return served;
  }

  /** One server on in-process stdio, its answers parsed into a queue. */
  private static final class Served {
    private final BlockingQueue<JsonNode> fromServer = new LinkedBlockingQueue<>();
    private OutputStream toServer;
    private McpRegistryServer server;

    /** Calls {@code delete_file} with {@code arguments} and {@code more} params; its answer. */
    JsonNode call(String arguments, String more) throws Exception {
      toServer.write(
          ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{"
                  + "\"name\":\"delete_file\",\"arguments\":"
                  + arguments
                  + more
                  + ","
                  + META
                  + "}}\n")
              .getBytes(StandardCharsets.UTF_8));
      toServer.flush();
      JsonNode message;
      do {
        message = fromServer.poll(15, TimeUnit.SECONDS);
        assertNotNull(message, "no answer from the server");
      } while (message.path("id").asInt(-1) != 1);
      return message;
    }

    private final class Lines extends OutputStream {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public synchronized void write(int b) throws IOException {
        if (b != '\n') {
          line.write(b);
          return;
        }
        fromServer.add(McpJson.MAPPER.readTree(line.toString(StandardCharsets.UTF_8)));
        line.reset();
      }
    }
  }
}
