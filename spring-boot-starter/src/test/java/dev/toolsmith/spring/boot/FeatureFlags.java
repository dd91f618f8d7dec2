package dev.toolsmith.spring.boot;

/** Application state that an availability check reads. */
public final class FeatureFlags {

  volatile boolean beta;

  public FeatureFlags(boolean beta) {
    this.beta = beta;
  }
}
