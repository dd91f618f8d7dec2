package dev.toolsmith.processor;

import com.sun.source.doctree.DocCommentTree;
import com.sun.source.doctree.DocTree;
import com.sun.source.doctree.ParamTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.TreePath;
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
  private final @Nullable DocTrees docTrees;
  private final Set<String> printed = new HashSet<>();

  /** Prints through {@code messager}; at Javadoc tags too when javac's {@code docTrees} are had. */
  Diagnostics(Messager messager, @Nullable DocTrees docTrees) {
    this.messager = messager;
    this.docTrees = docTrees;
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
    print(new Report.Finding(message, message.text(args), element, null, null, null));
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
    if (finding.docParam() != null && printOnDocParam(finding, finding.docParam())) {
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

  /**
   * Prints {@code finding} on its element's Javadoc {@code @param} tag for {@code name}; false when
   * javac's doc trees are not at hand (another compiler) or the tag is not found.
   */
  private boolean printOnDocParam(Report.Finding finding, String name) {
    if (docTrees == null) {
      return false;
    }
    TreePath path = docTrees.getPath(finding.element());
    DocCommentTree comment = docTrees.getDocCommentTree(finding.element());
    if (path == null || comment == null) {
      return false;
    }
    for (DocTree tag : comment.getBlockTags()) {
      if (tag instanceof ParamTree param
          && !param.isTypeParameter()
          && param.getName().getName().contentEquals(name)) {
        docTrees.printMessage(
            finding.message().kind(), finding.text(), param, comment, path.getCompilationUnit());
        return true;
      }
    }
    return false;
  }

  /** Reports {@code failure} as one error with its stack trace, so javac itself never crashes. */
  void crash(Throwable failure) {
    StringWriter trace = new StringWriter();
    failure.printStackTrace(new PrintWriter(trace));
    print(null, Message.PROCESSOR_FAILED, trace);
  }
}
