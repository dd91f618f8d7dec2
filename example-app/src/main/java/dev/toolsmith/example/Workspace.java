package dev.toolsmith.example;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A sandboxed directory: every path a tool receives is resolved below its root, or refused.
 *
 * <p>Absolute paths, paths that climb out with {@code ..}, and symbolic links that lead outside the
 * root are all refused with {@link OutsideWorkspaceException}, so a model cannot read the rest of
 * the machine through the file tools.
 */
public final class Workspace {

  private final Path root;

  private Workspace(Path root) {
    this.root = root;
  }

  /** A workspace rooted at {@code root}, which must be an existing directory. */
  public static Workspace of(Path root) throws IOException {
    requireNonNull(root, "root == null");
    Path real = root.toRealPath();
    if (!Files.isDirectory(real)) {
      throw new NoSuchFileException(root.toString(), null, "workspace root is not a directory");
    }
    return new Workspace(real);
  }

  /** The root, as a real (symlink-free, absolute) path. */
  public Path root() {
    return root;
  }

  /**
   * Resolves {@code relative} below the root. An empty path or {@code .} is the root itself.
   *
   * @throws OutsideWorkspaceException if the path is absolute, climbs out of the root, or leads out
   *     through a symbolic link
   */
  public Path resolve(String relative) throws OutsideWorkspaceException {
    requireNonNull(relative, "relative == null");
    Path given;
    try {
      given = Path.of(relative);
    } catch (InvalidPathException e) {
      throw new OutsideWorkspaceException(relative, "is not a valid path");
    }
    if (given.isAbsolute() || given.getRoot() != null) {
      throw new OutsideWorkspaceException(
          relative, "is absolute; give a path relative to the workspace root");
    }
    Path resolved = root.resolve(given).normalize();
    if (!resolved.startsWith(root)) {
      throw new OutsideWorkspaceException(relative, "climbs out of the workspace root");
    }
    // The lexical check is not enough: a link inside the root may point anywhere.
    Path existing = resolved;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    if (existing != null) {
      try {
        if (!existing.toRealPath().startsWith(root)) {
          throw new OutsideWorkspaceException(
              relative, "leads out of the workspace root through a symbolic link");
        }
      } catch (IOException e) {
        // A dangling link: refuse rather than guess where it would lead.
        throw new OutsideWorkspaceException(relative, "goes through a broken symbolic link");
      }
    }
    return resolved;
  }

  /**
   * The path of {@code file} relative to the root, with forward slashes, for showing to the model.
   */
  public String relativize(Path file) {
    String shown = root.relativize(file).toString().replace('\\', '/');
    return shown.isEmpty() ? "." : shown;
  }

  @Override
  public String toString() {
    return "Workspace{" + root + "}";
  }
}
