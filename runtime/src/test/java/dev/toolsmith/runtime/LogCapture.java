package dev.toolsmith.runtime;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * Records what one System.Logger logs, through java.util.logging, which backs System.Logger when no
 * other LoggerFinder is installed.
 */
public final class LogCapture extends Handler implements AutoCloseable {

  private final Logger logger; // strong reference: JUL holds loggers weakly
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();

  private LogCapture(String loggerName) {
    this.logger = Logger.getLogger(loggerName);
    logger.addHandler(this);
    logger.setUseParentHandlers(false); // expected warnings stay out of the build output
    logger.setLevel(Level.ALL); // debug records too, so tests can see what is not a warning
  }

  public static LogCapture of(Class<?> loggerClass) {
    return new LogCapture(loggerClass.getName());
  }

  /** Captures the logger named {@code loggerName}, for loggers of package-private classes. */
  public static LogCapture of(String loggerName) {
    return new LogCapture(loggerName);
  }

  /** Each WARNING or higher record, as its message followed by its exception's message, if any. */
  public List<String> warnings() {
    return records.stream()
        .filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue())
        .map(LogCapture::text)
        .collect(Collectors.toList());
  }

  /** Each INFO record's message. */
  public List<String> infos() {
    return records.stream()
        .filter(r -> r.getLevel().intValue() == Level.INFO.intValue())
        .map(LogRecord::getMessage)
        .collect(Collectors.toList());
  }

  /** Each record below INFO (System.Logger's DEBUG and TRACE), formatted as {@link #warnings()}. */
  public List<String> debugs() {
    return records.stream()
        .filter(r -> r.getLevel().intValue() < Level.INFO.intValue())
        .map(LogCapture::text)
        .collect(Collectors.toList());
  }

  private static String text(LogRecord r) {
    return r.getMessage() + (r.getThrown() == null ? "" : " | " + r.getThrown().getMessage());
  }

  @Override
  public void publish(LogRecord record) {
    records.add(record);
  }

  @Override
  public void flush() {}

  @Override
  public void close() {
    logger.removeHandler(this);
    logger.setUseParentHandlers(true);
    logger.setLevel(null);
  }
}
