package dev.toolsmith.runtime.internal;

import java.util.ResourceBundle;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A {@link System.Logger} that asks {@link System#getLogger} for its backend on first use: finding
 * the backend loads and configures java.util.logging (some seventy classes), which a start-up that
 * logs nothing need not pay for.
 */
public final class LazyLogger implements System.Logger {

  /**
   * The logger name of everything the registry does (registration, listing, checks, dispatch):
   * {@code ToolRegistry}'s class name, which logging configurations name.
   */
  public static final String REGISTRY = "dev.toolsmith.runtime.ToolRegistry";

  private final String name;
  private volatile System.@Nullable Logger backend;

  private LazyLogger(String name) {
    this.name = name;
  }

  /** A logger named {@code name}, looked up when it first logs. */
  public static System.Logger of(String name) {
    return new LazyLogger(name);
  }

  private System.Logger backend() {
    System.Logger logger = backend;
    if (logger == null) { // a race looks it up twice and gets the same logger: harmless
      logger = System.getLogger(name);
      backend = logger;
    }
    return logger;
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public boolean isLoggable(Level level) {
    return backend().isLoggable(level);
  }

  @Override
  public void log(Level level, String msg) {
    backend().log(level, msg);
  }

  @Override
  public void log(Level level, Supplier<String> msgSupplier) {
    backend().log(level, msgSupplier);
  }

  @Override
  public void log(Level level, Object obj) {
    backend().log(level, obj);
  }

  @Override
  public void log(Level level, String msg, Throwable thrown) {
    backend().log(level, msg, thrown);
  }

  @Override
  public void log(Level level, Supplier<String> msgSupplier, Throwable thrown) {
    backend().log(level, msgSupplier, thrown);
  }

  @Override
  public void log(Level level, String format, Object... params) {
    backend().log(level, format, params);
  }

  @Override
  public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
    backend().log(level, bundle, msg, thrown);
  }

  @Override
  public void log(Level level, ResourceBundle bundle, String format, Object... params) {
    backend().log(level, bundle, format, params);
  }
}
