package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * Turns the Java types of one tool's parameters, record components and result into {@link
 * TypeModel}s and {@link PropertyModel}s, reporting each unsupported type at the element that
 * declares it.
 */
final class TypeReader {

  private final Elements elements;
  private final String ownerPackage;
  private final Report report;
  private final boolean lastRound;
  private final Deque<String> recordsBeingRead = new ArrayDeque<>();
  private boolean deferred;

  /** Whether the type being read is a result, which words unsupported-type errors as such. */
  private boolean readingResult;

  TypeReader(Elements elements, String ownerPackage, Report report, boolean lastRound) {
    this.elements = elements;
    this.ownerPackage = ownerPackage;
    this.report = report;
    this.lastRound = lastRound;
  }

  /** Whether a type is not generated yet, so the tool must wait for a later round. */
  boolean deferred() {
    return deferred;
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
    String name = element.getSimpleName().toString();
    Optional<AnnotationMirror> param = Annotations.find(element, Names.PARAM_ANNOTATION);
    Map<String, AnnotationValue> values =
        param.map(m -> Annotations.values(elements, m)).orElse(Map.of());
    String description = Annotations.string(values, "description", "");
    if (description.isEmpty()) {
      description = docs.getOrDefault(name, "");
    }
    boolean requiredByParam = Annotations.bool(values, "required", true);
    double minimum = Annotations.number(values, "minimum");
    double maximum = Annotations.number(values, "maximum");

    int before = report.problems().size();
    TypeModel model = read(type, at, type, readingResult);
    if (model == null) {
      return Optional.empty();
    }
    boolean optional = model instanceof TypeModel.OptionalType;
    boolean required = requiredByParam && !optional && !Annotations.isNullable(element, type);
    if (!required && model instanceof TypeModel.Scalar && ((TypeModel.Scalar) model).primitive()) {
      String found = type + " " + name;
      if (!requiredByParam) {
        report.error(
            at,
            param.get(),
            values.get("required"),
            String.format(Messages.PRIMITIVE_NOT_REQUIRED, found, "@Param(required = false)"));
      } else {
        report.error(at, String.format(Messages.PRIMITIVE_NOT_REQUIRED, found, "@Nullable"));
      }
    }
    TypeModel bounded = optional ? ((TypeModel.OptionalType) model).value() : model;
    boolean isNumber =
        bounded instanceof TypeModel.Scalar && ((TypeModel.Scalar) bounded).kind().isNumber();
    for (String bound : List.of("minimum", "maximum")) {
      if (!Double.isNaN(bound.equals("minimum") ? minimum : maximum) && !isNumber) {
        report.error(
            at,
            param.get(),
            values.get(bound),
            String.format(Messages.BOUNDS_NOT_NUMBER, type + " " + name));
      }
    }
    if (minimum > maximum) {
      report.error(
          at,
          param.get(),
          values.get("minimum"),
          String.format(
              Messages.BOUNDS_INVERTED, Literals.number(minimum), Literals.number(maximum)));
    }
    if (report.problems().size() > before) {
      return Optional.empty();
    }
    return Optional.of(new PropertyModel(name, model, required, description, minimum, maximum));
  }

  /** The record whose components are a tool's properties; empty when it has a problem. */
  Optional<TypeModel.RecordType> argumentsRecord(Element parameter, TypeMirror type) {
    TypeModel model = read(type, parameter, type, false);
    return model instanceof TypeModel.RecordType
        ? Optional.of((TypeModel.RecordType) model)
        : Optional.empty();
  }

  /** A tool's result type (inside its CompletionStage, if any); empty when it has a problem. */
  Optional<TypeModel> result(Element method, TypeMirror type) {
    if (type.getKind() == TypeKind.VOID || isClass(type, "java.lang.Void")) {
      return Optional.of(new TypeModel.VoidType());
    }
    readingResult = true;
    try {
      return Optional.ofNullable(read(type, method, type, true));
    } finally {
      readingResult = false;
    }
  }

  /** The model of {@code type}, or null when it has a problem (already reported, or deferred). */
  private TypeModel read(TypeMirror type, Element at, TypeMirror top, boolean result) {
    switch (type.getKind()) {
      case BOOLEAN:
        return new TypeModel.Scalar(TypeModel.ScalarKind.BOOLEAN, true);
      case INT:
        return new TypeModel.Scalar(TypeModel.ScalarKind.INT, true);
      case LONG:
        return new TypeModel.Scalar(TypeModel.ScalarKind.LONG, true);
      case SHORT:
        return new TypeModel.Scalar(TypeModel.ScalarKind.SHORT, true);
      case BYTE:
        return new TypeModel.Scalar(TypeModel.ScalarKind.BYTE, true);
      case DOUBLE:
        return new TypeModel.Scalar(TypeModel.ScalarKind.DOUBLE, true);
      case FLOAT:
        return new TypeModel.Scalar(TypeModel.ScalarKind.FLOAT, true);
      case CHAR:
        return new TypeModel.Scalar(TypeModel.ScalarKind.CHAR, true);
      case ARRAY:
        {
          TypeMirror component = ((ArrayType) type).getComponentType();
          if (component.getKind() == TypeKind.DECLARED
              && !((DeclaredType) component).getTypeArguments().isEmpty()) {
            return unsupported(at, top, result); // no generic array creation
          }
          TypeModel element = read(component, at, top, result);
          return element == null ? null : new TypeModel.ArrayType(element);
        }
      case ERROR:
        if (!lastRound) {
          deferred = true;
        } else {
          report.error(at, String.format(Messages.TYPE_UNRESOLVED, type));
        }
        return null;
      case DECLARED:
        return declared((DeclaredType) type, at, top, result);
      default:
        return unsupported(at, top, result);
    }
  }

