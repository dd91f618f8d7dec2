package dev.toolsmith.spring.boot;

import dev.toolsmith.annotations.BindInstance;
import dev.toolsmith.annotations.Tool;

/** A tool class that is a Spring bean, its dependency injected. */
@BindInstance
public final class GreetingTools {

  private final Greeter greeter;

  public GreetingTools(Greeter greeter) {
    this.greeter = greeter;
  }

  /**
   * Greets someone by name.
   *
   * @param name who to greet
   */
  @Tool(toolset = "greetings")
  public String greet(String name) {
    return greeter.greet(name);
  }
}
