package dev.toolsmith.runtime.discovery;

import dev.toolsmith.runtime.internal.LazyLogger;
import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Warns when a configuration file or a plugin is writable by other users: both are code (a config
 * names programs to start, a plugin's classes run at discovery), so whoever may change them may run
 * code as this program.
 */
final class TrustWarnings {

  private static final Logger LOG = LazyLogger.of(TrustWarnings.class.getName());

  private TrustWarnings() {}

  /**
   * Logs a warning when {@code path} is writable by its group or by others; {@code what} says what
   * it is ("configuration file", "plugin directory").
   *
   * @return whether it warned
   */
  static boolean checkNotWritableByOthers(Path path, String what) {
    Set<PosixFilePermission> permissions;
    try {
      permissions = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | UnsupportedOperationException e) {
      return false; // gone, or no POSIX permissions on this file system: nothing to say
    }
    if (!permissions.contains(PosixFilePermission.GROUP_WRITE)
        && !permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
      return false;
    }
    LOG.log(
        Level.WARNING,
        () ->
            what
                + " "
                + path
                + " is writable by other users ("
                + PosixFilePermissions.toString(permissions)
                + "); it is as trusted as the program, since what it holds runs with this"
                + " program's rights: remove their write permission (chmod go-w)");
    return true;
  }
}
