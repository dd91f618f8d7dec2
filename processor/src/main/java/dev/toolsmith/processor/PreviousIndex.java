package dev.toolsmith.processor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * What the service file an earlier build left in the class output lists: the adapters of its
 * Toolsmith indexes, and every other provider line, kept as AutoService keeps them.
 *
 * @param adapters the adapters its Toolsmith indexes listed
 * @param foreignServices its other provider lines
 */
record PreviousIndex(List<String> adapters, List<String> foreignServices) {

  /** Reads the service file in {@code env}'s class output; empty in a clean build. */
  static PreviousIndex read(ProcessingEnvironment env) {
    List<String> lines = new ArrayList<>();
    try {
      FileObject file =
          env.getFiler().getResource(StandardLocation.CLASS_OUTPUT, "", Names.SERVICE_FILE);
      try (BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(file.openInputStream(), StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          int comment = line.indexOf('#');
          String name = (comment < 0 ? line : line.substring(0, comment)).trim();
          if (!name.isEmpty()) {
            lines.add(name);
          }
        }
      }
    } catch (IOException | IllegalArgumentException none) {
      return new PreviousIndex(List.of(), List.of()); // a clean build: nothing to merge
    }
    List<String> listedAdapters = new ArrayList<>();
    List<String> foreign = new ArrayList<>();
    for (String line : lines) {
      TypeElement type = env.getElementUtils().getTypeElement(line);
      Optional<AnnotationMirror> mark =
          type == null
              ? Optional.empty()
              : Annotations.find(type, RuntimeTypes.GENERATED_INDEX.canonicalName());
      if (mark.isPresent()) {
        listedAdapters.addAll(
            Annotations.strings(Annotations.values(env.getElementUtils(), mark.get()), "value"));
      } else if (type != null || !isIndexName(line)) {
        foreign.add(line); // another provider, or one whose class is not visible: kept
      }
    }
    return new PreviousIndex(listedAdapters, foreign);
  }

  /** Whether {@code className} is named as the processor names indexes (a stale one when gone). */
  private static boolean isIndexName(String className) {
    return className.substring(className.lastIndexOf('.') + 1).startsWith(Names.MODULE_INDEX);
  }
}
