package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-compilation index: several jars side by side, late-generated types, deterministic output.
 */
final class IndexTest {

  static final JavaFileObject WEATHER =
      JavaFileObjects.forSourceString(
          "demo.weather.Weather",
          """
          package demo.weather;

          import dev.toolsmith.annotations.Tool;

          public final class Weather {
            /** Today's forecast for {@link String a city}. */
            @Tool(toolset = "weather", emoji = "\u2600")
            public static String forecast(String city) {
              return "sunny in " + city;
            }
          }
          """);

  static final JavaFileObject CLOCK =
      JavaFileObjects.forSourceString(
          "demo.clock.Clock",
          """
          package demo.clock;

          import dev.toolsmith.annotations.Tool;

          public final class Clock {
            /** The time. */
            @Tool(toolset = "time")
            public static String now() {
              return "noon";
            }

            /** Nested owner. */
            public static final class Alarm {
              /** Sets an alarm. */
              @Tool
              public static String setAlarm(int hour) {
                return "set " + hour;
              }
            }
          }
          """);

  @Test
  void twoCompilationsOnOneClassPathBothLoad(@TempDir Path first, @TempDir Path second)
      throws Exception {
    Compiled.writeClassOutput(Compiled.compile(WEATHER), first);
    Compiled.writeClassOutput(Compiled.compile(CLOCK), second);
    try (URLClassLoader loader = Compiled.loader(first, second)) {
      assertThat(Compiled.indexes(loader)).hasSize(2);
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.keySet()).containsExactly("forecast", "now", "set_alarm");
      assertThat(Compiled.call(tools.get("forecast"), "{\"city\":\"Oslo\"}", ToolContext.empty()))
          .isEqualTo("sunny in Oslo");
      assertThat(Compiled.call(tools.get("set_alarm"), "{\"hour\":7}", ToolContext.empty()))
          .isEqualTo("set 7");
      assertThat(loader.loadClass("demo.clock.Clock_Alarm_Tools")).isNotNull();
    }
  }

  @Test
  void indexIsNamedAfterItsAdaptersAndRegistered() {
    Compilation compilation = Compiled.compile(CLOCK);
    String index =
        Names.index("", "", List.of("demo.clock.Clock_Alarm_Tools", "demo.clock.Clock_Tools"))
            .canonicalName();
    assertThat(index).matches("demo\\.clock\\.ToolsmithIndex_[0-9a-f]{8}");
    assertThat(compilation).generatedSourceFile(index.replace('.', '/'));
    assertThat(compilation)
        .generatedFile(javax.tools.StandardLocation.CLASS_OUTPUT, Names.SERVICE_FILE)
        .contentsAsUtf8String()
        .isEqualTo(index + "\n");
  }

  @Test
  void aCheckWhoseConstructorThrowsFailsOnlyItsCheck(@TempDir Path dir) throws Exception {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.broken.Broken",
            """
            package demo.broken;

            import dev.toolsmith.annotations.Tool;
            import java.util.function.BooleanSupplier;

            public final class Broken {
              /** Never ready. */
              public static final class Check implements BooleanSupplier {
                public Check() {
                  throw new IllegalStateException("no configuration");
                }

                @Override
                public boolean getAsBoolean() {
                  return true;
                }
              }

              /** Says hi. */
              @Tool(toolset = "broken", check = Check.class)
              public static String hi() {
                return "hi";
              }
            }
            """);
    try (URLClassLoader loader =
        Compiled.loader(Compiled.writeClassOutput(Compiled.compile(source), dir))) {
      ToolEntry hi = Compiled.tools(loader, Bindings.none()).get("hi");
      IllegalStateException failure =
          org.junit.jupiter.api.Assertions.assertThrows(
              IllegalStateException.class, () -> hi.check().orElseThrow().getAsBoolean());
      assertThat(failure).hasMessageThat().contains("no configuration");
      assertThat(Compiled.call(hi, "{}", ToolContext.empty())).isEqualTo("hi");
    }
  }

  @Test
  void theServiceFileIsTheOnlyResource() {
    List<String> resources =
        Compiled.compile(WEATHER).generatedFiles().stream()
            .map(file -> file.toUri().getPath())
            .filter(path -> path.contains("/CLASS_OUTPUT/") && !path.endsWith(".class"))
            .map(path -> path.substring(path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length()))
            .toList();
    assertThat(resources).containsExactly(Names.SERVICE_FILE);
  }

  @Test
  void compilingTwiceGivesTheSameBytes() {
    assertThat(contents(Compiled.compile(GeneratedToolsTest.KINDS, CLOCK, WEATHER)))
        .isEqualTo(contents(Compiled.compile(GeneratedToolsTest.KINDS, CLOCK, WEATHER)));
  }

  @Test
  void toolsUsingATypeGeneratedInALaterRoundAreDeferredNotReported(@TempDir Path dir)
      throws Exception {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.late.Notes",
            """
            package demo.late;

            import dev.toolsmith.annotations.Tool;

            public final class Notes {
              /** Saves a note. */
              @Tool
              public static String save(Note note) {
                return "saved " + note.text();
              }
            }
            """);
    Compilation compilation =
        javac()
            .withProcessors(new RecordGenerator(), new ToolProcessor(), new IndexProcessor())
            .withOptions((Object[]) Compiled.STRICT)
            .compile(source);
    assertThat(compilation).succeededWithoutWarnings();
    Compiled.writeClassOutput(compilation, dir);
    try (URLClassLoader loader = Compiled.loader(dir)) {
      ToolEntry save = Compiled.tools(loader, Bindings.none()).get("save");
      assertThat(Compiled.call(save, "{\"text\":\"hi\"}", ToolContext.empty()))
          .isEqualTo("saved hi");
    }
  }

  @Test
  void underFullLintTheOnlyWarningsAreUnclaimedAnnotations() {
    // -Xlint:all includes "processing", which warns that no processor claimed @Tool: this one never
    // claims it on purpose. Everything else, the generated code included, must be warning-free.
    Compilation compilation =
        javac()
            .withProcessors(Compiled.processors())
            // the fixtures' default toolset is crowded on purpose (CrowdedToolsetTest)
            .withOptions("-Xlint:all", "-Atoolsmith.warnCrowdedToolsets=false")
            .compile(GeneratedToolsTest.KINDS, GeneratedToolsTest.GREETER, CLOCK, WEATHER);
    assertThat(compilation).succeeded();
    for (javax.tools.Diagnostic<? extends JavaFileObject> warning : compilation.warnings()) {
      // Also reported for @Generated on the generated files, in the rounds that compile them.
      assertThat(warning.getMessage(null))
          .startsWith("No processor claimed any of these annotations");
    }
  }

  @Test
  void generatedCodeUsesNoReflection() {
    Compilation compilation =
        Compiled.compile(GeneratedToolsTest.KINDS, GeneratedToolsTest.GREETER);
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      String text = read(file);
      for (String banned :
          new String[] {"java.lang.reflect", "MethodHandle", "Class.forName", "ObjectMapper"}) {
        assertThat(text).doesNotContain(banned);
      }
    }
  }

  private static Map<String, String> contents(Compilation compilation) {
    Map<String, String> files = new LinkedHashMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() != JavaFileObject.Kind.CLASS) {
        files.put(file.toUri().toString(), read(file));
      }
    }
    return files;
  }

  private static String read(JavaFileObject file) {
    try (InputStream in = file.openInputStream()) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Another processor that creates record {@code demo.late.Note} in the first round. */
  static final class RecordGenerator extends AbstractProcessor {
    private boolean done;

    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return Set.of("*");
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      if (!done) {
        done = true;
        try (Writer writer =
            processingEnv.getFiler().createSourceFile("demo.late.Note").openWriter()) {
          writer.write(
              "package demo.late;\n\n/** A note. */\npublic record Note(String text) {}\n");
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return false;
    }
  }
}
