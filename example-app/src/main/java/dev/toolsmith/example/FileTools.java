package dev.toolsmith.example;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.annotations.BindInstance;
import dev.toolsmith.annotations.Hint;
import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/**
 * The {@code files} toolset: read, list, checksum and write files below one {@link Workspace}.
 *
 * <p>The application binds the instance (it holds the workspace root), which is the pattern for
 * tools whose class a DI container or the application builds: {@code Bindings.of(FileTools.class,
 * tools)}.
 */
@BindInstance
public final class FileTools {

  /** Files larger than this are not read whole: the model gets an error that says so. */
  static final long MAX_FILE_BYTES = 1_000_000;

  /** Directory listings stop after this many entries. */
  static final int MAX_ENTRIES = 500;

  private final Workspace workspace;

  /** Tools working below {@code workspace}. */
  public FileTools(Workspace workspace) {
    this.workspace = requireNonNull(workspace, "workspace == null");
  }

  /**
   * The arguments of {@code read_file}.
   *
   * @param path file path relative to the workspace root
   * @param maxLines stop after this many lines
   */
  public record ReadFile(String path, @Param(minimum = 1, required = false) Integer maxLines) {}

  /** Reads a UTF-8 text file below the workspace root, optionally only its first lines. */
  @Tool(
      toolset = "files",
      emoji = "📄",
      check = WorkspaceCheck.class,
      maxResultChars = 50_000,
      title = "Read a file",
      readOnly = Hint.TRUE,
      openWorld = Hint.FALSE)
  public String readFile(ReadFile args) throws IOException {
    int limit = args.maxLines() == null ? Integer.MAX_VALUE : args.maxLines();
    StringBuilder text = new StringBuilder();
    try (BufferedReader reader =
        new BufferedReader(
            Channels.newReader(
                openFile(args.path()),
                StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT),
                -1))) {
      String line;
      int count = 0;
      while (count < limit && (line = reader.readLine()) != null) {
        text.append(line).append('\n');
        count++;
      }
    } catch (CharacterCodingException e) {
      throw new IOException("'" + args.path() + "' is not a UTF-8 text file", e);
    }
    return text.toString();
  }

  /**
   * The arguments of {@code list_directory}.
   *
   * @param path directory path relative to the workspace root; the root when absent
   */
  public record ListDirectory(@Param(required = false) String path) {}

  /**
   * One entry of a directory listing.
   *
   * @param name the entry's name
   * @param type {@code file}, {@code directory}, {@code link} or {@code other}
   * @param size the size in bytes of a file, 0 otherwise
   */
  public record DirEntry(String name, String type, long size) {}

  /** Lists a directory below the workspace root, sorted by name (at most 500 entries). */
  @Tool(
      toolset = "files",
      emoji = "📁",
      check = WorkspaceCheck.class,
      title = "List a directory",
      readOnly = Hint.TRUE,
      openWorld = Hint.FALSE)
  public List<DirEntry> listDirectory(ListDirectory args) throws IOException {
    String given = args.path() == null ? "" : args.path();
    Path dir = workspace.resolve(given);
    if (!Files.isDirectory(dir)) {
      throw new NoSuchFileException(given, null, "not a directory in the workspace");
    }
    List<DirEntry> entries = new ArrayList<>();
    try (Stream<Path> children = Files.list(dir)) {
      for (Path child : (Iterable<Path>) children.sorted().limit(MAX_ENTRIES)::iterator) {
        entries.add(describe(child));
      }
    }
    return entries;
  }

  /**
   * A file's SHA-256 checksum.
   *
   * @param path the file, relative to the workspace root
   * @param sha256 the checksum, lower-case hex
   * @param size the file's size in bytes
   */
  public record Checksum(String path, String sha256, long size) {}

  /**
   * Computes the SHA-256 checksum of a file below the workspace root.
   *
   * <p>Hashing runs on another thread: this is the async form, a tool returning a {@link
   * CompletionStage}.
   *
   * @param path file path relative to the workspace root
   */
  @Tool(
      toolset = "files",
      emoji = "🔐",
      check = WorkspaceCheck.class,
      keywords = {"sha256", "hash", "digest", "integrity"})
  public CompletionStage<Checksum> fileChecksum(String path) throws IOException {
    String shown = workspace.relativize(workspace.resolve(path));
    SeekableByteChannel file = openFile(path);
    long size = file.size();
    return CompletableFuture.supplyAsync(() -> new Checksum(shown, sha256(file), size));
  }

  /**
   * What {@code write_file} wrote.
   *
   * @param path the file, relative to the workspace root
   * @param size its size in bytes now
   */
  public record Written(String path, long size) {}

  /**
   * Writes UTF-8 text to a file below the workspace root, replacing the file if it exists (its
   * directory must exist).
   *
   * @param path file path relative to the workspace root
   * @param text the file's whole new content
   */
  @Tool(
      toolset = "files",
      emoji = "✏️",
      check = WorkspaceCheck.class,
      title = "Write a file",
      readOnly = Hint.FALSE,
      destructive = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE)
  public Written writeFile(String path, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > MAX_FILE_BYTES) {
      throw new IOException("the text is larger than " + MAX_FILE_BYTES + " bytes");
    }
    Path file = workspace.resolve(path);
    if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException("'" + path + "' is a directory");
    }
    try (SeekableByteChannel out = workspace.createFile(path)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        out.write(buffer);
      }
    }
    return new Written(workspace.relativize(file), bytes.length);
  }

  /** The regular file {@code given}, opened race-free (see {@link Workspace#openFile}). */
  private SeekableByteChannel openFile(String given) throws IOException {
    SeekableByteChannel file = workspace.openFile(given);
    if (file.size() > MAX_FILE_BYTES) {
      file.close();
      throw new IOException("'" + given + "' is larger than " + MAX_FILE_BYTES + " bytes");
    }
    return file;
  }

  private static DirEntry describe(Path child) throws IOException {
    String name = child.getFileName().toString();
    if (Files.isSymbolicLink(child)) {
      return new DirEntry(name, "link", 0);
    }
    if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
      return new DirEntry(name, "directory", 0);
    }
    if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
      return new DirEntry(name, "file", Files.size(child));
    }
    return new DirEntry(name, "other", 0);
  }

  private static String sha256(SeekableByteChannel file) {
    try (InputStream in = Channels.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[8192];
      for (int n; (n = in.read(buffer)) > 0; ) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
