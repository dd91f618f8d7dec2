package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Holds a compilation to exactly one diagnostic, as MapStruct's expected outcomes do: the message's
 * kind, its exact text and the line it points at; an extra warning or note fails the test.
 */
final class Diagnosed {

  private Diagnosed() {}

  /**
   * The only diagnostic is {@code message} with {@code args}, on a line of {@code source}
   * containing {@code line}.
   */
  static void exactlyOne(
      Compilation compilation,
      JavaFileObject source,
      String line,
      Message message,
      Object... args) {
    Diagnostic<? extends JavaFileObject> only = only(compilation);
    assertWithMessage("kind of %s", message).that(only.getKind()).isEqualTo(message.kind());
    assertThat(only.getMessage(Locale.ROOT)).isEqualTo(message.text(args));
    assertOn(only, source, line);
  }

  /**
   * The only diagnostic is of {@code message}'s kind and contains {@code text} (for a message whose
   * detail comes from elsewhere, such as the regex engine), on a line containing {@code line}.
   */
  static void exactlyOneContaining(
      Compilation compilation, JavaFileObject source, String line, Message message, String text) {
    Diagnostic<? extends JavaFileObject> only = only(compilation);
    assertWithMessage("kind of %s", message).that(only.getKind()).isEqualTo(message.kind());
    assertThat(only.getMessage(Locale.ROOT)).contains(text);
    assertOn(only, source, line);
  }

  private static Diagnostic<? extends JavaFileObject> only(Compilation compilation) {
    List<Diagnostic<? extends JavaFileObject>> all = compilation.diagnostics();
    assertWithMessage("every diagnostic: %s", all).that(all).hasSize(1);
    return all.get(0);
  }

  private static void assertOn(
      Diagnostic<? extends JavaFileObject> diagnostic, JavaFileObject source, String line) {
    assertWithMessage("file of %s", diagnostic)
        .that(diagnostic.getSource() == null ? null : diagnostic.getSource().toUri())
        .isEqualTo(source.toUri());
    String[] lines;
    try {
      lines = source.getCharContent(true).toString().split("\n", -1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long number = diagnostic.getLineNumber();
    assertWithMessage("line %s of %s", number, diagnostic)
        .that(number >= 1 && number <= lines.length ? lines[(int) number - 1] : "")
        .contains(line);
  }
}
