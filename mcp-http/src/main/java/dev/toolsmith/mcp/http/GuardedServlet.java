package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.toolsmith.mcp.McpRegistryServer;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * The SDK's Streamable HTTP servlet behind a front door: a POST body is read without holding a
 * thread, within a deadline and a size limit, and checked as one JSON-RPC message before the SDK
 * sees it; sessions are counted against a cap; and every error the SDK (or this door) answers is a
 * JSON-RPC error object with a short message, never a serialized exception. The served registry
 * sees each message first, to answer {@code tools/list} pages and act on cancellations.
 *
 * <p>(Over 300 lines because the front door's checks share one asynchronous read of the body and
 * one way of answering; split apart they would pass that state around.)
 */
final class GuardedServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final String BODY = GuardedServlet.class.getName() + ".body";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final transient HttpServlet sdk;
  private final transient Sessions sessions;
  private final int maxBodyBytes;
  private final long bodyTimeoutMillis;
  private final byte @Nullable [] expectedAuthorization;
  private final boolean stateless;

  /** What answers tools/list pages and takes cancellations; set once the MCP server runs. */
  private transient volatile @Nullable McpRegistryServer served;

  GuardedServlet(
      HttpServlet sdk,
      Sessions sessions,
      int maxBodyBytes,
      long bodyTimeoutMillis,
      @Nullable String bearerToken,
      boolean stateless) {
    this.stateless = stateless;
    this.expectedAuthorization =
        bearerToken == null ? null : bearerToken.getBytes(StandardCharsets.UTF_8);
    this.sdk = sdk;
    this.sessions = sessions;
    this.maxBodyBytes = maxBodyBytes;
    this.bodyTimeoutMillis = bodyTimeoutMillis;
  }

  /** From now on, {@code server} answers what the SDK's server cannot (see its {@code answer}). */
  void answerWith(McpRegistryServer server) {
    this.served = server;
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    sdk.init(config);
  }

  @Override
  public void destroy() {
    sdk.destroy();
    super.destroy();
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws ServletException, IOException {
    if (expectedAuthorization != null && !authorized(request)) {
      response.setHeader("WWW-Authenticate", "Bearer");
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(401, null));
      return;
    }
    JsonRpcErrors.Refusal unsupportedVersion = ProtocolVersionHeader.check(request);
    if (unsupportedVersion != null) {
      JsonRpcErrors.send(response, unsupportedVersion);
      return;
    }
    if (!"POST".equals(request.getMethod())) {
      forward(request, response, null, false);
      return;
    }
    if (request.getDispatcherType() == DispatcherType.ASYNC
        && request.getAttribute(BODY) instanceof byte[] body) {
      JsonRpcErrors.Refusal refusal = JsonRpcErrors.check(body);
      if (refusal != null) {
        JsonRpcErrors.send(response, refusal);
        return;
      }
      JsonNode message = MAPPER.readTree(body);
      if (answered(request, response, message)) {
        return;
      }
      JsonNode id = message.get("id");
      // Stateless, an initialize opens no session: nothing to count.
      boolean initialize = !stateless && "initialize".equals(message.path("method").textValue());
      if (initialize && !admitted(request, response, id)) {
        return;
      }
      forward(new BodyRequest(request, body), response, id, initialize);
      return;
    }
    if (request.getContentLengthLong() > maxBodyBytes) {
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(413, null));
      return;
    }
    readBody(request, response);
  }

  /**
   * Lets the served registry answer a message before the SDK (a tools/list page) or act on it (a
   * cancellation); true when it answered. With sessions, only a session that surely is still open
   * in the SDK may (it answers the others: a full list, or 404 for a session it closed); an answer
   * here is no activity the SDK sees, so a session that only lists falls back to the SDK's answer
   * after one idle timeout.
   */
  private boolean answered(
      HttpServletRequest request, HttpServletResponse response, JsonNode message)
      throws IOException {
    McpRegistryServer server = served;
    String sessionId = stateless ? null : request.getHeader("mcp-session-id");
    if (server == null || !(stateless || sessions.surelyOpen(sessionId))) {
      return false;
    }
    String answer = server.answer(sessionId, message);
    if (answer == null) {
      return false;
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    response.setStatus(200);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    return true;
  }

  /**
   * Whether a new session may start for this client; if the table is full, the least recently used
   * idle session is closed in the SDK first (its id then gets 404), else the refusal is answered.
   */
  private boolean admitted(
      HttpServletRequest request, HttpServletResponse response, @Nullable JsonNode id)
      throws ServletException, IOException {
    Sessions.Admission admission = sessions.admit(request.getRemoteAddr());
    if (!admission.admitted()) {
      String message =
          admission.refusalStatus() == 429
              ? "Too many sessions from this client; close one or try again later"
              : "Too many sessions; try again later";
      JsonRpcErrors.send(
          response, JsonRpcErrors.forStatus(admission.refusalStatus(), id).withMessage(message));
      return false;
    }
    String evict = admission.evict();
    if (evict != null) {
      SessionEviction.close(sdk, request, response, evict);
    }
    return true;
  }

  /**
   * Whether the request carries the bearer token: the scheme in any case (RFC 7235 section 2.1),
   * the token compared in constant time.
   */
  private boolean authorized(HttpServletRequest request) {
    String given = request.getHeader("Authorization");
    if (given == null
        || expectedAuthorization == null
        || !given.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] token = given.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(expectedAuthorization, token);
  }

  /** Reads the body asynchronously, then dispatches the request again with it. */
  private void readBody(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    AsyncContext async = request.startAsync(request, response);
    async.setTimeout(bodyTimeoutMillis);
    AtomicBoolean done = new AtomicBoolean();
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
          }

          @Override
          public void onComplete(AsyncEvent event) {
            done.set(true);
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
              if (body.size() > maxBodyBytes && done.compareAndSet(false, true)) {
                JsonRpcErrors.send(response, JsonRpcErrors.forStatus(413, null));
                async.complete();
                return;
              }
            }
          }

          @Override
          public void onAllDataRead() {
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

  /** Lets the SDK answer, turning an error it answers into a JSON-RPC error object. */
  private void forward(
      HttpServletRequest request,
      HttpServletResponse response,
      @Nullable JsonNode id,
      boolean initialize)
      throws ServletException, IOException {
    ErrorCatchingResponse caught = new ErrorCatchingResponse(response);
    String sessionId = request.getHeader("mcp-session-id");
    sessions.busy(sessionId);
    try {
      sdk.service(request, caught);
    } finally {
      SessionEviction.idleWhenDone(request, () -> sessions.idle(sessionId));
    }
    if (caught.error != 0) {
      if (initialize) {
        sessions.refused(request.getRemoteAddr());
      }
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(caught.error, id));
      return;
    }
    if (initialize) {
      sessions.started(request.getRemoteAddr(), caught.sessionId);
    }
    if ("DELETE".equals(request.getMethod())) {
      sessions.ended(request.getHeader("mcp-session-id"));
    }
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

  /** Keeps an error status and its body from the client, to be answered as JSON-RPC. */
  private static final class ErrorCatchingResponse extends HttpServletResponseWrapper {
    int error;
    @Nullable String sessionId;

    ErrorCatchingResponse(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setStatus(int status) {
      if (status >= 400) {
        error = status;
      } else {
        super.setStatus(status);
      }
    }

    @Override
    public void sendError(int status, String message) {
      error = status;
    }

    @Override
    public void sendError(int status) {
      error = status;
    }

    @Override
    public void setHeader(String name, String value) {
      if ("mcp-session-id".equalsIgnoreCase(name)) {
        sessionId = value;
      }
      super.setHeader(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
      if ("mcp-session-id".equalsIgnoreCase(name)) {
        sessionId = value;
      }
      super.addHeader(name, value);
    }

    @Override
    public PrintWriter getWriter() throws IOException {
      return error != 0 ? new PrintWriter(Writer.nullWriter()) : super.getWriter();
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      return error == 0 ? super.getOutputStream() : discarding();
    }
  }

  /** An output stream that drops what is written to it, for answers nobody is to receive. */
  static ServletOutputStream discarding() {
    OutputStream nowhere = OutputStream.nullOutputStream();
    return new ServletOutputStream() {
      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setWriteListener(WriteListener listener) {
        // writes never block
      }

      @Override
      public void write(int b) throws IOException {
        nowhere.write(b);
      }
    };
  }
}
