package dev.toolsmith.mcp.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code MCP-Protocol-Version} header a legacy request carries: one the server serves, or none
 * (the spec then says to assume 2025-03-26, and the request goes on as before). Any other is
 * refused with 400 Bad Request, as the 2025-06-18 and 2025-11-25 transports say. A modern request's
 * header is the modern server's to check against its {@code _meta}.
 */
final class ProtocolVersionHeader extends HttpStep {

  private final List<String> supported;
  private final List<String> named;

  /**
   * Refuses legacy requests naming a version not in {@code supported}, naming every version served
   * ({@code named}, both eras) in the refusal.
   */
  ProtocolVersionHeader(List<String> supported, List<String> named) {
    this.supported = List.copyOf(supported);
    this.named = List.copyOf(named);
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    JsonRpcErrors.Refusal unsupported = JsonRpcGate.modern(request) ? null : check(request);
    if (unsupported != null) {
      JsonRpcErrors.send(response, unsupported);
      return;
    }
    next.doFilter(request, response);
  }

  /** The refusal of {@code request}'s header, or null when it is absent or supported. */
  JsonRpcErrors.@Nullable Refusal check(HttpServletRequest request) {
    String version = request.getHeader("MCP-Protocol-Version");
    if (version == null || supported.contains(version)) {
      return null;
    }
    String shown = version.length() > 40 ? version.substring(0, 40) + "..." : version;
    return JsonRpcErrors.forStatus(400, JsonRpcGate.id(request))
        .withMessage(
            "Bad Request: unsupported MCP-Protocol-Version '"
                + shown
                + "'; supported: "
                + String.join(", ", named));
  }
}
