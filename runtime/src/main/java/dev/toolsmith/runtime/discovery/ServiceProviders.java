package dev.toolsmith.runtime.discovery;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolsetDefinition;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.LazyLogger;
import dev.toolsmith.runtime.spi.ToolIndex;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.URL;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * The ServiceLoader work shared by the discovery phases: finding {@link ToolIndex} providers
 * without letting one broken provider stop the rest, and reading an index's tools as one unit.
 */
final class ServiceProviders {

  static final Logger LOG = LazyLogger.of(ServiceProviders.class.getName());

  /** Recovery after a provider error is best effort in ServiceLoader; never loop on one forever. */
  private static final int MAX_PROVIDER_ERRORS = 1_000;

  private ServiceProviders() {}

  /** Why an index or plugin could not be used; the message is what the report shows. */
  static final class Failure extends Exception {
    private static final long serialVersionUID = 1L;

    Failure(String message, @Nullable Throwable cause) {
      super(message, cause);
    }

    @Override
    public String getMessage() {
      return requireNonNull(super.getMessage()); // always made with one
    }
  }

  /**
   * Every {@link ToolIndex} provider {@code loader} finds, not yet instantiated, sorted by class
   * name so the order never varies. A provider that cannot be found or is not an index is added to
   * {@code problems} (already logged) and skipped.
   */
  static List<ServiceLoader.Provider<ToolIndex>> providers(
      ClassLoader loader, List<String> problems) {
    return providers(ToolIndex.class, loader, problems);
  }

  /** Like {@link #providers(ClassLoader, List)} for any service type. */
  static <S> List<ServiceLoader.Provider<S>> providers(
      Class<S> service, ClassLoader loader, List<String> problems) {
    List<ServiceLoader.Provider<S>> providers = new ArrayList<>();
    Iterator<ServiceLoader.Provider<S>> found =
        ServiceLoader.load(service, loader).stream().iterator();
    int errors = 0;
    while (errors < MAX_PROVIDER_ERRORS) {
      try {
        if (!found.hasNext()) {
          break;
        }
        providers.add(found.next());
      } catch (ServiceConfigurationError | LinkageError e) {
        // A missing class, a class that is not an index: skip that one, keep looking.
        errors++;
        LOG.log(
            Level.WARNING,
            () -> service.getSimpleName() + " provider skipped: " + e.getMessage(),
            e);
        problems.add(message(e));
      }
    }
    if (providers.size() > 1) { // one index, the common case, needs no comparator
      providers.sort(Comparator.comparing(provider -> provider.type().getName()));
    }
    return providers;
  }

  /** Every index {@code loader} can instantiate, sorted by class name; failures are logged. */
  static List<ToolIndex> indexes(ClassLoader loader) {
    List<ToolIndex> indexes = new ArrayList<>();
    for (ServiceLoader.Provider<ToolIndex> provider : providers(loader, new ArrayList<>())) {
      try {
        indexes.add(instantiate(provider));
      } catch (Failure e) {
        // logged by instantiate
      }
    }
    return indexes;
  }

  /** The provider's index; a constructor that throws is logged and becomes a {@link Failure}. */
  static ToolIndex instantiate(ServiceLoader.Provider<ToolIndex> provider) throws Failure {
    String name = provider.type().getName();
    try {
      return provider.get();
    } catch (RuntimeException | Error e) { // ServiceConfigurationError and LinkageError among them
      if (!recoverable(e)) {
        throw e;
      }
      LOG.log(Level.WARNING, () -> "Tool index " + name + " failed to load; skipped", e);
      throw new Failure(name + " could not be created: " + message(e), e);
    }
  }

  /**
   * The index's tools, none null, so that a bad index is reported here and nothing of it
   * registered.
   */
  static List<ToolEntry> toolsOf(ToolIndex index, Bindings bindings) throws Failure {
    String name = index.getClass().getName();
    try {
      List<ToolEntry> tools = index.tools(bindings);
      if (tools == null) {
        throw new IllegalStateException("tools(Bindings) returned null");
      }
      List<ToolEntry> copy = new ArrayList<>(tools.size());
      for (ToolEntry entry : tools) {
        if (entry == null) {
          throw new NullPointerException("tools(Bindings) returned a null entry");
        }
        copy.add(entry);
      }
      // No debug line per index: asking whether DEBUG is on loads the logging backend at every
      // start-up, and the DiscoveryReport already lists each index's tools.
      return List.copyOf(copy);
    } catch (RuntimeException | Error e) {
      if (!recoverable(e)) {
        throw e;
      }
      LOG.log(Level.WARNING, () -> "Tool index " + name + " failed to load; skipped", e);
      throw new Failure(name + " failed: " + message(e), e);
    }
  }

  /** What the index left out of its last {@code tools} call; a failure there gives nothing. */
  static List<String> failuresOf(ToolIndex index) {
    try {
      List<String> failures = index.failures();
      return failures == null ? List.of() : List.copyOf(failures);
    } catch (RuntimeException | Error e) {
      if (!recoverable(e)) {
        throw e;
      }
      return List.of(index.getClass().getName() + ": failures() failed: " + message(e));
    }
  }

  /** The toolsets the index declares; a failure there is logged and gives none. */
  static List<ToolsetDefinition> toolsetsOf(ToolIndex index) {
    try {
      List<ToolsetDefinition> toolsets = index.toolsets();
      return toolsets == null ? List.of() : List.copyOf(toolsets);
    } catch (RuntimeException | Error e) {
      if (!recoverable(e)) {
        throw e;
      }
      LOG.log(
          Level.WARNING,
          () ->
              "Tool index "
                  + index.getClass().getName()
                  + " failed to list its toolsets; none taken",
          e);
      return List.of();
    }
  }

  /**
   * Whether a throwable from an index's or plugin's code makes that source fail, as an exception
   * does: every one but the JVM's own distress ({@link OutOfMemoryError}, {@link InternalError},
   * {@link UnknownError}: the other {@link VirtualMachineError}s), which the whole program must
   * see. A {@link StackOverflowError} is a VirtualMachineError too, but it is thrown by the
   * source's own calls on the thread's own stack, and once it has unwound to here that stack is
   * whole again: so endless recursion in {@code tools()} is a failed source, not a crash.
   */
  static boolean recoverable(Throwable t) {
    return !(t instanceof VirtualMachineError) || t instanceof StackOverflowError;
  }

  /**
   * The class path root a class was loaded from, e.g. {@code jar:file:/p/x.jar!/} or {@code
   * file:/p/classes/}; empty when unknown. Read from resource URLs, without reflection.
   */
  static String rootOf(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    if (loader == null) {
      return "";
    }
    String resource = type.getName().replace('.', '/') + ".class";
    URL url = loader.getResource(resource);
    return url == null ? "" : stripSuffix(url.toString(), resource);
  }

  /** {@code url} without its trailing {@code resource} path, or empty when it does not end so. */
  static String stripSuffix(String url, String resource) {
    return url.endsWith(resource) ? url.substring(0, url.length() - resource.length()) : "";
  }

  /** A throwable's message with its type, for reports: {@code TYPE: MESSAGE}. */
  static String message(Throwable t) {
    // ServiceConfigurationError wraps what really went wrong; show that too.
    if (t instanceof ServiceConfigurationError && t.getCause() != null) {
      return t.getMessage() + " (" + Failures.describe(t.getCause()) + ")";
    }
    return Failures.describe(t);
  }
}
