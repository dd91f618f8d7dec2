package dev.toolsmith.processor;

import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.spi.ToolIndex;
import dev.toolsmith.runtime.tool.ToolContext;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Test helper: compiles sources with the processor, writes the class output to a directory and
 * loads it.
 */
final class Compiled {

  /**
   * Every lint but "processing": that one warns whenever no processor claims an annotation, and
   * this processor never claims {@code @Tool} (so other processors may see it too). The fixtures
   * hold many tools in one toolset on purpose: the crowded-toolset advice is off here ({@link
   * CrowdedToolsetTest} holds it).
   */
  static final String[] STRICT = {
    "-Xlint:all,-processing", "-Werror", "-Atoolsmith.warnCrowdedToolsets=false"
  };

  private Compiled() {}

  /** Toolsmith's processors, as a build runs them: adapters, then the index. */
  static List<javax.annotation.processing.Processor> processors() {
    return List.of(new ToolProcessor(), new IndexProcessor());
  }

  /** Compiles {@code sources} with the processor and {@link #STRICT} lint; asserts success. */
  static Compilation compile(JavaFileObject... sources) {
    Compilation compilation =
        javac()
            .withProcessors(Compiled.processors())
            .withOptions((Object[]) STRICT)
            .compile(sources);
    CompilationSubject.assertThat(compilation).succeededWithoutWarnings();
    assertSchemasValid(compilation);
    return compilation;
  }

  /**
   * Asserts that the schema of every tool the compilation's index lists (bound tools aside) is a
   * valid JSON Schema 2020-12 document, by the meta-schema and an independent validator; returns
   * how many were checked.
   */
  static int assertSchemasValid(Compilation compilation) {
    try {
      Path dir = writeClassOutput(compilation, Files.createTempDirectory("toolsmith-schemas"));
      int checked = 0;
      try (URLClassLoader loader = loader(dir)) {
        for (ToolEntry entry : tools(loader, Bindings.none()).values()) {
          List<com.networknt.schema.Error> errors =
              Validator.metaSchemaErrors(entry.definition().schema());
          if (!errors.isEmpty()) {
            throw new AssertionError(entry.name() + " has no valid 2020-12 schema: " + errors);
          }
          if (entry.definition().outputSchema() != null) {
            errors = Validator.metaSchemaErrors(entry.definition().outputSchema());
            if (!errors.isEmpty()) {
              throw new AssertionError(
                  entry.name() + " has no valid 2020-12 output schema: " + errors);
            }
          }
          checked++;
        }
      }
      return checked;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Compiles with javac itself into {@code dir}/classes and {@code dir}/sources, so a failed
   * compilation's generated files can still be inspected; returns whether it succeeded.
   */
  static boolean compileToDisk(Path dir, JavaFileObject... sources) {
    try {
      Path classes = Files.createDirectories(dir.resolve("classes"));
      Path generated = Files.createDirectories(dir.resolve("sources"));
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      try (StandardJavaFileManager files =
          javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
        List<String> options =
            List.of(
                "-d",
                classes.toString(),
                "-s",
                generated.toString(),
                "-classpath",
                System.getProperty("java.class.path"));
        JavaCompiler.CompilationTask task =
            javac.getTask(null, files, diagnostic -> {}, options, null, List.of(sources));
        task.setProcessors(Compiled.processors());
        return task.call();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes every class-output file (classes and resources) of {@code compilation} below {@code
   * dir}.
   */
  static Path writeClassOutput(Compilation compilation, Path dir) {
    try {
      for (JavaFileObject file : compilation.generatedFiles()) {
        String uri = file.toUri().getPath();
        int at = uri.indexOf("/CLASS_OUTPUT/");
        if (at < 0) {
          continue;
        }
        Path target = dir.resolve(uri.substring(at + "/CLASS_OUTPUT/".length()));
        Files.createDirectories(target.getParent());
        try (InputStream in = file.openInputStream()) {
          Files.copy(in, target);
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A class loader over {@code dirs}, with this test's class path (runtime, Jackson) as parent. */
  static URLClassLoader loader(Path... dirs) {
    URL[] urls = new URL[dirs.length];
    try {
      for (int i = 0; i < dirs.length; i++) {
        urls[i] = dirs[i].toUri().toURL();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new URLClassLoader(urls, Compiled.class.getClassLoader());
  }

  /** Every index {@link ServiceLoader} finds through {@code loader}. */
  static List<ToolIndex> indexes(ClassLoader loader) {
    List<ToolIndex> indexes = new ArrayList<>();
    ServiceLoader.load(ToolIndex.class, loader).forEach(indexes::add);
    return indexes;
  }

  /** Every tool of every index, by name. */
  static Map<String, ToolEntry> tools(ClassLoader loader, Bindings bindings) {
    Map<String, ToolEntry> tools = new TreeMap<>();
    for (ToolIndex index : indexes(loader)) {
      for (ToolEntry entry : index.tools(bindings)) {
        tools.put(entry.name(), entry);
      }
    }
    return tools;
  }

  /** Calls {@code entry} as the registry would, completing async handlers. */
  static String call(ToolEntry entry, String arguments, ToolContext context) throws Exception {
    if (entry.handler() instanceof ToolHandler.Sync) {
      return ((ToolHandler.Sync) entry.handler()).call(arguments, context);
    }
    return ((ToolHandler.Async) entry.handler())
        .call(arguments, context)
        .toCompletableFuture()
        .get(10, TimeUnit.SECONDS);
  }

  /** {@code instance} bound to its class (both from a test class loader). */
  static <T> Bindings bind(Class<T> type, Object instance) {
    return Bindings.of(type, type.cast(instance));
  }
}
