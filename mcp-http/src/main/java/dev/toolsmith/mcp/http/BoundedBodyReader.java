package dev.toolsmith.mcp.http;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;

/**
 * Reads a POST body without holding a thread, within a size limit (413), a deadline for the whole
 * body and an idle time between its bytes (408 for either), then dispatches the request again and
 * passes it on with the body read: the steps after it and the SDK never wait on a slow client, and
 * a client that stops sending gives its connection back within the idle time.
 */
final class BoundedBodyReader extends HttpStep {

  private static final String BODY = BoundedBodyReader.class.getName() + ".body";

  private final int maxBodyBytes;
  private final long timeoutMillis;
  private final long idleNanos;

  /** Watches the idle time of the bodies being read; stopped with the endpoint. */
  private final ScheduledExecutorService idleWatch =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "toolsmith-mcp-body-idle");
            thread.setDaemon(true);
            return thread;
          });

  BoundedBodyReader(int maxBodyBytes, long timeoutMillis, long idleMillis) {
    this.maxBodyBytes = maxBodyBytes;
    this.timeoutMillis = timeoutMillis;
    this.idleNanos = TimeUnit.MILLISECONDS.toNanos(Math.min(idleMillis, timeoutMillis));
  }

  @Override
  public void destroy() {
    idleWatch.shutdownNow();
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    if (!"POST".equals(request.getMethod())) {
      next.doFilter(request, response);
      return;
    }
    if (request.getDispatcherType() == DispatcherType.ASYNC
        && request.getAttribute(BODY) instanceof byte[] body) {
      next.doFilter(new BodyRequest(request, body), response);
      return;
    }
    if (request.getContentLengthLong() > maxBodyBytes) {
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(413, null));
      return;
    }
    read(request, response);
  }

  /** The body of a request this reader passed on, or null for any other request. */
  static byte @Nullable [] body(HttpServletRequest request) {
    return request.getAttribute(BODY) instanceof byte[] body ? body : null;
  }

  /** Reads the body asynchronously, then dispatches the request again with it. */
  private void read(HttpServletRequest request, HttpServletResponse response) throws IOException {
    AsyncContext async = request.startAsync(request, response);
    async.setTimeout(timeoutMillis);
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong lastRead = new AtomicLong(System.nanoTime());
    long every = Math.max(1, TimeUnit.NANOSECONDS.toMillis(idleNanos) / 4);
    ScheduledFuture<?> idle =
        idleWatch.scheduleWithFixedDelay(
            () -> {
              if (System.nanoTime() - lastRead.get() > idleNanos
                  && done.compareAndSet(false, true)) {
                try {
                  JsonRpcErrors.send(response, JsonRpcErrors.forStatus(408, null));
                } catch (IOException | RuntimeException e) {
                  // the client is gone already
                }
                async.complete();
              }
            },
            every,
            every,
            TimeUnit.MILLISECONDS);
    async.addListener(
        new AsyncListener() {
          @Override
          public void onTimeout(AsyncEvent event) throws IOException {
            if (done.compareAndSet(false, true)) {
              JsonRpcErrors.send(response, JsonRpcErrors.forStatus(408, null));
              async.complete();
            }
          }

          @Override
          public void onError(AsyncEvent event) {
            done.set(true);
            idle.cancel(false);
          }

          @Override
          public void onComplete(AsyncEvent event) {
            done.set(true);
            idle.cancel(false);
          }

          @Override
          public void onStartAsync(AsyncEvent event) {
            // nothing to do
          }
        });
    ServletInputStream input = request.getInputStream();
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    input.setReadListener(
        new ReadListener() {
          private final byte[] chunk = new byte[16 * 1024];

          @Override
          public void onDataAvailable() throws IOException {
            while (!done.get() && input.isReady()) {
              int n = input.read(chunk);
              if (n < 0) {
                return;
              }
              body.write(chunk, 0, n);
              lastRead.set(System.nanoTime());
              if (body.size() > maxBodyBytes && done.compareAndSet(false, true)) {
                JsonRpcErrors.send(response, JsonRpcErrors.forStatus(413, null));
                async.complete();
                return;
              }
            }
          }

          @Override
          public void onAllDataRead() {
            idle.cancel(false);
            if (done.compareAndSet(false, true)) {
              request.setAttribute(BODY, body.toByteArray());
              async.dispatch();
            }
          }

          @Override
          public void onError(Throwable failure) {
            if (done.compareAndSet(false, true)) {
              async.complete();
            }
          }
        });
  }

  /** A request whose body is the bytes already read. */
  private static final class BodyRequest extends HttpServletRequestWrapper {
    private final byte[] body;

    BodyRequest(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the body is already read");
        }

        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }
      };
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }
  }
}
