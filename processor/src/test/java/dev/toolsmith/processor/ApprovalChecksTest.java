package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * What the processor checks of approval: none on a read-only tool, and one on every destructive
 * tool of a build that asks for explicit approval paths; each a warning on the attribute's line.
 */
final class ApprovalChecksTest {

  private static JavaFileObject tools(String body) {
    return JavaFileObjects.forSourceString(
        "demo.A",
        """
        package demo;

        import dev.toolsmith.annotations.Hint;
        import dev.toolsmith.annotations.Tool;

        public class A {
        """
            + body
            + "\n}\n");
  }

  private static Compilation compile(JavaFileObject source, String... options) {
    List<Object> all = new ArrayList<>(List.of("-Xlint:all,-processing"));
    all.addAll(List.of(options));
    return javac().withProcessors(Compiled.processors()).withOptions(all).compile(source);
  }

  @Test
  void approvalOnAReadOnlyToolIsAWarning() {
    JavaFileObject source =
        tools(
            """
              /** Reads it. */
              @Tool(readOnly = Hint.TRUE,
                  requiresApproval = true)
              public static String peek() { return "x"; }
            """);

    Compilation compilation = compile(source);

    assertThat(compilation).succeeded();
    Diagnosed.exactlyOne(
        compilation, source, "requiresApproval = true", Message.APPROVAL_ON_READ_ONLY, "A.peek()");
  }

  @Test
  void aDestructiveToolWithoutApprovalWarnsOnlyInABuildThatAsksForExplicitApproval() {
    JavaFileObject source =
        tools(
            """
              /** Deletes it. */
              @Tool(
                  destructive = Hint.TRUE)
              public static String wipe() { return "x"; }

              /** Deletes it, asking first. */
              @Tool(destructive = Hint.TRUE, requiresApproval = true)
              public static String wipeCarefully() { return "x"; }
            """);

    assertThat(compile(source).diagnostics()).isEmpty();
    Compilation explicit = compile(source, "-Atoolsmith.approval=explicit");

    assertThat(explicit).succeeded();
    Diagnosed.exactlyOne(
        explicit,
        source,
        "destructive = Hint.TRUE)",
        Message.DESTRUCTIVE_WITHOUT_APPROVAL,
        "A.wipe()");
  }
}