  private TypeModel declared(DeclaredType type, Element at, TypeMirror top, boolean result) {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    List<? extends TypeMirror> args = type.getTypeArguments();
    for (TypeModel.ScalarKind kind : TypeModel.ScalarKind.values()) {
      if (name.equals(kind.primitive.box().toString())) {
        return new TypeModel.Scalar(kind, false);
      }
    }
    switch (name) {
      case "java.lang.String":
        return new TypeModel.Text();
      case "java.util.List":
      case "java.util.Set":
      case "java.util.Collection":
        {
          TypeModel item = typeArgument(args, 0, at, top, result);
          if (item == null) {
            return null;
          }
          TypeModel.ContainerKind kind =
              name.endsWith("List")
                  ? TypeModel.ContainerKind.LIST
                  : name.endsWith("Set")
                      ? TypeModel.ContainerKind.SET
                      : TypeModel.ContainerKind.COLLECTION;
          return new TypeModel.Container(kind, item);
        }
      case "java.util.Map":
        {
          if (args.size() != 2 || !isClass(args.get(0), "java.lang.String")) {
            return unsupported(at, top, result);
          }
          TypeModel value = typeArgument(args, 1, at, top, result);
          return value == null ? null : new TypeModel.MapType(value);
        }
      case "java.util.Optional":
        {
          TypeModel value = typeArgument(args, 0, at, top, result);
          return value == null ? null : new TypeModel.OptionalType(value);
        }
      default:
        break;
    }
    if (element.getKind() == ElementKind.ENUM) {
      if (!accessible(element, at, type)) {
        return null;
      }
      List<String> constants = new ArrayList<>();
      for (Element member : element.getEnclosedElements()) {
        if (member.getKind() == ElementKind.ENUM_CONSTANT) {
          constants.add(member.getSimpleName().toString());
        }
      }
      return new TypeModel.EnumType(ClassName.get(element), constants);
    }
    if (element.getKind() == ElementKind.RECORD && element.getTypeParameters().isEmpty()) {
      return record(element, at, type, result);
    }
    return unsupported(at, top, result);
  }

  private TypeModel record(TypeElement record, Element at, TypeMirror type, boolean result) {
    String name = record.getQualifiedName().toString();
    if (recordsBeingRead.contains(name)) {
      report.error(at, String.format(Messages.RECORD_RECURSIVE, name));
      return null;
    }
    if (!accessible(record, at, type)) {
      return null;
    }
    recordsBeingRead.push(name);
    try {
      Map<String, String> docs = Javadocs.params(elements.getDocComment(record));
      List<PropertyModel> properties = new ArrayList<>();
      boolean clean = true;
      for (RecordComponentElement component :
          ElementFilter.recordComponentsIn(record.getEnclosedElements())) {
        Optional<PropertyModel> property =
            property(component, positionOf(record, component), component.asType(), docs);
        if (property.isPresent()) {
          properties.add(property.get());
        } else {
          clean = false;
        }
      }
      return clean
          ? new TypeModel.RecordType(ClassName.get(record), List.copyOf(properties))
          : null;
    } finally {
      recordsBeingRead.pop();
    }
  }

  /**
   * The element to report a component's problems on: its field, which javac positions on the record
   * header (it has no source position for the component itself).
   */
  private static Element positionOf(TypeElement record, RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(component.getSimpleName())
          && !field.getModifiers().contains(Modifier.STATIC)) {
        return field;
      }
    }
    return component;
  }

  private TypeModel typeArgument(
      List<? extends TypeMirror> args, int index, Element at, TypeMirror top, boolean result) {
    if (args.size() <= index || args.get(index).getKind() == TypeKind.WILDCARD) {
      return unsupported(at, top, result);
    }
    return read(args.get(index), at, top, result);
  }

  /** Whether generated code in the owner's package can name {@code type}; reports when not. */
  private boolean accessible(TypeElement type, Element at, TypeMirror mirror) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      boolean isPublic = e.getModifiers().contains(Modifier.PUBLIC);
      boolean samePackage = elements.getPackageOf(e).getQualifiedName().contentEquals(ownerPackage);
      if (e.getModifiers().contains(Modifier.PRIVATE) || (!isPublic && !samePackage)) {
        report.error(at, String.format(Messages.TYPE_INACCESSIBLE, ownerPackage, mirror));
        return false;
      }
    }
    return true;
  }

  private TypeModel unsupported(Element at, TypeMirror top, boolean result) {
    if (top.getKind() == TypeKind.ERROR || containsError(top)) {
      return read(errorPart(top), at, top, result);
    }
    report.error(
        at,
        String.format(
            result ? Messages.RETURN_TYPE_UNSUPPORTED : Messages.PARAMETER_TYPE_UNSUPPORTED, top));
    return null;
  }

  private static boolean containsError(TypeMirror type) {
    return errorPart(type) != null;
  }

  private static TypeMirror errorPart(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return type;
    }
    if (type.getKind() == TypeKind.ARRAY) {
      return errorPart(((ArrayType) type).getComponentType());
    }
    if (type.getKind() == TypeKind.DECLARED) {
      for (TypeMirror arg : ((DeclaredType) type).getTypeArguments()) {
        TypeMirror error = errorPart(arg);
        if (error != null) {
          return error;
        }
      }
    }
    return null;
  }

  static boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }
}
