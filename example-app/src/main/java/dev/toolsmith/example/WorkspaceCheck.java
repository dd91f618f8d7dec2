package dev.toolsmith.example;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/** The {@code files} toolset's availability check: the default workspace exists and is readable. */
public final class WorkspaceCheck implements BooleanSupplier {

  @Override
  public boolean getAsBoolean() {
    Path root = Workspace.defaultRoot();
    return Files.isDirectory(root) && Files.isReadable(root);
  }
}
