package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.annotation.processing.Processor;
import javax.lang.model.element.Modifier;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the README and of the guide pages ({@code docs/guide}) compiles
 * with real javac against the current API, with Toolsmith's processors on, so the documentation
 * cannot drift from the code.
 *
 * <p>A block is compiled as the first of these it parses as: a module declaration (with one tool in
 * the package named like the module, so the processor writes the index it provides); a compilation
 * unit (types; in package {@code snippets} unless it declares its own); class members (in a class);
 * statements (in a method that throws {@code Exception}). Wrapped blocks get the imports {@link
 * #JDK_IMPORTS} and every package of the guide's "API at a glance". In a block, {@code { ... }} is
 * an elided body and a line of only {@code ...} the elided rest of a body: both become {@code throw
 * new UnsupportedOperationException("elided");}.
 *
 * <p>An HTML comment on the line right before the fence adjusts a block (several settings in one
 * comment are separated by {@code ;}):
 *
 * <ul>
 *   <li>{@code <!-- snippet: given ToolRegistry registry, Bindings bindings -->}: variables the
 *       block uses but does not declare, as fields of the wrapping class;
 *   <li>{@code <!-- snippet: imports dev.toolsmith.example.*, a.b.C -->}: more imports;
 *   <li>{@code <!-- snippet: fails as shown below -->}: the block must not compile, and the next
 *       fenced block is javac's output for it, compared exactly;
 *   <li>{@code <!-- snippet: skip REASON -->}: not compiled, for the stated reason.
 * </ul>
 */
final class ReadmeSnippetsCompileTest {

  static final List<String> JDK_IMPORTS =
      List.of(
          "java.io",
          "java.net",
          "java.nio.file",
          "java.time",
          "java.util",
          "java.util.concurrent",
          "java.util.function");

  private static final JavaCompiler JAVAC = ToolProvider.getSystemJavaCompiler();
  private static final Pattern MARKER = Pattern.compile("<!-- snippet: (.*) -->");
  private static final Pattern MODULE =
      Pattern.compile("(?s)\\s*(?:open\\s+)?module\\s+([\\w.]+)\\s*\\{.*");
  private static final Pattern REQUIRES =
      Pattern.compile("requires\\s+(?:(?:static|transitive)\\s+)*([\\w.]+)\\s*;");
  private static final String ELIDED = "throw new UnsupportedOperationException(\"elided\");";
  private static final String WRAPPER = "ReadmeSnippet";

  @TempDir Path temp;

  /** How one block is marked up. */
  record Settings(String skipReason, List<String> given, List<String> imports, boolean fails) {}

  /**
   * One {@code ```java} block: the README line of its fence, its code without the fence's
   * indentation, and for a block marked {@code fails}, the fenced block of javac's output after it
   * (its fence's line and its lines).
   */
  record Snippet(
      String page,
      int fenceLine,
      List<String> code,
      Settings settings,
      int outputLine,
      List<String> output) {

    String where() {
      return page + ":" + fenceLine;
    }
  }

  /**
   * A block as compiled: its kind, the source files, where in its file the block starts, whether it
   * needs the module path and whether javac's printed output is wanted.
   */
  record Unit(
      String kind,
      Map<String, String> files,
      String snippetFile,
      int offset,
      boolean modular,
      boolean printsOutput) {}

  /** What javac did: whether it succeeded, its diagnostics, and what it printed. */
  record Compilation(
      boolean succeeded, List<Diagnostic<? extends JavaFileObject>> diagnostics, String output) {}

  @TestFactory
  Stream<DynamicTest> everyJavaBlockOfTheReadmeCompiles() {
    List<Snippet> snippets = new ArrayList<>();
    for (Readme.Page page : Readme.pages()) {
      snippets.addAll(snippets(page.name(), page.lines()));
    }
    assertFalse(snippets.isEmpty(), "README.md and the guide have no ```java block");
    List<String> imports = defaultImports();
    return snippets.stream()
        .map(
            snippet ->
                DynamicTest.dynamicTest(snippet.where(), () -> check(snippet, imports, temp)));
  }

  @Test
  void everySnippetMarkerIsKnownAndStandsRightBeforeAJavaBlock() {
    // snippets(...) throws, listing the markers it cannot use; each page is read.
    for (Readme.Page page : Readme.pages()) {
      assertDoesNotThrow(() -> snippets(page.name(), page.lines()));
    }
    assertFalse(snippets("README.md", Readme.lines()).isEmpty(), "README.md has no ```java block");
  }

  @Test
  void aBlockThatDoesNotCompileIsReportedAtItsReadmeLineWithJavacsMessage() {
    List<String> readme =
        List.of(
            "# Title",
            "",
            "```java",
            "ToolRegistry registry = ToolRegistry.create();",
            "registry.noSuchMethod();",
            "```");
    AssertionError failure =
        assertThrows(
            AssertionError.class,
            () -> check(snippets("README.md", readme).get(0), defaultImports(), temp));
    assertTrue(
        failure
            .getMessage()
            .startsWith("README.md:3: the ```java block (statements) does not compile"),
        failure.getMessage());
    assertTrue(
        failure.getMessage().contains("README.md:5: error: cannot find symbol"),
        failure.getMessage());
  }

  @Test
  void aBlockMarkedFailsMustPrintExactlyTheOutputShownAfterIt() {
    List<String> readme =
        List.of(
            "<!-- snippet: fails as shown below -->",
            "```java",
            "int x = \"text\";",
            "```",
            "",
            "```",
            "snippets/ReadmeSnippet.java:1: error: something else",
            "1 error",
            "```");
    AssertionError failure =
        assertThrows(
            AssertionError.class,
            () -> check(snippets("README.md", readme).get(0), defaultImports(), temp));
    // The line number depends on how many packages the API list imports; the message does not.
    assertTrue(
        failure
            .getMessage()
            .matches(
                "(?s).*javac printed:\nsnippets/ReadmeSnippet\\.java:\\d+: "
                    + "error: incompatible types: String cannot be converted to int.*"),
        failure.getMessage());
    assertTrue(failure.getMessage().contains("README.md:6 shows"), failure.getMessage());
  }

  /** The imports of wrapped blocks: the JDK's usual packages and every package of the API list. */
  private static List<String> defaultImports() {
    List<String> imports = new ArrayList<>(JDK_IMPORTS);
    imports.addAll(Readme.apiPackages());
    return imports.stream().map(p -> p + ".*").toList();
  }

  // ---- reading the README ----

  /** A page's {@code ```java} blocks; an error lists every marker that is not understood. */
  static List<Snippet> snippets(String page, List<String> readme) {
    List<Snippet> snippets = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < readme.size(); i++) {
      String line = readme.get(i);
      Matcher marker = MARKER.matcher(line.strip());
      if (line.strip().startsWith("<!-- snippet") && !marker.matches()) {
        problems.add(page + ":" + (i + 1) + ": not \"<!-- snippet: SETTINGS -->\": " + line);
      }
      if (marker.matches()) {
        int next = i + 1;
        while (next < readme.size() && MARKER.matcher(readme.get(next).strip()).matches()) {
          next++;
        }
        if (next == readme.size() || !readme.get(next).strip().equals("```java")) {
          problems.add(
              page + ":" + (i + 1) + ": a snippet marker not right before a ```java fence");
        }
      }
      if (!line.strip().equals("```java")) {
        continue;
      }
      int indent = line.indexOf('`');
      int end = closingFence(page, readme, i);
      List<String> code =
          readme.subList(i + 1, end).stream()
              .map(
                  l ->
                      l.length() >= indent && l.substring(0, indent).isBlank()
                          ? l.substring(indent)
                          : l.strip())
              .toList();
      List<String> markers = new ArrayList<>();
      for (int m = i - 1; m >= 0 && MARKER.matcher(readme.get(m).strip()).matches(); m--) {
        Matcher matched = MARKER.matcher(readme.get(m).strip());
        matched.matches();
        markers.add(0, matched.group(1));
      }
      Settings settings = settings(page, markers, i + 1, problems);
      int outputLine = 0;
      List<String> output = List.of();
      if (settings.fails()) {
        int open = end + 1;
        while (open < readme.size() && readme.get(open).isBlank()) {
          open++;
        }
        if (open == readme.size() || !readme.get(open).strip().startsWith("```")) {
          problems.add(
              page
                  + ":"
                  + (i + 1)
                  + ": a block marked fails needs a fenced block of javac's output after it");
        } else {
          outputLine = open + 1;
          output = readme.subList(open + 1, closingFence(page, readme, open));
        }
      }
      snippets.add(new Snippet(page, i + 1, code, settings, outputLine, output));
      i = end;
    }
    if (!problems.isEmpty()) {
      throw new AssertionError(
          page + " snippet markers the tests cannot use:\n  " + String.join("\n  ", problems));
    }
    return snippets;
  }

  private static int closingFence(String page, List<String> readme, int open) {
    for (int i = open + 1; i < readme.size(); i++) {
      if (readme.get(i).strip().equals("```")) {
        return i;
      }
    }
    throw new AssertionError(page + ":" + (open + 1) + ": a fence that is never closed");
  }

  private static Settings settings(
      String page, List<String> markers, int fence, List<String> problems) {
    String skip = null;
    List<String> given = new ArrayList<>();
    List<String> imports = new ArrayList<>();
    boolean fails = false;
    for (String setting :
        markers.stream().flatMap(m -> Stream.of(m.split(";"))).map(String::strip).toList()) {
      if (setting.startsWith("skip ") && !setting.substring(5).isBlank()) {
        skip = setting.substring(5).strip();
      } else if (setting.startsWith("given ")) {
        for (String variable : splitOutsideAngles(setting.substring(6))) {
          if (!variable.matches("\\S.*\\s+[A-Za-z_]\\w*")) {
            problems.add(
                page + ":" + fence + ": \"given\" wants TYPE NAME, found \"" + variable + "\"");
          }
          given.add(variable);
        }
      } else if (setting.startsWith("imports ")) {
        Stream.of(setting.substring(8).split(",")).map(String::strip).forEach(imports::add);
      } else if (setting.equals("fails as shown below")) {
        fails = true;
      } else {
        problems.add(
            page
                + ":"
                + fence
                + ": unknown snippet setting \""
                + setting
                + "\" (known: given TYPE NAME, ...; imports NAME, ...; fails as shown below; skip REASON)");
      }
    }
    return new Settings(skip, given, imports, fails);
  }

  private static List<String> splitOutsideAngles(String text) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      depth += c == '<' ? 1 : c == '>' ? -1 : 0;
      if (c == ',' && depth == 0) {
        parts.add(text.substring(start, i).strip());
        start = i + 1;
      }
    }
    parts.add(text.substring(start).strip());
    return parts;
  }

  // ---- compiling a block ----

  private static void check(Snippet snippet, List<String> defaultImports, Path temp)
      throws IOException {
    Assumptions.assumeTrue(
        snippet.settings().skipReason() == null,
        () -> snippet.where() + " is not compiled: " + snippet.settings().skipReason());
    Unit unit = unit(snippet, defaultImports);
    Path dir = Files.createTempDirectory(temp, "snippet");
    Compilation compilation = compile(unit, dir);
    if (snippet.settings().fails()) {
      String shown = snippet.page() + ":" + snippet.outputLine();
      String expected = String.join("\n", snippet.output());
      if (compilation.succeeded() || !compilation.output().equals(expected)) {
        throw new AssertionError(
            snippet.where()
                + ": the block marked fails prints other javac output than "
                + shown
                + " shows.\n"
                + shown
                + " shows:\n"
                + expected
                + "\njavac printed:\n"
                + compilation.output()
                + "\n"
                + listing(unit));
      }
      return;
    }
    List<Diagnostic<? extends JavaFileObject>> errors =
        compilation.diagnostics().stream()
            .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
            .toList();
    if (!compilation.succeeded() || !errors.isEmpty()) {
      throw new AssertionError(
          snippet.where()
              + ": the ```java block ("
              + unit.kind()
              + ") does not compile against the current API:\n"
              + errors.stream()
                  .map(d -> describe(d, snippet, unit, dir.resolve("src")))
                  .collect(Collectors.joining("\n"))
              + "\n"
              + listing(unit));
    }
  }

  /** Chooses how to compile a block: the first form it parses as. */
  private static Unit unit(Snippet snippet, List<String> defaultImports) {
    boolean fails = snippet.settings().fails();
    List<String> code =
        snippet.code().stream()
            .map(
                line ->
                    line.strip().equals("...")
                        ? line.replace("...", ELIDED)
                        : line.replace("{ ... }", "{ " + ELIDED + " }"))
            .toList();
    String body = String.join("\n", code) + "\n";
    Matcher module = MODULE.matcher(body.replaceAll("(?s)/\\*.*?\\*/|//[^\n]*", ""));
    if (module.matches()) {
      String name = module.group(1);
      String tool =
          "package "
              + name
              + ";\n\n"
              + "/** A tool, so that the processor writes the index the module declaration provides. */\n"
              + "public final class ReadmeTool {\n"
              + "  /** Answers. */\n"
              + "  @dev.toolsmith.annotations.Tool\n"
              + "  public static String answer() {\n    return \"42\";\n  }\n}\n";
      Map<String, String> files = new LinkedHashMap<>();
      files.put("module-info.java", body);
      files.put(name.replace('.', '/') + "/ReadmeTool.java", tool);
      return new Unit("module declaration", files, "module-info.java", 0, true, fails);
    }

    List<String> imports = new ArrayList<>(defaultImports);
    imports.addAll(snippet.settings().imports());
    String header =
        "package snippets;\n\n"
            + imports.stream().map(i -> "import " + i + ";\n").collect(Collectors.joining())
            + "\n";
    String fields =
        snippet.settings().given().stream()
            .map(g -> "  " + g + ";\n")
            .collect(Collectors.joining());
    Map<String, List<Diagnostic<? extends JavaFileObject>>> parseErrors = new LinkedHashMap<>();

    CompilationUnitTree asUnit = parse(body, "compilation unit", parseErrors);
    if (asUnit != null) {
      boolean ownPackage = asUnit.getPackageName() != null;
      String source = ownPackage ? body : header + body;
      String packagePath =
          ownPackage ? asUnit.getPackageName().toString().replace('.', '/') + "/" : "snippets/";
      String file = packagePath + topLevelTypeName(asUnit) + ".java";
      return new Unit(
          "compilation unit",
          Map.of(file, source),
          file,
          lines(source) - lines(body),
          false,
          fails);
    }
    String classStart = header + "public class " + WRAPPER + " {\n" + fields;
    if (parse(classStart + body + "}\n", "class members", parseErrors) != null) {
      String file = "snippets/" + WRAPPER + ".java";
      return new Unit(
          "class members",
          Map.of(file, classStart + body + "}\n"),
          file,
          lines(classStart),
          false,
          fails);
    }
    String methodStart = classStart + "  void run() throws Exception {\n";
    String source = methodStart + body + "  }\n}\n";
    if (parse(source, "statements", parseErrors) != null) {
      String file = "snippets/" + WRAPPER + ".java";
      return new Unit("statements", Map.of(file, source), file, lines(methodStart), false, fails);
    }
    throw new AssertionError(
        snippet.where()
            + ": the ```java block parses neither as a compilation unit, nor as"
            + " class members, nor as statements:\n"
            + parseErrors.entrySet().stream()
                .map(
                    e ->
                        "  as "
                            + e.getKey()
                            + ": "
                            + e.getValue().stream()
                                .map(
                                    d ->
                                        "line "
                                            + d.getLineNumber()
                                            + ": "
                                            + d.getMessage(Locale.ROOT))
                                .toList())
                .collect(Collectors.joining("\n")));
  }

  private static int lines(String text) {
    return (int) text.chars().filter(c -> c == '\n').count();
  }

  /**
   * The parsed unit, or null when the text does not parse as one (its errors then go to {@code
   * errors}).
   */
  private static CompilationUnitTree parse(
      String source, String kind, Map<String, List<Diagnostic<? extends JavaFileObject>>> errors) {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    JavaFileObject file =
        new SimpleJavaFileObject(
            URI.create("string:///" + WRAPPER + ".java"), JavaFileObject.Kind.SOURCE) {
          @Override
          public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return source;
          }
        };
    JavacTask task =
        (JavacTask)
            JAVAC.getTask(null, null, diagnostics, List.of("-proc:none"), null, List.of(file));
    try {
      List<CompilationUnitTree> units = new ArrayList<>();
      task.parse().forEach(units::add);
      List<Diagnostic<? extends JavaFileObject>> found =
          diagnostics.getDiagnostics().stream()
              .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
              .toList();
      if (found.isEmpty() && units.size() == 1) {
        return units.get(0);
      }
      errors.put(kind, found);
      return null;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** The public top-level type's name, else the first type's, which names the file javac wants. */
  private static String topLevelTypeName(CompilationUnitTree unit) {
    List<ClassTree> types =
        unit.getTypeDecls().stream()
            .filter(t -> t instanceof ClassTree)
            .map(t -> (ClassTree) t)
            .toList();
    return types.stream()
        .filter(t -> t.getModifiers().getFlags().contains(Modifier.PUBLIC))
        .findFirst()
        .or(() -> types.stream().findFirst())
        .map(t -> t.getSimpleName().toString())
        .orElse(WRAPPER);
  }

  /**
   * Compiles with Toolsmith's processors, on the test class path (or module path). The diagnostics
   * come back as objects, or, for a block that shows javac's output, as the text javac prints on
   * the command line run from the source root.
   */
  private static Compilation compile(Unit unit, Path dir) throws IOException {
    Path sources = dir.resolve("src");
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> file : unit.files().entrySet()) {
      Path path = sources.resolve(file.getKey());
      Files.createDirectories(path.getParent());
      files.add(Files.writeString(path, file.getValue()));
    }
    List<String> options =
        new ArrayList<>(
            List.of(
                "-encoding", "UTF-8",
                "-d", Files.createDirectories(dir.resolve("classes")).toString(),
                "-s", Files.createDirectories(dir.resolve("generated")).toString()));
    options.add(unit.modular() ? "--module-path" : "-classpath");
    options.add(
        unit.modular()
            ? modulePath(unit.files().get(unit.snippetFile()))
            : System.getProperty("java.class.path"));
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter printed = new StringWriter();
    boolean succeeded;
    try (StandardJavaFileManager manager =
        JAVAC.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          JAVAC.getTask(
              printed,
              manager,
              unit.printsOutput() ? null : diagnostics,
              options,
              null,
              manager.getJavaFileObjectsFromPaths(files));
      task.setProcessors(processors());
      task.setLocale(Locale.ROOT);
      succeeded = task.call();
    }
    String output =
        printed.toString().replace(sources + File.separator, "").replace("\r\n", "\n").strip();
    return new Compilation(succeeded, diagnostics.getDiagnostics(), output);
  }

  /** Fresh instances of the processors the processor jar registers, as javac would load them. */
  private static List<Processor> processors() {
    List<Processor> processors =
        ServiceLoader.load(Processor.class, ReadmeSnippetsCompileTest.class.getClassLoader())
            .stream()
            .filter(p -> p.type().getName().startsWith("dev.toolsmith."))
            .map(ServiceLoader.Provider::get)
            .map(Processor.class::cast)
            .toList();
    assertFalse(processors.isEmpty(), "no Toolsmith annotation processor on the test class path");
    return processors;
  }

  /**
   * The module path a module declaration needs: the modules it requires and what they require at
   * compile time (not static, or static and transitive), found among the test class path's modules.
   */
  private static String modulePath(String moduleInfo) {
    Map<String, ModuleReference> available = new LinkedHashMap<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry);
      if (entry.isEmpty()
          || !Files.exists(path)
          || (Files.isDirectory(path) && !Files.exists(path.resolve("module-info.class")))) {
        continue;
      }
      try {
        ModuleFinder.of(path)
            .findAll()
            .forEach(m -> available.putIfAbsent(m.descriptor().name(), m));
      } catch (FindException e) {
        // not a usable module (e.g. a jar whose name gives no module name): a class path library
        // only
      }
    }
    Set<String> system =
        ModuleFinder.ofSystem().findAll().stream()
            .map(m -> m.descriptor().name())
            .collect(Collectors.toSet());
    Deque<String> pending = new ArrayDeque<>();
    Matcher requires = REQUIRES.matcher(moduleInfo);
    while (requires.find()) {
      pending.add(requires.group(1));
    }
    Set<String> path = new LinkedHashSet<>();
    Set<String> seen = new LinkedHashSet<>();
    while (!pending.isEmpty()) {
      String name = pending.pop();
      if (!seen.add(name) || system.contains(name)) {
        continue;
      }
      ModuleReference module = available.get(name);
      if (module == null) {
        throw new AssertionError("module " + name + " is not on the test class path");
      }
      path.add(Path.of(module.location().orElseThrow()).toString());
      for (ModuleDescriptor.Requires required : module.descriptor().requires()) {
        Set<ModuleDescriptor.Requires.Modifier> modifiers = required.modifiers();
        if (!modifiers.contains(ModuleDescriptor.Requires.Modifier.STATIC)
            || modifiers.contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE)) {
          pending.add(required.name());
        }
      }
    }
    return String.join(File.pathSeparator, path);
  }

  // ---- reporting ----

  /** One error, at its README line when it is in the block, with the offending line and a caret. */
  private static String describe(
      Diagnostic<? extends JavaFileObject> d, Snippet snippet, Unit unit, Path sources) {
    String message = d.getMessage(Locale.ROOT);
    if (d.getSource() == null) {
      return "error: " + message;
    }
    String file =
        sources
            .relativize(Path.of(d.getSource().toUri()))
            .toString()
            .replace(File.separatorChar, '/');
    int line = (int) d.getLineNumber();
    int inBlock = line - unit.offset() - 1;
    String where =
        file.equals(unit.snippetFile()) && inBlock >= 0 && inBlock < snippet.code().size()
            ? snippet.page() + ":" + (snippet.fenceLine() + 1 + inBlock)
            : file + ":" + line + " (not in the block: generated around it or by the processor)";
    String source =
        file.equals(unit.snippetFile()) && line > 0
            ? "\n    "
                + unit.files().get(file).lines().skip(line - 1).findFirst().orElse("").strip()
            : "";
    return where + ": error: " + message + source;
  }

  /** The block as compiled, with line numbers, for a failure message. */
  private static String listing(Unit unit) {
    StringBuilder listing = new StringBuilder();
    unit.files()
        .forEach(
            (file, text) -> {
              listing.append("compiled as ").append(file).append(":\n");
              List<String> lines = text.lines().toList();
              for (int i = 0; i < lines.size(); i++) {
                listing.append(String.format("%4d  %s%n", i + 1, lines.get(i)));
              }
            });
    return listing.toString();
  }
}
