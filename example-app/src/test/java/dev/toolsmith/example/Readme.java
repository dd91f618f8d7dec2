package dev.toolsmith.example;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The repository's README.md and the guide pages under {@code docs/guide}, as the documentation
 * tests read them, and the guide's "API at a glance" list ({@code docs/guide/api.md}).
 */
final class Readme {

  static final String API_SECTION = "# API at a glance";

  /** The page holding the API list, relative to the repository root. */
  static final String API_PAGE = "docs/guide/api.md";

  /** A documentation page: its path relative to the repository root and its lines. */
  record Page(String name, List<String> lines) {}

  /**
   * {@code ## dev.toolsmith.runtime (toolsmith-runtime)}: a package and the artifact holding it.
   */
  private static final Pattern PACKAGE_HEADING =
      Pattern.compile("## (dev\\.toolsmith(?:\\.[a-z][a-z0-9_]*)*) \\((toolsmith-[a-z0-9-]+)\\)");

  /** {@code - `ToolRegistry`: what it is for}. */
  private static final Pattern TYPE_LINE = Pattern.compile("- `([A-Z][A-Za-z0-9_]*)`: \\S.*");

  /** One type the API list names, under the heading of its package and artifact. */
  record ListedType(String artifact, String packageName, String simpleName, int line) {

    String qualifiedName() {
      return packageName + "." + simpleName;
    }
  }

  private Readme() {}

  /**
   * The README of the repository this build runs in: the nearest one above the working directory.
   */
  static Path path() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path readme = dir.resolve("README.md");
      if (Files.isRegularFile(readme) && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return readme;
      }
    }
    throw new AssertionError(
        "no README.md next to a pom.xml above " + Path.of("").toAbsolutePath());
  }

  static List<String> lines() {
    return read(path());
  }

  /** README.md, then every page of {@code docs/guide} in name order. */
  static List<Page> pages() {
    Path root = path().getParent();
    List<Page> pages = new ArrayList<>();
    pages.add(new Page("README.md", lines()));
    try (Stream<Path> guide = Files.list(root.resolve("docs/guide"))) {
      guide
          .filter(file -> file.getFileName().toString().endsWith(".md"))
          .sorted()
          .forEach(file -> pages.add(new Page(root.relativize(file).toString(), read(file))));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return pages;
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The types the API section lists, in page order. A line of the section that starts like a
   * heading or a list item but does not have the format is an error, so a typo cannot drop a type
   * from the comparison unnoticed.
   */
  static List<ListedType> apiList() {
    List<String> lines = read(path().getParent().resolve(API_PAGE));
    int start = lines.indexOf(API_SECTION);
    if (start < 0) {
      throw new AssertionError(API_PAGE + " has no line \"" + API_SECTION + "\"");
    }
    List<ListedType> listed = new ArrayList<>();
    List<String> malformed = new ArrayList<>();
    String artifact = null;
    String packageName = null;
    for (int i = start + 1; i < lines.size(); i++) {
      String line = lines.get(i);
      int number = i + 1;
      if (line.startsWith("#")) {
        Matcher heading = PACKAGE_HEADING.matcher(line);
        if (!heading.matches()) {
          malformed.add(
              API_PAGE + ":" + number + ": not \"## dev.toolsmith.PACKAGE (ARTIFACT)\": " + line);
          continue;
        }
        packageName = heading.group(1);
        artifact = heading.group(2);
      } else if (line.startsWith("- ")) {
        Matcher type = TYPE_LINE.matcher(line);
        if (!type.matches()) {
          malformed.add(
              API_PAGE + ":" + number + ": not \"- `TypeName`: what it is for\": " + line);
        } else if (packageName == null) {
          malformed.add(
              API_PAGE + ":" + number + ": a type before the first package heading: " + line);
        } else {
          listed.add(new ListedType(artifact, packageName, type.group(1), number));
        }
      }
    }
    Set<String> seen = new LinkedHashSet<>();
    for (ListedType type : listed) {
      if (!seen.add(type.qualifiedName())) {
        malformed.add(API_PAGE + ":" + type.line() + ": listed twice: " + type.qualifiedName());
      }
    }
    if (!malformed.isEmpty()) {
      throw new AssertionError(
          API_PAGE
              + "'s \""
              + API_SECTION
              + "\" has lines the tests cannot read:\n  "
              + String.join("\n  ", malformed));
    }
    return listed;
  }

  /** The packages the API section has headings for, in page order. */
  static List<String> apiPackages() {
    return apiList().stream().map(ListedType::packageName).distinct().toList();
  }
}
