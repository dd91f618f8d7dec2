package dev.toolsmith.mcp.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.TypeScriptSession;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Scale-out: two stateless server processes behind a round-robin proxy, so each request of the
 * TypeScript SDK's client goes to the other replica than the one before: initialize on one, then
 * tools/list pages and tools/call on both, with no error. (No progress comes: a stateless answer is
 * one JSON message.)
 */
@Timeout(180)
final class StatelessReplicasTest {

  @Test
  void aClientWhoseRequestsAlternateBetweenTwoReplicasListsAndCalls() throws Exception {
    List<Process> replicas = new ArrayList<>();
    try {
      List<URI> endpoints = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Process replica = startReplica();
        replicas.add(replica);
        endpoints.add(endpointOf(replica));
      }
      try (RoundRobinProxy proxy = new RoundRobinProxy(endpoints)) {
        Map<String, JsonNode> steps =
            TypeScriptSession.run(
                "protocol.mjs",
                List.of("--steps", "list,call,progress", "http", proxy.endpoint().toString()));
        assertEquals(1004, steps.get("list").get("distinct").asInt(), steps.toString());
        assertEquals(11, steps.get("list").get("pages").asInt(), steps.toString());
        assertEquals("{\"counted\":3}", steps.get("call").get("text").asText());
        // A second call, on the other replica; stateless answers carry no progress.
        assertEquals("{\"counted\":3}", steps.get("progress").get("text").asText());
        assertEquals("[]", steps.get("progress").get("reports").toString());

        List<RoundRobinProxy.Forwarded> log = proxy.log();
        RoundRobinProxy.Forwarded initialize = log.get(0);
        assertEquals("initialize", initialize.rpcMethod(), log.toString());
        for (int i = 1; i < log.size(); i++) { // each request went to the other replica
          assertEquals(1 - log.get(i - 1).replica(), log.get(i).replica(), log.toString());
        }
        for (String method : List.of("tools/list", "tools/call")) {
          Set<Integer> servedBy =
              log.stream()
                  .filter(f -> f.rpcMethod().equals(method))
                  .map(RoundRobinProxy.Forwarded::replica)
                  .collect(Collectors.toSet());
          assertEquals(Set.of(0, 1), servedBy, method + " on both replicas: " + log);
        }
        assertTrue(
            log.stream()
                .filter(f -> f.httpMethod().equals("POST"))
                .allMatch(f -> f.status() == 200 || f.status() == 202),
            log.toString());
      }
    } finally {
      replicas.forEach(Process::destroy);
    }
  }

  private static Process startReplica() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return new ProcessBuilder(
            java,
            "-cp",
            System.getProperty("java.class.path"),
            ServeHttpFixture.class.getName(),
            "1000")
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  private static URI endpointOf(Process replica) throws Exception {
    BufferedReader reader =
        new BufferedReader(new InputStreamReader(replica.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = reader.readLine()) != null) {
      if (line.startsWith("ENDPOINT ")) {
        return URI.create(line.substring("ENDPOINT ".length()));
      }
    }
    throw new AssertionError("the replica ended before it listened");
  }
}
