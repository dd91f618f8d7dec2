package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import dev.toolsmith.schema.definition.DefinitionFormat;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * OpenAI advises fewer than 10 functions per namespace, and its Responses form lists each toolset's
 * deferred tools as one namespace: a toolset that defers 10 tools or more is a warning on its first
 * tool.
 */
final class CrowdedToolsetTest {

  /** A class of {@code count} tools in {@code toolset}, the first {@code loaded} not deferred. */
  private static JavaFileObject tools(String toolset, int count, int loaded) {
    StringBuilder code =
        new StringBuilder("package demo;\n\nimport dev.toolsmith.annotations.Tool;\n\n");
    code.append("public class Crm {\n");
    for (int i = 0; i < count; i++) {
      String deferred = i < loaded ? ", deferred = false" : "";
      code.append("  @Tool(description = \"Tool ")
          .append(i)
          .append(".\", toolset = \"")
          .append(toolset)
          .append('"')
          .append(deferred)
          .append(") // tool ")
          .append(i)
          .append("\n  public static String tool")
          .append(i)
          .append("(String id) {\n    return id;\n  }\n\n");
    }
    return CompileErrorsTest.source("demo.Crm", code.append("}\n").toString());
  }

  private static Compilation compile(JavaFileObject source) {
    Compilation compilation = javac().withProcessors(Compiled.processors()).compile(source);
    assertThat(compilation).succeeded();
    return compilation;
  }

  @Test
  void tenDeferredToolsInOneToolsetWarnOnceAtTheFirstToolsToolset() {
    JavaFileObject source = tools("crm", 10, 0);
    Compilation compilation = compile(source);
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            Message.TOOLSET_CROWDED.text(
                DefinitionFormat.NAMESPACE_FUNCTIONS_ADVISED_BELOW, 10, "crm"))
        .inFile(source)
        .onLineContaining("// tool 0");
  }

  @Test
  void nineDeferredToolsAndAnyNumberAlwaysLoadedAreQuiet() {
    assertThat(compile(tools("crm", 9, 0)).warnings()).isEmpty();
    assertThat(compile(tools("crm", 12, 3)).warnings()).isEmpty();
  }

  @Test
  void theProcessorOptionSilencesItForAStrictBuild() {
    Compilation compilation =
        javac()
            .withProcessors(Compiled.processors())
            .withOptions("-Werror", "-Atoolsmith.warnCrowdedToolsets=false")
            .compile(tools("crm", 10, 0));
    assertThat(compilation).succeeded();
    assertThat(compilation.warnings()).isEmpty();
  }
}
