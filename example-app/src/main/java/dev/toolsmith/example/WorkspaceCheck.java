package dev.toolsmith.example;

import static java.util.Objects.requireNonNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * The {@code files} toolset's availability check: its workspace still exists and is readable. It
 * has no no-argument constructor: the application binds it with the workspace it checks.
 */
public final class WorkspaceCheck implements BooleanSupplier {

  private final Workspace workspace;

  public WorkspaceCheck(Workspace workspace) {
    this.workspace = requireNonNull(workspace, "workspace == null");
  }

  @Override
  public boolean getAsBoolean() {
    Path root = workspace.root();
    return Files.isDirectory(root) && Files.isReadable(root);
  }
}
