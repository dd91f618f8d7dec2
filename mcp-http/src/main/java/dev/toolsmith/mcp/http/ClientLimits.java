package dev.toolsmith.mcp.http;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.jspecify.annotations.Nullable;

/**
 * Bounds what one slow or greedy client can hold: at most {@code perClient} open connections per
 * remote address, and a connection whose first request has not arrived, headers complete, within
 * {@code headerTimeoutMillis} is closed. A connection over the cap is not closed in silence (a
 * client cannot tell that from a crash): its request is answered {@code 503} with {@code
 * Retry-After: 1} and the connection closed, and if no request comes within {@link
 * #OVER_CAP_GRACE_MILLIS} it is closed then.
 */
final class ClientLimits extends Handler.Wrapper {

  /** How long a connection over the cap may take to send the request it is refused. */
  static final long OVER_CAP_GRACE_MILLIS = 2_000;

  private static final byte[] OVER_CAP =
      ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32000,\"message\":"
              + "\"Too many connections from this client; retry after 1 s\"}}")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8);

  private final int perClient;
  private final long headerTimeoutMillis;
  private final Scheduler scheduler;
  private final Map<InetAddress, Integer> open = new HashMap<>(); // guarded by itself
  private final Set<Connection> arrived = ConcurrentHashMap.newKeySet();
  private final Set<Connection> overCap = ConcurrentHashMap.newKeySet();
  // The address each counted connection was counted under, recorded at open: after close the
  // endpoint may no longer know its remote address, and a slot that is not given back is lost.
  private final Map<Connection, InetAddress> counted = new ConcurrentHashMap<>();

  ClientLimits(int perClient, long headerTimeoutMillis, Scheduler scheduler) {
    this.perClient = perClient;
    this.headerTimeoutMillis = headerTimeoutMillis;
    this.scheduler = scheduler;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    Connection connection = request.getConnectionMetaData().getConnection();
    arrived.add(connection);
    if (overCap.contains(connection)) {
      response.setStatus(503);
      response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
      response.getHeaders().put(HttpHeader.CONNECTION, "close");
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
      response.write(true, ByteBuffer.wrap(OVER_CAP), callback);
      return true;
    }
    return super.handle(request, response, callback);
  }

  /** The listener to add to the connector, counting and timing its connections. */
  Connection.Listener connections() {
    return new Connection.Listener() {
      @Override
      public void onOpened(Connection connection) {
        opened(connection);
      }

      @Override
      public void onClosed(Connection connection) {
        closed(connection);
      }
    };
  }

  private void opened(Connection connection) {
    InetAddress client = client(connection);
    if (client != null) {
      boolean over;
      synchronized (open) {
        int count = open.merge(client, 1, Integer::sum);
        over = count > perClient;
      }
      counted.put(connection, client);
      if (over) {
        overCap.add(connection);
        closeUnlessArrived(connection, Math.min(OVER_CAP_GRACE_MILLIS, headerTimeoutMillis));
        return;
      }
    }
    closeUnlessArrived(connection, headerTimeoutMillis);
  }

  /** Closes {@code connection} after {@code millis} unless its first request arrived by then. */
  private void closeUnlessArrived(Connection connection, long millis) {
    scheduler.schedule(
        () -> {
          if (!arrived.contains(connection)) {
            connection.getEndPoint().close();
          }
        },
        millis,
        TimeUnit.MILLISECONDS);
  }

  private void closed(Connection connection) {
    arrived.remove(connection);
    overCap.remove(connection);
    InetAddress client = counted.remove(connection);
    if (client != null) {
      synchronized (open) {
        open.computeIfPresent(client, (address, count) -> count <= 1 ? null : count - 1);
      }
    }
  }

  private static @Nullable InetAddress client(Connection connection) {
    SocketAddress remote = connection.getEndPoint().getRemoteSocketAddress();
    return remote instanceof InetSocketAddress address ? address.getAddress() : null;
  }
}
