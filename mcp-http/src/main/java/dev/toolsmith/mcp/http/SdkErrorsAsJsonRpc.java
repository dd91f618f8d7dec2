package dev.toolsmith.mcp.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.Writer;

/**
 * Turns an error the SDK answers (any status from 400 on) into a JSON-RPC error object with a short
 * message and the request's id, never the SDK's own body (which may be a serialized exception). The
 * modern server writes its JSON-RPC errors itself, in the revision's codes (a dual-era client reads
 * them to tell the eras apart): only its plain HTTP errors are rewritten.
 */
final class SdkErrorsAsJsonRpc extends HttpStep {

  @Override
  void filter(HttpServletRequest request, HttpServletResponse response, FilterChain next)
      throws IOException, ServletException {
    ErrorCatchingResponse caught = new ErrorCatchingResponse(response, JsonRpcGate.modern(request));
    next.doFilter(request, caught);
    if (caught.error != 0) {
      JsonRpcErrors.send(response, JsonRpcErrors.forStatus(caught.error, JsonRpcGate.id(request)));
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

  /** Keeps an error status and its body from the client, to be answered as JSON-RPC. */
  private static final class ErrorCatchingResponse extends HttpServletResponseWrapper {
    private final boolean jsonRpcErrorsPass;
    int error;

    ErrorCatchingResponse(HttpServletResponse response, boolean jsonRpcErrorsPass) {
      super(response);
      this.jsonRpcErrorsPass = jsonRpcErrorsPass;
    }

    @Override
    public void setStatus(int status) {
      if (status >= 400 && !jsonRpcErrorsPass) {
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
    public PrintWriter getWriter() throws IOException {
      return error != 0 ? new PrintWriter(Writer.nullWriter()) : super.getWriter();
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      return error == 0 ? super.getOutputStream() : discarding();
    }
  }
}
