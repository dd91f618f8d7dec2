package dev.toolsmith.example;

/** A command line the app cannot run: its message goes to standard error and the exit code is 2. */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }

  UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
