package dev.toolsmith.mcp.http;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The one servlet at the MCP endpoint: hands each request to the SDK's servlet of its era, as
 * {@link JsonRpcGate} marked it (a 2026-07-28 request to the modern transport, everything else,
 * {@code initialize}, session requests, {@code GET} and {@code DELETE} included, to the legacy
 * one).
 */
final class EraRouter extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final transient HttpServlet legacy;
  private final transient HttpServlet modern;

  EraRouter(HttpServlet legacy, HttpServlet modern) {
    this.legacy = legacy;
    this.modern = modern;
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    legacy.init(config);
    modern.init(config);
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws ServletException, IOException {
    (JsonRpcGate.modern(request) ? modern : legacy).service(request, response);
  }

  @Override
  public void destroy() {
    modern.destroy();
    legacy.destroy();
    super.destroy();
  }
}
