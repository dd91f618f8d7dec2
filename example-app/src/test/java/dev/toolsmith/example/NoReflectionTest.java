package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.schema.Dialects;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The dispatch path uses no reflection: the runtime's classes and the classes the processor
 * generated for this app call no {@code java.lang.reflect}, no {@code MethodHandle.invoke*}, no
 * reflective {@code Class} look-ups and no Jackson data binding. Checked on the bytecode, with ASM.
 */
final class NoReflectionTest {

  @Test
  void runtimeUsesNoReflection() throws IOException {
    Map<String, List<String>> scanned =
        scan(codeSource(ToolRegistry.class), "dev/toolsmith/runtime/");
    // The schema module runs inside the runtime (dialects, patterns, formats).
    scanned.putAll(scan(codeSource(Dialects.class), "dev/toolsmith/schema/"));
    assertTrue(
        scanned.containsKey("dev/toolsmith/schema/Dialects"),
        "the schema module was not scanned: " + scanned.keySet());
    assertTrue(
        scanned.containsKey("dev/toolsmith/runtime/ToolRegistry"),
        "the runtime was not scanned: " + scanned.keySet());
    assertTrue(
        scanned.keySet().stream()
            .anyMatch(name -> name.startsWith("dev/toolsmith/runtime/support/")),
        "the runtime's support package was not scanned: " + scanned.keySet());
    assertEquals(Map.of(), violations(scanned));
  }

  @Test
  void generatedCodeUsesNoReflection() throws IOException {
    Map<String, List<String>> scanned = scan(codeSource(Toolsmith.class), "dev/toolsmith/example/");
    scanned.keySet().removeIf(name -> !isGenerated(name));
    assertTrue(
        scanned.keySet().stream().anyMatch(name -> simpleName(name).startsWith("ToolsmithIndex_")),
        "no generated index found: " + scanned.keySet());
    assertTrue(
        scanned.keySet().stream().anyMatch(name -> simpleName(name).endsWith("_Tools")),
        "no generated tool adapters found: " + scanned.keySet());
    assertEquals(Map.of(), violations(scanned));
  }

  @Test
  void catchesReflectionWhenThereIsSome() throws IOException {
    Map<String, List<String>> scanned = new TreeMap<>();
    String name = ReflectiveFixture.class.getName().replace('.', '/');
    try (InputStream in =
        ReflectiveFixture.class.getResourceAsStream(
            ReflectiveFixture.class.getSimpleName() + ".class")) {
      scanned.put(name, calls(in.readAllBytes()));
    }
    List<String> found = violations(scanned).get(name);
    assertEquals(
        List.of(
            "callByName -> java/lang/Class.forName",
            "callByName -> java/lang/Class.getMethod",
            "callByName -> java/lang/reflect/Method.invoke",
            "callHandle -> java/lang/invoke/MethodHandle.invokeExact",
            "construct -> java/lang/Class.getDeclaredConstructor",
            "construct -> java/lang/reflect/Constructor.newInstance",
            "readBean -> com/fasterxml/jackson/databind/ObjectMapper.<init>",
            "readBean -> com/fasterxml/jackson/databind/ObjectMapper.readValue"),
        found);
    // Lambdas and records compile to invokedynamic: not reflection, not reported.
    assertFalse(
        found.stream().anyMatch(call -> call.startsWith("lambdasAreFine")), found.toString());
  }

  /**
   * Whether {@code internalName} is a class the Toolsmith processor generated, or one nested in it.
   */
  private static boolean isGenerated(String internalName) {
    String simple = simpleName(internalName);
    return simple.endsWith("_Tools") || simple.startsWith("ToolsmithIndex_");
  }

  /** The simple name of the outermost class: {@code a/b/Outer$Inner} gives {@code Outer}. */
  private static String simpleName(String internalName) {
    String simple = internalName.substring(internalName.lastIndexOf('/') + 1);
    int nested = simple.indexOf('$');
    return nested < 0 ? simple : simple.substring(0, nested);
  }

  /**
   * The forbidden calls, by class, of the classes in {@code scanned}; classes without any are left
   * out.
   */
  static Map<String, List<String>> violations(Map<String, List<String>> scanned) {
    Map<String, List<String>> violations = new TreeMap<>();
    scanned.forEach(
        (name, calls) -> {
          List<String> forbidden =
              calls.stream().filter(NoReflectionTest::isForbidden).sorted().toList();
          if (!forbidden.isEmpty()) {
            violations.put(name, forbidden);
          }
        });
    return violations;
  }

  /** Whether a call written {@code caller -> owner.name} is reflection or data binding. */
  static boolean isForbidden(String call) {
    String target = call.substring(call.indexOf(" -> ") + 4);
    String owner = target.substring(0, target.lastIndexOf('.'));
    String name = target.substring(target.lastIndexOf('.') + 1);
    if (owner.startsWith("java/lang/reflect/")) {
      return true;
    }
    switch (owner) {
      case "java/lang/invoke/MethodHandle":
        return name.startsWith("invoke");
      case "java/lang/invoke/MethodHandles$Lookup":
        return name.startsWith("find") || name.startsWith("unreflect");
      case "java/lang/Class":
        return name.equals("forName")
            || name.equals("newInstance")
            || name.startsWith("getMethod")
            || name.startsWith("getDeclared")
            || name.startsWith("getField")
            || name.startsWith("getConstructor");
      case "com/fasterxml/jackson/databind/ObjectMapper":
      case "com/fasterxml/jackson/databind/ObjectReader":
      case "com/fasterxml/jackson/databind/ObjectWriter":
        return true;
      default:
        return false;
    }
  }

  /** Every class file below {@code prefix} in a directory or jar, mapped to the calls it makes. */
  private static Map<String, List<String>> scan(Path location, String prefix) throws IOException {
    Map<String, List<String>> scanned = new TreeMap<>();
    if (Files.isDirectory(location)) {
      try (Stream<Path> files = Files.walk(location.resolve(prefix))) {
        for (Path file :
            (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
          String name = location.relativize(file).toString().replace('\\', '/');
          scanned.put(
              name.substring(0, name.length() - ".class".length()),
              calls(Files.readAllBytes(file)));
        }
      }
    } else {
      try (JarFile jar = new JarFile(location.toFile())) {
        for (Enumeration<JarEntry> entries = jar.entries(); entries.hasMoreElements(); ) {
          JarEntry entry = entries.nextElement();
          String name = entry.getName();
          if (name.startsWith(prefix) && name.endsWith(".class")) {
            try (InputStream in = jar.getInputStream(entry)) {
              scanned.put(
                  name.substring(0, name.length() - ".class".length()), calls(in.readAllBytes()));
            }
          }
        }
      }
    }
    return scanned;
  }

  /**
   * Every method call instruction in a class file, as {@code method -> owner.name}. Invokedynamic
   * is left out: its bootstrap handles are how lambdas, records and string concatenation are
   * linked.
   */
  static List<String> calls(byte[] classFile) {
    List<String> calls = new ArrayList<>();
    new ClassReader(classFile)
        .accept(
            new ClassVisitor(Opcodes.ASM9) {
              @Override
              public MethodVisitor visitMethod(
                  int access,
                  String method,
                  String descriptor,
                  String signature,
                  String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                  @Override
                  public void visitMethodInsn(
                      int opcode, String owner, String name, String desc, boolean isInterface) {
                    calls.add(method + " -> " + owner + "." + name);
                  }
                };
              }
            },
            ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    return calls;
  }

  /** The directory or jar a class was loaded from. */
  private static Path codeSource(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new UncheckedIOException(new IOException(e));
    }
  }
}
