package dev.toolsmith.processor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads annotation attributes through {@link AnnotationMirror}s, so no annotation class is loaded.
 */
final class Annotations {

  private Annotations() {}

  /** The annotation of type {@code qualifiedName} on {@code element}, if present. */
  static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(qualifiedName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  /** The annotation's values by attribute name, defaults included. */
  static Map<String, AnnotationValue> values(Elements elements, AnnotationMirror mirror) {
    Map<String, AnnotationValue> values = new HashMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      values.put(entry.getKey().getSimpleName().toString(), entry.getValue());
    }
    return values;
  }

  static String string(Map<String, AnnotationValue> values, String name, String absent) {
    AnnotationValue value = values.get(name);
    return value == null ? absent : String.valueOf(value.getValue());
  }

  static boolean bool(Map<String, AnnotationValue> values, String name, boolean absent) {
    AnnotationValue value = values.get(name);
    return value == null ? absent : (Boolean) value.getValue();
  }

  static int integer(Map<String, AnnotationValue> values, String name, int absent) {
    AnnotationValue value = values.get(name);
    return value == null ? absent : (Integer) value.getValue();
  }

  /** A double attribute, NaN when absent. */
  static double number(Map<String, AnnotationValue> values, String name) {
    AnnotationValue value = values.get(name);
    return value == null ? Double.NaN : ((Number) value.getValue()).doubleValue();
  }

  static List<String> strings(Map<String, AnnotationValue> values, String name) {
    List<String> strings = new ArrayList<>();
    AnnotationValue value = values.get(name);
    if (value != null && value.getValue() instanceof List<?>) {
      for (Object item : (List<?>) value.getValue()) {
        strings.add(String.valueOf(((AnnotationValue) item).getValue()));
      }
    }
    return strings;
  }

  /**
   * Whether the element or its type carries an annotation named {@code Nullable} (JSpecify or any
   * other).
   */
  static boolean isNullable(Element element, TypeMirror type) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (mirror.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
        return true;
      }
    }
    for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
      if (mirror.getAnnotationType().asElement().getSimpleName().contentEquals("Nullable")) {
        return true;
      }
    }
    return false;
  }
}
