package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No simple class name stands twice in the main code of the reactor's modules: a reader (or an
 * import completion) never has to ask which {@code JsonText} is meant.
 */
final class UniqueClassNamesTest {

  private static final Path ROOT = Readme.path().getParent();

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  @Test
  void everyTopLevelClassOfTheMainCodeHasItsOwnSimpleName() throws IOException {
    Map<String, List<String>> byName = new TreeMap<>();
    Matcher modules = MODULE.matcher(Files.readString(ROOT.resolve("pom.xml")));
    while (modules.find()) {
      Path sources = ROOT.resolve(modules.group(1).trim()).resolve("src/main/java");
      if (!Files.isDirectory(sources)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(sources)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          String name = file.getFileName().toString().replaceFirst("\\.java$", "");
          if (!name.equals("module-info") && !name.equals("package-info")) {
            byName
                .computeIfAbsent(name, n -> new ArrayList<>())
                .add(ROOT.relativize(file).toString());
          }
        }
      }
    }
    assertTrue(byName.containsKey("ToolRegistry"), "main code not found below " + ROOT);
    Map<String, List<String>> twice = new TreeMap<>(byName);
    twice.values().removeIf(paths -> paths.size() < 2);
    assertEquals(Map.of(), twice, "simple class names used more than once in main code");
  }
}
