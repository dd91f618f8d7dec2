package dev.toolsmith.mcp.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * One step of the front door before the SDK's servlet: a servlet filter that sees HTTP requests
 * only (the endpoint serves nothing else), so each step reads as one small method.
 */
abstract class HttpStep implements Filter {

  @Override
  public final void doFilter(ServletRequest request, ServletResponse response, FilterChain next)
      throws IOException, ServletException {
    filter((HttpServletRequest) request, (HttpServletResponse) response, next);
  }

  /** Answers {@code request} itself, or passes it (perhaps wrapped) to {@code next}. */
  abstract void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException;
}
