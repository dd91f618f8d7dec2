/** The annotations that describe tools to the Toolsmith processor; needed at compile time only. */
module dev.toolsmith.annotations {
  // @NullMarked on the package: read by nullness checkers, not needed at run time.
  requires static org.jspecify;

  exports dev.toolsmith.annotations;
}
