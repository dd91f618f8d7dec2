package dev.toolsmith.mcp.http;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import org.jspecify.annotations.Nullable;

/**
 * Closes a session in the SDK the way a client's {@code DELETE} would (the SDK has no other way to
 * close one session), and tells when a request of a session is over, its stream included.
 */
final class SessionEviction {

  private SessionEviction() {}

  /**
   * Closes session {@code id} in {@code sdk} with a {@code DELETE} made from {@code like} (for its
   * Host and Origin), its answer discarded.
   */
  static void close(
      HttpServlet sdk, HttpServletRequest like, HttpServletResponse response, String id)
      throws ServletException, IOException {
    sdk.service(new DeleteRequest(like, id), new DiscardedResponse(response));
  }

  /** Runs {@code idle} when the request ends: now, or when the stream it started completes. */
  static void idleWhenDone(HttpServletRequest request, Runnable idle) {
    if (!request.isAsyncStarted()) {
      idle.run();
      return;
    }
    request
        .getAsyncContext()
        .addListener(
            new AsyncListener() {
              @Override
              public void onComplete(AsyncEvent event) {
                idle.run();
              }

              @Override
              public void onTimeout(AsyncEvent event) {
                // onComplete follows
              }

              @Override
              public void onError(AsyncEvent event) {
                // onComplete follows
              }

              @Override
              public void onStartAsync(AsyncEvent event) {
                // still the same request
              }
            });
  }

  /** A {@code DELETE} of one session, otherwise the request it is made from. */
  private static final class DeleteRequest extends HttpServletRequestWrapper {
    private final String id;

    DeleteRequest(HttpServletRequest request, String id) {
      super(request);
      this.id = id;
    }

    @Override
    public String getMethod() {
      return "DELETE";
    }

    @Override
    public @Nullable String getHeader(String name) {
      return "mcp-session-id".equalsIgnoreCase(name) ? id : super.getHeader(name);
    }
  }

  /** A response that goes nowhere: the evicting request's own answer is still to be written. */
  private static final class DiscardedResponse extends HttpServletResponseWrapper {
    DiscardedResponse(HttpServletResponse response) {
      super(response);
    }

    @Override
    public void setStatus(int status) {}

    @Override
    public void sendError(int status, String message) {}

    @Override
    public void sendError(int status) {}

    @Override
    public void setHeader(String name, String value) {}

    @Override
    public void addHeader(String name, String value) {}

    @Override
    public void setContentType(String type) {}

    @Override
    public void setCharacterEncoding(String charset) {}

    @Override
    public void setContentLength(int length) {}

    @Override
    public void setContentLengthLong(long length) {}

    @Override
    public void flushBuffer() {}

    @Override
    public PrintWriter getWriter() {
      return new PrintWriter(Writer.nullWriter());
    }

    @Override
    public ServletOutputStream getOutputStream() {
      return SdkErrorsAsJsonRpc.discarding();
    }
  }
}
