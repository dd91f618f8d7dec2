package dev.toolsmith.mcp.http;

import static java.util.Objects.requireNonNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.Fixture;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Slow and greedy clients over HTTP: bounded connections, read deadlines, session limits. */
@Timeout(180)
final class HttpLimitsTest {

  private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
  private static final InetSocketAddress ANY_LOOPBACK_PORT = new InetSocketAddress("127.0.0.1", 0);

  @Test
  void ordinaryRequestsAreServedUnderAThousandSlowConnections() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .maxConnectionsPerClient(25)
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      List<Socket> slow = new ArrayList<>();
      try {
        // 40 clients (127.0.0.2 to .41) with 25 connections each: half stopped in the headers,
        // half in a body they announced at 1000 bytes.
        for (int client = 2; client < 42; client++) {
          for (int i = 0; i < 25; i++) {
            Socket socket = connect("127.0.0." + client, port);
            String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n";
            if (i % 2 == 0) {
              head +=
                  "Content-Type: application/json\r\n"
                      + "Accept: application/json, text/event-stream\r\n"
                      + "Content-Length: 1000\r\n\r\n{";
            }
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            slow.add(socket);
          }
        }
        assertEquals(1000, slow.size());
        Thread.sleep(1000);
        long start = System.nanoTime();
        String session = RawHttp.session(port);
        RawHttp.Answer tools =
            RawHttp.post(
                port,
                "{\"jsonrpc\":\"2.0\",\"id\":2," + "\"method\":\"tools/list\"}",
                RawHttp.in(session));
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(tools.message().path("result").has("tools"), tools.body());
        assertTrue(millis < 5000, "took " + millis + " ms");
        // The slow connections are still held, not refused: the load was real.
        int open = 0;
        for (Socket socket : slow) {
          open += isOpen(socket, 2) ? 1 : 0;
        }
        assertTrue(open > 900, open + " slow connections open");
      } finally {
        for (Socket socket : slow) {
          socket.close();
        }
      }
    }
  }

  /**
   * One client address holds at most its share of connections: a connection over it is answered 503
   * with Retry-After (never closed in silence, which a client cannot tell from a crash), one that
   * sends nothing is closed after the grace time, and other clients are not affected.
   */
  @Test
  void oneClientHoldsAtMostItsShareOfConnections() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .maxConnectionsPerClient(10)
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      List<Socket> sockets = new ArrayList<>();
      try {
        for (int i = 0; i < 30; i++) {
          sockets.add(connect("127.0.0.60", port));
        }
        Thread.sleep(500);
        Map<String, Integer> statuses = new java.util.TreeMap<>();
        for (Socket socket : sockets) {
          String answer = exchange(socket, port, RawHttp.initialize());
          String status = answer.isEmpty() ? "closed" : answer.substring(9, 12);
          statuses.merge(status, 1, Integer::sum);
          if (status.equals("503")) {
            assertTrue(answer.contains("Retry-After: 1"), answer);
            assertTrue(answer.contains("Too many connections from this client"), answer);
          }
        }
        assertEquals(Map.of("200", 10, "503", 20), statuses);
        // Another client is not affected.
        assertEquals(200, RawHttp.post(port, RawHttp.initialize(), Map.of()).status());
        // A connection over the cap that sends nothing is closed after the grace time.
        List<Socket> held = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
          held.add(connect("127.0.0.61", port));
        }
        Thread.sleep(ClientLimits.OVER_CAP_GRACE_MILLIS + 1000);
        assertEquals(10, held.stream().filter(socket -> isOpen(socket, 100)).count());
        for (Socket socket : held) {
          socket.close();
        }
      } finally {
        for (Socket socket : sockets) {
          socket.close();
        }
      }
    }
  }

  /** Sends one request with {@code body} on {@code socket} and reads the whole answer as text. */
  private static String exchange(Socket socket, int port, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    socket.setSoTimeout(10_000);
    OutputStream out = socket.getOutputStream();
    out.write(
        ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                + port
                + "\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nContent-Length: "
                + bytes.length
                + "\r\nConnection: close\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
    out.write(bytes);
    out.flush();
    return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  /**
   * A client that opens a connection per request (Connection: close), or a load balancer that is
   * the only client, gets its slot back on every close: 10 times the cap one after another, then in
   * bursts of the cap at once, and is still served after.
   */
  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({"stateful, 127.0.0.1", "stateless, 127.0.0.1", "stateful, ::1", "stateless, ::1"})
  void aClosedConnectionGivesItsSlotBack(String mode, String address) throws Exception {
    int cap = 8;
    McpHttpServer.Builder builder =
        // Each request here opens a session: 160 from one address, over the per-client session cap.
        McpHttpServer.builder(Fixture.registry())
            .maxConnectionsPerClient(cap)
            .maxSessionsPerClient(1_000);
    if (mode.equals("stateless")) {
      builder.stateless();
    }
    try (McpHttpServer server = builder.serve(new InetSocketAddress(address, 0))) {
      int port = server.endpoint().getPort();
      String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
      for (int i = 0; i < 10 * cap; i++) {
        assertEquals(
            200,
            RawHttp.post(address, port, RawHttp.initialize(), Map.of()).status(),
            "request " + (i + 1));
      }
      ExecutorService pool = Executors.newFixedThreadPool(cap);
      try {
        for (int burst = 0; burst < 10; burst++) {
          List<Future<Integer>> statuses = new ArrayList<>();
          for (int i = 0; i < cap; i++) {
            statuses.add(
                pool.submit(
                    () -> RawHttp.post(address, port, RawHttp.initialize(), Map.of()).status()));
          }
          for (Future<Integer> status : statuses) {
            assertEquals(200, status.get(), "burst " + (burst + 1));
          }
          // A slot comes back when the server sees the close, a moment after the client's.
          Thread.sleep(200);
        }
      } finally {
        pool.shutdownNow();
      }
      RawHttp.Answer init = RawHttp.post(address, port, RawHttp.initialize(), Map.of());
      assertEquals(200, init.status());
      Map<String, String> headers = Map.of("MCP-Protocol-Version", "2025-06-18");
      if (init.sessionId() != null) {
        headers = RawHttp.in(init.sessionId());
        RawHttp.post(
            address,
            port,
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            headers);
      }
      RawHttp.Answer tools = RawHttp.post(address, port, list, headers);
      assertTrue(tools.message().path("result").has("tools"), tools.body());
    }
  }

  @Test
  void lateHeadersAndSlowBodiesAreCutOff() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .requestTimeout(Duration.ofSeconds(1))
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      // Headers a byte every 300 ms: closed about a second after connecting.
      try (Socket socket = connect("127.0.0.1", port)) {
        byte[] head =
            ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nX-Slow: " + "a".repeat(40))
                .getBytes(StandardCharsets.US_ASCII);
        long start = System.nanoTime();
        boolean closed = false;
        for (int i = 0; i < head.length && !closed; i++) {
          try {
            socket.getOutputStream().write(head[i]);
            socket.getOutputStream().flush();
          } catch (IOException e) {
            closed = true;
          }
          closed = closed || !isOpen(socket, 100);
          Thread.sleep(300);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(closed && millis < 4000, "closed " + closed + " after " + millis + " ms");
      }
      // A body a byte every 300 ms: answered 408 with a JSON-RPC error.
      try (Socket socket = connect("127.0.0.1", port)) {
        OutputStream out = socket.getOutputStream();
        out.write(
            ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
                    + port
                    + "\r\n"
                    + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                    + "Content-Length: 100\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        Thread trickle =
            new Thread(
                () -> {
                  try {
                    for (int i = 0; i < 20; i++) {
                      out.write(' ');
                      out.flush();
                      Thread.sleep(300);
                    }
                  } catch (IOException | InterruptedException e) {
                    // closed by the server: expected
                  }
                });
        trickle.setDaemon(true);
        trickle.start();
        socket.setSoTimeout(10_000);
        RawHttp.Answer answer = RawHttp.read(socket.getInputStream());
        HttpHostileTest.assertRefused(answer, 408, -32000);
      }
    }
  }

  /**
   * A body that stops is answered 408 after the idle time, long before the request timeout, and its
   * connection given back; a body whose bytes keep coming is read to its end.
   */
  @Test
  void aBodyThatStopsIsCutOffAfterTheIdleTime() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .requestTimeout(Duration.ofSeconds(30))
            .bodyIdleTimeout(Duration.ofSeconds(1))
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      byte[] body = RawHttp.initialize().getBytes(StandardCharsets.UTF_8);
      String head =
          "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
              + port
              + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
              + "Content-Length: "
              + body.length
              + "\r\nConnection: close\r\n\r\n";
      try (Socket stopped = connect("127.0.0.1", port)) {
        stopped.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
        stopped.getOutputStream().write(body, 0, 10);
        stopped.getOutputStream().flush();
        stopped.setSoTimeout(10_000);
        long start = System.nanoTime();
        RawHttp.Answer answer = RawHttp.read(stopped.getInputStream());
        long millis = (System.nanoTime() - start) / 1_000_000;
        HttpHostileTest.assertRefused(answer, 408, -32000);
        assertTrue(millis < 3_000, "answered after " + millis + " ms");
      }
      try (Socket steady = connect("127.0.0.1", port)) {
        OutputStream out = steady.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < body.length; i += body.length / 5 + 1) {
          out.write(body, i, Math.min(body.length / 5 + 1, body.length - i));
          out.flush();
          Thread.sleep(400); // pauses under the idle time, 2 s in all
        }
        steady.setSoTimeout(10_000);
        assertEquals(200, RawHttp.read(steady.getInputStream()).status());
      }
    }
  }

  /**
   * A thousand connections that never finish their headers, opened at once, are all closed within
   * two seconds of the header timeout: none waits in the kernel's accept queue while its timer has
   * not started.
   */
  @Test
  void aThousandLateHeadersAreAllCutOffOnTime() throws Exception {
    long timeoutMillis = 2000;
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .maxConnectionsPerClient(25)
            .requestTimeout(Duration.ofMillis(timeoutMillis))
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      List<Socket> slow = new ArrayList<>();
      try {
        byte[] head =
            ("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        // 40 clients connecting at once, 25 connections each: a burst of a thousand.
        ExecutorService pool = Executors.newFixedThreadPool(40);
        try {
          List<Future<List<Socket>>> clients = new ArrayList<>();
          for (int client = 2; client < 42; client++) {
            String from = "127.0.0." + client;
            clients.add(
                pool.submit(
                    () -> {
                      List<Socket> own = new ArrayList<>();
                      for (int i = 0; i < 25; i++) {
                        Socket socket = connect(from, port);
                        socket.getOutputStream().write(head);
                        own.add(socket);
                      }
                      return own;
                    }));
          }
          for (Future<List<Socket>> client : clients) {
            slow.addAll(client.get());
          }
        } finally {
          pool.shutdownNow();
        }
        long lastConnected = System.nanoTime();
        Thread.sleep(timeoutMillis + 2000);
        long open = slow.stream().filter(socket -> isOpen(socket, 1)).count();
        long late = (System.nanoTime() - lastConnected) / 1_000_000 - timeoutMillis;
        assertEquals(0, open, open + " of 1000 still open " + late + " ms past the timeout");
      } finally {
        for (Socket socket : slow) {
          socket.close();
        }
      }
    }
  }

  /**
   * One client address holds at most its share of sessions, and gets a slot back when one of its
   * sessions is deleted or expires: the fourth session is refused with 429; after a DELETE one more
   * starts; after the idle timeout the first session is gone (404) and a new one starts.
   */
  @Test
  void sessionsAreCappedPerClientAndExpireWhenIdle() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .maxSessionsPerClient(3)
            .sessionIdleTimeout(Duration.ofSeconds(1))
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      String first = RawHttp.session(port);
      String second = RawHttp.session(port);
      RawHttp.session(port);
      RawHttp.Answer refused = RawHttp.post(port, RawHttp.initialize(), Map.of());
      HttpHostileTest.assertRefused(refused, 429, -32000);
      // A DELETE gives the slot back, once.
      assertEquals(200, RawHttp.deleteFrom("127.0.0.1", port, RawHttp.in(second)));
      RawHttp.session(port);
      HttpHostileTest.assertRefused(
          RawHttp.post(port, RawHttp.initialize(), Map.of()), 429, -32000);
      Thread.sleep(3500);
      HttpHostileTest.assertRefused(RawHttp.post(port, LIST, RawHttp.in(first)), 404, -32001);
      String again = RawHttp.session(port);
      JsonNode tools = RawHttp.post(port, LIST, RawHttp.in(again)).message();
      assertTrue(tools.path("result").has("tools"), tools.toString());
    }
  }

  /**
   * An address sending a thousand {@code initialize} holds only its share; with the table full of
   * such sessions, a legitimate client is still admitted: the least recently used idle session is
   * closed, its id answered 404 / -32001, and its client initializes again. A session closed by
   * DELETE gives its client's slot back.
   */
  @Test
  void aFullSessionTableMakesRoomForANewClient() throws Exception {
    try (McpHttpServer server =
        McpHttpServer.builder(Fixture.registry())
            .maxSessions(31)
            .maxSessionsPerClient(10)
            .serve(ANY_LOOPBACK_PORT)) {
      int port = server.endpoint().getPort();
      String oldest = RawHttp.session("127.0.0.1", port);
      int admitted = 0;
      String attackersFirst = null;
      for (int i = 0; i < 1000; i++) {
        RawHttp.Answer answer = RawHttp.postFrom("127.0.0.2", port, RawHttp.initialize(), Map.of());
        if (answer.status() == 200) {
          admitted++;
          attackersFirst = attackersFirst == null ? answer.sessionId() : attackersFirst;
        } else {
          HttpHostileTest.assertRefused(answer, 429, -32000);
        }
      }
      assertEquals(10, admitted);
      for (int i = 0; i < 10; i++) {
        RawHttp.session("127.0.0.3", port);
        RawHttp.session("127.0.0.4", port);
      }
      // The table is full (31); the legitimate client's own old session is the least recently used.
      String fresh = RawHttp.session("127.0.0.5", port);
      JsonNode tools = RawHttp.postFrom("127.0.0.5", port, LIST, RawHttp.in(fresh)).message();
      assertTrue(tools.path("result").has("tools"), tools.toString());
      HttpHostileTest.assertRefused(
          RawHttp.postFrom("127.0.0.1", port, LIST, RawHttp.in(oldest)), 404, -32001);
      String reinitialized = RawHttp.session("127.0.0.1", port);
      tools = RawHttp.postFrom("127.0.0.1", port, LIST, RawHttp.in(reinitialized)).message();
      assertTrue(tools.path("result").has("tools"), tools.toString());
      // The re-initialization evicted the next least recently used: the attacker's first session.
      HttpHostileTest.assertRefused(
          RawHttp.postFrom("127.0.0.2", port, LIST, RawHttp.in(requireNonNull(attackersFirst))),
          404,
          -32001);
    }
  }

  private static Socket connect(String from, int port) throws IOException {
    Socket socket = new Socket();
    socket.bind(new InetSocketAddress(from, 0));
    socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
    return socket;
  }

  /** Whether the server has left {@code socket} open (nothing to read within {@code millis}). */
  private static boolean isOpen(Socket socket, int millis) {
    try {
      socket.setSoTimeout(millis);
      InputStream in = socket.getInputStream();
      return in.read() >= 0;
    } catch (SocketTimeoutException e) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
