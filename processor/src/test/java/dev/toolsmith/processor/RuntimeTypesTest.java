package dev.toolsmith.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.squareup.javapoet.ClassName;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime types generated code names are the runtime's real classes, and named in one place:
 * {@link RuntimeTypes}.
 */
class RuntimeTypesTest {

  private static final Pattern RUNTIME_IMPORT =
      Pattern.compile(
          "^import (dev\\.toolsmith\\.(?:runtime|schema)\\.[\\w.]+);$", Pattern.MULTILINE);

  @Test
  void everyNamedTypeIsARealRuntimeClass() throws IllegalAccessException {
    List<String> missing = new ArrayList<>();
    List<ClassName> names = constants();
    for (ClassName name : names) {
      try {
        Class.forName(name.reflectionName(), false, getClass().getClassLoader());
      } catch (ClassNotFoundException e) {
        missing.add(name.reflectionName());
      }
    }
    assertEquals(List.of(), missing, "named by RuntimeTypes, absent from the runtime");
    assertTrue(names.size() > 20, "found " + names.size() + " constants");
  }

  @Test
  void theGeneratedGoldensNameNoRuntimeTypeOutsideRuntimeTypes()
      throws IOException, IllegalAccessException {
    Set<String> known = new TreeSet<>();
    for (ClassName name : constants()) {
      known.add(name.canonicalName());
    }
    Set<String> imported = new TreeSet<>();
    try (Stream<Path> files = Files.walk(Path.of("src/test/resources/golden/generated"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        if (!file.toString().contains("/expected/")) {
          continue;
        }
        Matcher matcher = RUNTIME_IMPORT.matcher(Files.readString(file));
        while (matcher.find()) {
          imported.add(matcher.group(1));
        }
      }
    }
    assertTrue(imported.size() > 10, "goldens import " + imported);
    imported.removeAll(known);
    assertEquals(Set.of(), imported, "Toolsmith types in generated code that RuntimeTypes lacks");
  }

  private static List<ClassName> constants() throws IllegalAccessException {
    List<ClassName> names = new ArrayList<>();
    for (Field field : RuntimeTypes.class.getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == ClassName.class) {
        field.setAccessible(true);
        names.add((ClassName) field.get(null));
      }
    }
    return names;
  }
}
