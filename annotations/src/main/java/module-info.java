/** The annotations that describe tools to the Toolsmith processor; needed at compile time only. */
module dev.toolsmith.annotations {
  exports dev.toolsmith.annotations;
}
