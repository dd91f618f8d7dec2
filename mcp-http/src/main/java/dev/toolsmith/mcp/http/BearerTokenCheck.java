package dev.toolsmith.mcp.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.jspecify.annotations.Nullable;

/**
 * Lets through only requests that carry the bearer token; the others get 401 with {@code
 * WWW-Authenticate: Bearer}.
 */
final class BearerTokenCheck extends HttpStep {

  private final byte[] expected;

  BearerTokenCheck(String bearerToken) {
    this.expected = bearerToken.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    if (!authorized(request.getHeader("Authorization"))) {
      response.setHeader("WWW-Authenticate", "Bearer");
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(401, null));
      return;
    }
    next.doFilter(request, response);
  }

  /**
   * Whether {@code given} is the bearer token: the scheme in any case (RFC 7235 section 2.1), the
   * token compared in constant time.
   */
  boolean authorized(@Nullable String given) {
    if (given == null || !given.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] token = given.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(expected, token);
  }
}
