package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.TransportHook;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Lets the served registry answer a legacy message before the SDK (a tools/list page) or act on it
 * (a cancellation). With sessions, only a session that surely is still open in the SDK may (the SDK
 * answers the others: the same tools unpaged, or 404 for a session it closed); an answer here is no
 * activity the SDK sees, so a session that only lists falls back to the SDK's answer after one idle
 * timeout.
 */
final class RegistryAnswers extends HttpStep {

  private final Sessions sessions;
  private final boolean stateless;
  private final TransportHook served;

  RegistryAnswers(Sessions sessions, boolean stateless, TransportHook served) {
    this.sessions = sessions;
    this.stateless = stateless;
    this.served = served;
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    JsonNode message = JsonRpcGate.message(request);
    String answer =
        message == null || JsonRpcGate.modern(request) ? null : answer(request, message);
    if (answer == null) {
      next.doFilter(request, response);
      return;
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    response.setStatus(200);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  private @Nullable String answer(HttpServletRequest request, JsonNode message) {
    String sessionId = stateless ? null : request.getHeader("mcp-session-id");
    if (!(stateless || sessions.surelyOpen(sessionId))) {
      return null;
    }
    return served.answerLegacy(sessionId, message);
  }
}
