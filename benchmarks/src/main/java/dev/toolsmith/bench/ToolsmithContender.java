package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.guard.Guards;
import java.util.List;

/**
 * Toolsmith as a user runs it: the processor-generated index found by ServiceLoader, the registry,
 * {@code definitions} and {@code dispatch}.
 */
final class ToolsmithContender {

  private final ToolRegistry registry;
  private final List<String> names;

  private ToolsmithContender(ToolRegistry registry) {
    this.registry = registry;
    this.names = registry.toolNames();
  }

  /**
   * A registry of the tools of every index on {@code loader}, as an application's start-up makes
   * it.
   */
  static ToolRegistry discover(ClassLoader loader) {
    return discover(loader, ToolRegistry.create());
  }

  private static ToolRegistry discover(ClassLoader loader, ToolRegistry registry) {
    Discovery.builder().classLoader(loader).build().into(registry);
    return registry;
  }

  /** Start-up: discovers the generated index of the set on {@code loader}. */
  static ToolsmithContender load(ClassLoader loader) {
    return load(loader, ToolRegistry.create());
  }

  /**
   * As {@link #load(ClassLoader)}, with a registry whose dispatch runs a tool whatever its check
   * says (the reference contract): the difference is what asking the check's cached verdict costs.
   */
  static ToolsmithContender loadWithoutDispatchChecks(ClassLoader loader) {
    return load(
        loader,
        ToolRegistry.builder()
            .checkPolicy(CheckPolicy.builder().dispatchUnavailableTools().build())
            .build());
  }

  /**
   * As {@link #load(ClassLoader)}, with the built-in guards on ({@link Guards#defaults()}: budgets,
   * the loop guard, approval of destructive tools), each call its own session: the difference is
   * what guarding costs a call.
   */
  static ToolsmithContender loadGuarded(ClassLoader loader) {
    return load(loader, ToolRegistry.builder().guards(Guards.defaults()).build());
  }

  private static ToolsmithContender load(ClassLoader loader, ToolRegistry empty) {
    requireNonNull(loader, "loader == null");
    ToolsmithContender contender = new ToolsmithContender(discover(loader, empty));
    if (contender.names.isEmpty()) {
      throw new IllegalStateException(
          "no Toolsmith tools discovered: was the set built with the processor?");
    }
    return contender;
  }

  ToolRegistry registry() {
    return registry;
  }

  List<String> names() {
    return names;
  }

  int size() {
    return names.size();
  }

  /** Listing: every tool's definition in OpenAI's shape, toolset checks run once each. */
  String definitions() {
    return registry.definitions(names);
  }

  String dispatch(String name, String arguments) {
    return registry.dispatch(name, arguments);
  }
}
