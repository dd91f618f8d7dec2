package dev.toolsmith.example;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.util.Set;

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
      Path real;
      try {
        real = existing.toRealPath();
      } catch (IOException e) {
        // A dangling link: refuse rather than guess where it would lead.
        throw new OutsideWorkspaceException(relative, "goes through a broken symbolic link");
      }
      if (!real.startsWith(root)) {
        throw new OutsideWorkspaceException(
            relative, "leads out of the workspace root through a symbolic link");
      }
    }
    return resolved;
  }

  /**
   * Opens the regular file {@code relative} for reading, refusing what {@link #resolve} refuses.
   *
   * <p>Checking a path and then opening it is a race: a link swapped in between would be followed
   * out of the root. So the file's real path is opened one name at a time from the root's open
   * directory, none of them followed if it is a link (a {@link SecureDirectoryStream}, {@code
   * openat} with {@code O_NOFOLLOW}); a link swapped in meanwhile fails the open instead.
   *
   * @throws NoSuchFileException if there is no regular file at {@code relative}
   */
  public SeekableByteChannel openFile(String relative) throws IOException {
    Path real;
    try {
      real = resolve(relative).toRealPath();
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(relative, null, "no such file in the workspace");
    }
    if (!real.startsWith(root)) { // swapped since resolve; the open below would refuse it too
      throw new OutsideWorkspaceException(
          relative, "leads out of the workspace root through a symbolic link");
    }
    if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
      throw new NoSuchFileException(relative, null, "no such file in the workspace");
    }
    Set<OpenOption> read = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      if (top instanceof SecureDirectoryStream<Path> dir) {
        return open(dir, root.relativize(real), 0, read);
      }
      return Files.newByteChannel(real, read); // no openat here: the last name is still checked
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(relative, null, "no such file in the workspace");
    } catch (FileSystemException e) { // a link where a directory or the file was
      throw new OutsideWorkspaceException(relative, "changed while it was opened");
    }
  }

  /**
   * Opens the file {@code relative} for writing, created or emptied, the way {@link #openFile}
   * opens one for reading: its directory must exist inside the root, and no name on the way (the
   * file's included) is followed if it is a link, so a link swapped in after the check fails the
   * open.
   *
   * @throws NoSuchFileException if the file's directory does not exist
   */
  public SeekableByteChannel createFile(String relative) throws IOException {
    Path file = resolve(relative);
    Path parent = file.getParent();
    if (file.equals(root) || parent == null) {
      throw new IOException("'" + relative + "' is the workspace root, not a file");
    }
    Path realParent;
    try {
      realParent = parent.toRealPath();
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(relative, null, "its directory does not exist");
    }
    if (!realParent.startsWith(root)) {
      throw new OutsideWorkspaceException(
          relative, "leads out of the workspace root through a symbolic link");
    }
    Set<OpenOption> write =
        Set.of(
            StandardOpenOption.WRITE,
            StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING,
            LinkOption.NOFOLLOW_LINKS);
    Path inside = root.relativize(realParent.resolve(file.getFileName()));
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      if (top instanceof SecureDirectoryStream<Path> dir) {
        return open(dir, inside, 0, write);
      }
      return Files.newByteChannel(root.resolve(inside), write);
    } catch (FileSystemException e) { // a link where a directory or the file was
      throw new OutsideWorkspaceException(relative, "changed while it was opened");
    }
  }

  /** Opens name {@code index} of {@code inside} in {@code dir}, and the rest below it. */
  private static SeekableByteChannel open(
      SecureDirectoryStream<Path> dir, Path inside, int index, Set<OpenOption> options)
      throws IOException {
    Path name = inside.getName(index);
    if (index == inside.getNameCount() - 1) {
      return dir.newByteChannel(name, options);
    }
    try (SecureDirectoryStream<Path> next =
        dir.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
      return open(next, inside, index + 1, options);
    }
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
