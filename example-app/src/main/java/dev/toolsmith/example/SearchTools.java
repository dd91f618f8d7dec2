package dev.toolsmith.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Searching the workspace's files: a static tool that finds its {@link Workspace} in the call's
 * {@link ToolContext} attributes, the pattern for per-call values (user, session, workspace).
 */
public final class SearchTools {

  /** The {@link ToolContext} attribute holding the {@link Workspace} to search. */
  public static final String WORKSPACE_ATTRIBUTE = "workspace";

  static final int DEFAULT_MAX_MATCHES = 50;
  static final int MAX_FILES = 5_000;
  static final int MAX_LINE_CHARS = 300;

  private SearchTools() {}

  /**
   * The arguments of {@code search_files}.
   *
   * @param query the text to find; a regular expression when {@code regex} is true
   * @param regex whether {@code query} is a regular expression (default: plain, case-insensitive
   *     text)
   * @param path directory to search, relative to the workspace root; the root when absent
   * @param maxMatches stop after this many matching lines (default 50)
   */
  public record SearchFiles(
      String query,
      @Param(required = false) Boolean regex,
      @Param(required = false) String path,
      @Param(required = false, minimum = 1, maximum = 500) Integer maxMatches) {}

  /**
   * One matching line.
   *
   * @param file the file, relative to the workspace root
   * @param line the line number, from 1
   * @param text the line, shortened to 300 characters
   */
  public record Match(String file, int line, String text) {}

  /**
   * What a search found.
   *
   * @param matches matching lines, by file then line
   * @param filesSearched how many text files were read
   * @param truncated whether the search stopped at the match or file limit
   */
  public record SearchResult(List<Match> matches, int filesSearched, boolean truncated) {}

  /**
   * Searches the text files below a workspace directory for a substring or a regular expression.
   */
  @Tool(toolset = "files", emoji = "🔎", check = WorkspaceCheck.class)
  public static SearchResult searchFiles(SearchFiles args, ToolContext context) throws IOException {
    Workspace workspace =
        context
            .attribute(WORKSPACE_ATTRIBUTE, Workspace.class)
            .orElseThrow(() -> new IllegalStateException("no workspace in the call's context"));
    if (args.query().isEmpty()) {
      throw new IllegalArgumentException("query must not be empty");
    }
    Pattern pattern =
        Boolean.TRUE.equals(args.regex())
            ? BoundedText.compile(args.query(), 0)
            : Pattern.compile(
                Pattern.quote(args.query()), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    int maxMatches = args.maxMatches() == null ? DEFAULT_MAX_MATCHES : args.maxMatches();
    String given = args.path() == null ? "" : args.path();
    Path dir = workspace.resolve(given);
    if (!Files.isDirectory(dir)) {
      throw new NoSuchFileException(given, null, "not a directory in the workspace");
    }

    List<Match> matches = new ArrayList<>();
    int files = 0;
    boolean truncated = false;
    // Files.walk does not enter linked folders, and NOFOLLOW_LINKS drops linked files: a link may
    // point out of the workspace, so the search never reads through one.
    try (Stream<Path> walk = Files.walk(dir)) {
      Iterator<Path> paths =
          walk.filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
              .sorted()
              .iterator();
      while (paths.hasNext() && !truncated) {
        Path file = paths.next();
        if (files == MAX_FILES) {
          truncated = true;
          break;
        }
        if (Files.size(file) > FileTools.MAX_FILE_BYTES) {
          continue;
        }
        files++;
        truncated = searchFile(workspace, file, pattern, matches, maxMatches);
      }
    }
    return new SearchResult(matches, files, truncated);
  }

  /** Adds {@code file}'s matching lines; true once {@code max} matches are collected. */
  private static boolean searchFile(
      Workspace workspace, Path file, Pattern pattern, List<Match> matches, int max)
      throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line;
      int number = 0;
      while ((line = reader.readLine()) != null) {
        number++;
        Matcher matcher = BoundedText.matcher(pattern, line, BoundedText.DEFAULT_BUDGET);
        if (matcher.find()) {
          if (matches.size() == max) {
            return true;
          }
          matches.add(new Match(workspace.relativize(file), number, shorten(line)));
        }
      }
    } catch (CharacterCodingException e) {
      // Not UTF-8 text (an image, a class file): skip it, as grep -I does.
    }
    return false;
  }

  private static String shorten(String line) {
    String trimmed = line.strip();
    return trimmed.length() <= MAX_LINE_CHARS
        ? trimmed
        : trimmed.substring(0, MAX_LINE_CHARS) + "…";
  }
}
