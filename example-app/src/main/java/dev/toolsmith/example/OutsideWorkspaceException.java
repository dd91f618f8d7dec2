package dev.toolsmith.example;

import java.io.IOException;

/** Thrown when a tool is given a path that would reach outside its {@link Workspace}. */
public final class OutsideWorkspaceException extends IOException {
  private static final long serialVersionUID = 1L;

  OutsideWorkspaceException(String path, String why) {
    super("path '" + path + "' " + why);
  }
}
