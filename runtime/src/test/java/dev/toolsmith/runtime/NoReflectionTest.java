package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime's compiled classes call no reflection: no {@code java.lang.reflect}, no method
 * handles, no {@code Class.forName} or member lookup, no Jackson data-binding. Read from the class
 * files' constant pools, where every method a class calls is named.
 */
class NoReflectionTest {

  private static final Set<String> CLASS_LOOKUPS =
      Set.of(
          "forName",
          "newInstance",
          "getMethod",
          "getMethods",
          "getDeclaredMethod",
          "getDeclaredMethods",
          "getField",
          "getFields",
          "getDeclaredField",
          "getDeclaredFields",
          "getConstructor",
          "getConstructors",
          "getDeclaredConstructor",
          "getDeclaredConstructors",
          "getRecordComponents");

  /** Bootstraps javac itself emits for lambdas and string concatenation. */
  private static final Set<String> LANGUAGE_BOOTSTRAPS =
      Set.of("java/lang/invoke/LambdaMetafactory", "java/lang/invoke/StringConcatFactory");

  @Test
  void runtimeClassesCallNoReflection() throws Exception {
    Path classes =
        Path.of(ToolRegistry.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files =
          walk.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
    }
    assertTrue(files.size() > 10, "found the runtime's classes in " + classes);

    List<String> violations = new ArrayList<>();
    for (Path file : files) {
      for (String call : forbiddenCalls(Files.readAllBytes(file))) {
        violations.add(classes.relativize(file) + " calls " + call);
      }
    }
    assertEquals(List.of(), violations);
  }

  @Test
  void theScanSeesReflection() throws IOException, URISyntaxException {
    assertEquals(
        List.of(
            "java/lang/Class.forName",
            "java/lang/Class.getDeclaredMethod",
            "java/lang/reflect/Method.invoke"),
        forbiddenCalls(classBytes(Reflective.class)).stream()
            .sorted()
            .collect(Collectors.toList()));
  }

  /** A class that reflects, to prove the scan would notice. */
  static final class Reflective {
    static Object call() throws Exception {
      return Class.forName("java.lang.Object").getDeclaredMethod("toString").invoke(new Object());
    }
  }

  private static byte[] classBytes(Class<?> type) throws IOException {
    String resource = type.getName().substring(type.getPackageName().length() + 1) + ".class";
    try (InputStream in = type.getResourceAsStream(resource)) {
      return in.readAllBytes();
    }
  }

  /** Jackson's tree model (JsonNode and its node classes) binds nothing and reflects on nothing. */
  private static boolean isTreeModel(String owner) {
    return owner.equals("com/fasterxml/jackson/databind/JsonNode")
        || owner.startsWith("com/fasterxml/jackson/databind/node/");
  }

  /** Every forbidden method a class file references, as {@code owner.name}. */
  static List<String> forbiddenCalls(byte[] classFile) throws IOException {
    ConstantPool pool = ConstantPool.read(classFile);
    List<String> forbidden = new ArrayList<>();
    for (int i = 1; i < pool.size(); i++) {
      if (pool.tags[i] == 10 || pool.tags[i] == 11) { // Methodref, InterfaceMethodref
        String owner = pool.utf8[pool.first[pool.first[i]]];
        String name = pool.utf8[pool.first[pool.second[i]]];
        boolean reflective =
            owner.startsWith("java/lang/reflect/")
                || (owner.startsWith("java/lang/invoke/") && !LANGUAGE_BOOTSTRAPS.contains(owner))
                || (owner.equals("java/lang/Class") && CLASS_LOOKUPS.contains(name))
                || (owner.startsWith("com/fasterxml/jackson/databind/") && !isTreeModel(owner));
        if (reflective) {
          forbidden.add(owner + "." + name);
        }
      }
    }
    return forbidden;
  }
}
