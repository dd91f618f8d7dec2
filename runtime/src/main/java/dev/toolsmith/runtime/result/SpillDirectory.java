package dev.toolsmith.runtime.result;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;

/**
 * The directory oversized results are spilled to, made safe to write in: in a shared temp directory
 * anyone may create the name first, as a symbolic link to a directory of theirs or of a victim's.
 * So the directory is created readable by its owner only, and one that is a link, not a directory,
 * or owned by another user is refused.
 */
final class SpillDirectory {

  private SpillDirectory() {}

  /**
   * Creates {@code directory} (owner-only where the file system has POSIX permissions) or checks
   * the one there.
   *
   * @throws IOException naming what is wrong with it
   */
  static void prepare(Path directory) throws IOException {
    Path parent = directory.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    try {
      if (Files.getFileAttributeView(
              parent == null ? directory : parent, PosixFileAttributeView.class)
          != null) {
        Files.createDirectory(
            directory,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } else {
        Files.createDirectory(directory);
      }
    } catch (FileAlreadyExistsException e) {
      // there already: checked below, as one created by anyone else would be
    }
    BasicFileAttributes attributes =
        Files.readAttributes(directory, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (attributes.isSymbolicLink()) {
      throw new FileSystemException(
          directory.toString(), null, "is a symbolic link; refusing to write results through it");
    }
    if (!attributes.isDirectory()) {
      throw new FileSystemException(directory.toString(), null, "is not a directory");
    }
    UserPrincipal owner = Files.getOwner(directory, LinkOption.NOFOLLOW_LINKS);
    UserPrincipal me = currentUser(directory);
    if (me != null && !owner.equals(me)) {
      throw new FileSystemException(
          directory.toString(),
          null,
          "is owned by " + owner.getName() + ", not by " + me.getName() + "; refusing to use it");
    }
  }

  /** This process's user, as the file system names it; null where it cannot be found. */
  private static @org.jspecify.annotations.Nullable UserPrincipal currentUser(Path directory) {
    try {
      return directory
          .getFileSystem()
          .getUserPrincipalLookupService()
          .lookupPrincipalByName(System.getProperty("user.name"));
    } catch (IOException | UnsupportedOperationException e) {
      return null;
    }
  }
}
