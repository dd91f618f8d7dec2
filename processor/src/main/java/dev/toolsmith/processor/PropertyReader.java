package dev.toolsmith.processor;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Reads one property, a tool's parameter or a record's component, into a {@link PropertyModel}: its
 * JSON name and description, its type (through {@link TypeReader}), its constraints and whether it
 * is required, reporting every problem at the element that declares it.
 */
final class PropertyReader {

  private final Elements elements;
  private final Report report;
  private final TypeReader types;

  PropertyReader(Elements elements, Report report, TypeReader types) {
    this.elements = elements;
    this.report = report;
    this.types = types;
  }

  /**
   * The property declared by {@code element} (a parameter or record component) of type {@code
   * type}; empty when it has a problem, which is then reported. {@code docs} are the {@code @param}
   * tags.
   */
  Optional<PropertyModel> property(Element element, TypeMirror type, Map<String, String> docs) {
    return property(element, element, type, docs);
  }

  /** As {@link #property(Element, TypeMirror, Map)}, reporting problems on {@code at}. */
  Optional<PropertyModel> property(
      Element element, Element at, TypeMirror type, Map<String, String> docs) {
    String javaName = element.getSimpleName().toString();
    Optional<AnnotationMirror> param = Annotations.find(element, Names.PARAM_ANNOTATION);
    Map<String, AnnotationValue> values =
        param.map(m -> Annotations.values(elements, m)).orElse(Map.of());
    String name = Annotations.string(values, "name", "");
    if (!name.isEmpty() && name.isBlank()) {
      report.add(at, param.get(), values.get("name"), Message.JSON_NAME_INVALID, name);
    }
    if (name.isEmpty()) {
      name = javaName;
    }
    String description = Annotations.string(values, "description", "");
    if (description.isEmpty()) {
      description = docs.getOrDefault(javaName, "");
    }
    boolean requiredByParam = Annotations.bool(values, "required", true);

    int before = report.errorCount();
    TypeModel model = types.read(type, at);
    if (model == null) {
      return Optional.empty();
    }
    String found = type + " " + javaName;
    String inner = innerConstraint(type, false);
    if (inner != null) {
      // Bean Validation puts element constraints on type arguments; dropping them silently would
      // let the schema and the reader ignore what the source says.
      report.add(at, Message.TYPE_ARGUMENT_CONSTRAINT, inner, found);
      return Optional.empty();
    }
    Constraints constraints =
        ConstraintReader.read(elements, report, element, at, type, model, found);
    if (constraints == null) {
      return Optional.empty();
    }
    boolean optional =
        model instanceof TypeModel.OptionalType || model instanceof TypeModel.OptionalNumber;
    boolean required =
        requiredByParam
            && !optional
            && !Annotations.isNullable(element, type)
            && constraints.defaultJson().isEmpty();
    if (!required
        && constraints.defaultJson().isEmpty()
        && model instanceof TypeModel.Scalar scalar
        && scalar.primitive()) {
      if (!requiredByParam) {
        report.add(
            at,
            param.get(),
            values.get("required"),
            Message.PRIMITIVE_NOT_REQUIRED,
            found,
            "@Param(required = false)");
      } else {
        report.add(at, Message.PRIMITIVE_NOT_REQUIRED, found, "@Nullable");
      }
    }
    if (report.errorCount() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new PropertyModel(name, javaName, model, required, description, constraints));
  }

  /**
   * Reports a JSON name used by two properties of one object, on the later one; returns whether the
   * names are unique.
   */
  boolean uniqueNames(List<PropertyModel> properties, List<? extends Element> at) {
    Set<String> seen = new HashSet<>();
    boolean unique = true;
    for (int i = 0; i < properties.size(); i++) {
      if (!seen.add(properties.get(i).name())) {
        Element element = at.get(i);
        Optional<AnnotationMirror> param = Annotations.find(element, Names.PARAM_ANNOTATION);
        report.add(
            element,
            param.orElse(null),
            param.map(m -> Annotations.values(elements, m).get("name")).orElse(null),
            Message.JSON_NAME_DUPLICATE,
            properties.get(i).name());
        unique = false;
      }
    }
    return unique;
  }

  /**
   * The first Bean Validation or {@code @Param} annotation on a type argument or array component
   * inside {@code type} (not on {@code type} itself), or null.
   */
  private static @Nullable String innerConstraint(TypeMirror type, boolean nested) {
    if (nested) {
      for (AnnotationMirror mirror : type.getAnnotationMirrors()) {
        String name = mirror.getAnnotationType().toString();
        if (name.startsWith("jakarta.validation.constraints.")
            || name.startsWith("javax.validation.constraints.")
            || name.equals(Names.PARAM_ANNOTATION)) {
          return "@" + name.substring(name.lastIndexOf('.') + 1);
        }
      }
    }
    if (type instanceof javax.lang.model.type.ArrayType array) {
      return innerConstraint(array.getComponentType(), true);
    }
    if (type instanceof javax.lang.model.type.DeclaredType declared) {
      for (TypeMirror argument : declared.getTypeArguments()) {
        String found = innerConstraint(argument, true);
        if (found != null) {
          return found;
        }
      }
    }
    if (type instanceof javax.lang.model.type.WildcardType wildcard
        && wildcard.getExtendsBound() != null) {
      return innerConstraint(wildcard.getExtendsBound(), true);
    }
    return null;
  }
}
