package dev.toolsmith.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import dev.toolsmith.mcp.server.McpRegistryServer;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Lets the served registry answer a message before the SDK (a tools/list page) or act on it (a
 * cancellation). With sessions, only a session that surely is still open in the SDK may (the SDK
 * answers the others: a full list, or 404 for a session it closed); an answer here is no activity
 * the SDK sees, so a session that only lists falls back to the SDK's answer after one idle timeout.
 */
final class RegistryAnswers extends HttpStep {

  private final Sessions sessions;
  private final boolean stateless;

  /** What answers tools/list pages and takes cancellations; set once the MCP server runs. */
  private volatile @Nullable McpRegistryServer served;

  RegistryAnswers(Sessions sessions, boolean stateless) {
    this.sessions = sessions;
    this.stateless = stateless;
  }

  /** From now on, {@code server} answers what the SDK's server cannot (see its {@code answer}). */
  void answerWith(McpRegistryServer server) {
    this.served = server;
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    JsonNode message = JsonRpcGate.message(request);
    String answer = message == null ? null : answer(request, message);
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
    McpRegistryServer server = served;
    String sessionId = stateless ? null : request.getHeader("mcp-session-id");
    if (server == null || !(stateless || sessions.surelyOpen(sessionId))) {
      return null;
    }
    return server.answer(sessionId, message);
  }
}
