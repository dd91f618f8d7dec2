package dev.toolsmith.spring.boot;

/** An ordinary application service that a tool class depends on. */
public final class Greeter {

  private final String salutation;

  public Greeter(String salutation) {
    this.salutation = salutation;
  }

  String greet(String name) {
    return salutation + ", " + name;
  }
}
