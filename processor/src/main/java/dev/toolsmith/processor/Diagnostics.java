package dev.toolsmith.processor;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import org.jspecify.annotations.Nullable;

/**
 * The one place both processors print diagnostics through: each with its message's kind, on the
 * narrowest position known, and each distinct one once (a tool read again in a later round must not
 * repeat its errors).
 */
final class Diagnostics {

  private final Messager messager;
  private final Set<String> printed = new HashSet<>();

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  /** Prints every finding of {@code report}. */
  void print(Report report) {
    report.findings().forEach(this::print);
  }

  /** Prints {@code message} on {@code element} (on no position when null). */
  void print(@Nullable Element element, Message message, Object... args) {
    if (element == null) {
      if (printed.add(message.kind() + "|" + message.text(args))) {
        messager.printMessage(message.kind(), message.text(args));
      }
      return;
    }
    print(new Report.Finding(message, message.text(args), element, null, null));
  }

  /** Prints {@code finding} on its annotation value, its annotation or its element. */
  void print(Report.Finding finding) {
    String key =
        finding.message().kind()
            + "|"
            + finding.text()
            + "|"
            + System.identityHashCode(finding.element())
            + "|"
            + finding.value();
    if (!printed.add(key)) {
      return;
    }
    if (finding.mirror() != null && finding.value() != null) {
      messager.printMessage(
          finding.message().kind(),
          finding.text(),
          finding.element(),
          finding.mirror(),
          finding.value());
    } else if (finding.mirror() != null) {
      messager.printMessage(
          finding.message().kind(), finding.text(), finding.element(), finding.mirror());
    } else {
      messager.printMessage(finding.message().kind(), finding.text(), finding.element());
    }
  }

  /** Reports {@code failure} as one error with its stack trace, so javac itself never crashes. */
  void crash(Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    print(null, Message.PROCESSOR_FAILED, trace);
  }
}
