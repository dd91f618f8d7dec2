package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * Counts sessions against the caps of {@link Sessions}: an {@code initialize} is let on only when a
 * session may start for its client (closing the least recently used idle one if the table is full),
 * and what the SDK then answers (the new session's id, a refusal, a {@code DELETE}) and when each
 * request is over keep the table true.
 */
final class SessionCap extends HttpStep {

  private final Sessions sessions;
  private final HttpServlet sdk;
  private final boolean stateless;

  /** {@code sdk} is where an evicted session is closed. */
  SessionCap(Sessions sessions, HttpServlet sdk, boolean stateless) {
    this.sessions = sessions;
    this.sdk = sdk;
    this.stateless = stateless;
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    if (JsonRpcGate.modern(request)) {
      next.doFilter(request, response); // no sessions in the 2026-07-28 revision
      return;
    }
    JsonNode message = JsonRpcGate.message(request);
    // Stateless, an initialize opens no session: nothing to count.
    boolean initialize =
        !stateless && message != null && "initialize".equals(message.path("method").textValue());
    if (initialize && !admitted(request, response, JsonRpcGate.id(request))) {
      return;
    }
    Outcome outcome = new Outcome(response);
    String sessionId = request.getHeader("mcp-session-id");
    sessions.busy(sessionId);
    try {
      next.doFilter(request, outcome);
    } finally {
      SessionEviction.idleWhenDone(request, () -> sessions.idle(sessionId));
    }
    if (outcome.failed) {
      if (initialize) {
        sessions.refused(request.getRemoteAddr());
      }
      return;
    }
    if (initialize) {
      sessions.started(request.getRemoteAddr(), outcome.sessionId);
    }
    if ("DELETE".equals(request.getMethod())) {
      sessions.ended(sessionId);
    }
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

  /** Notes what the answer says about the session: whether it failed, and the id it gave. */
  private static final class Outcome extends HttpServletResponseWrapper {
    boolean failed;
    @Nullable String sessionId;

    Outcome(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setStatus(int status) {
      failed |= status >= 400;
      super.setStatus(status);
    }

    @Override
    public void sendError(int status, String message) throws IOException {
      failed = true;
      super.sendError(status, message);
    }

    @Override
    public void sendError(int status) throws IOException {
      failed = true;
      super.sendError(status);
    }

    @Override
    public void setHeader(String name, String value) {
      noteSession(name, value);
      super.setHeader(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
      noteSession(name, value);
      super.addHeader(name, value);
    }

    private void noteSession(String name, String value) {
      if ("mcp-session-id".equalsIgnoreCase(name)) {
        sessionId = value;
      }
    }
  }
}
