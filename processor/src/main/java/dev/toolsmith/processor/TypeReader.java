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
import org.jspecify.annotations.Nullable;

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
    String javaName = element.getSimpleName().toString();
    Optional<AnnotationMirror> param = Annotations.find(element, Names.PARAM_ANNOTATION);
    Map<String, AnnotationValue> values =
        param.map(m -> Annotations.values(elements, m)).orElse(Map.of());
    String name = Annotations.string(values, "name", "");
    if (!name.isEmpty() && name.isBlank()) {
      report.error(
          at, param.get(), values.get("name"), String.format(Messages.JSON_NAME_INVALID, name));
    }
    if (name.isEmpty()) {
      name = javaName;
    }
    String description = Annotations.string(values, "description", "");
    if (description.isEmpty()) {
      description = docs.getOrDefault(javaName, "");
    }
    boolean requiredByParam = Annotations.bool(values, "required", true);

    int before = report.problems().size();
    TypeModel model = read(type, at, type, readingResult);
    if (model == null) {
      return Optional.empty();
    }
    String found = type + " " + javaName;
    Hints hints = HintReader.read(elements, report, element, at, type, model, found);
    if (hints == null) {
      return Optional.empty();
    }
    boolean optional =
        model instanceof TypeModel.OptionalType || model instanceof TypeModel.OptionalNumber;
    boolean required =
        requiredByParam
            && !optional
            && !Annotations.isNullable(element, type)
            && hints.defaultJson().isEmpty();
    if (!required
        && hints.defaultJson().isEmpty()
        && model instanceof TypeModel.Scalar
        && ((TypeModel.Scalar) model).primitive()) {
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
    if (report.problems().size() > before) {
      return Optional.empty();
    }
    return Optional.of(new PropertyModel(name, javaName, model, required, description, hints));
  }

  /**
   * Reports a JSON name used by two properties of one object, on the later one; returns whether the
   * names are unique.
   */
  boolean uniqueNames(List<PropertyModel> properties, List<? extends Element> at) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    boolean unique = true;
    for (int i = 0; i < properties.size(); i++) {
      if (!seen.add(properties.get(i).name())) {
        Element element = at.get(i);
        Optional<AnnotationMirror> param = Annotations.find(element, Names.PARAM_ANNOTATION);
        report.error(
            element,
            param.orElse(null),
            param.map(m -> Annotations.values(elements, m).get("name")).orElse(null),
            String.format(Messages.JSON_NAME_DUPLICATE, properties.get(i).name()));
        unique = false;
      }
    }
    return unique;
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
  private @Nullable TypeModel read(TypeMirror type, Element at, TypeMirror top, boolean result) {
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

  private @Nullable TypeModel declared(DeclaredType type, Element at, TypeMirror top, boolean result) {
    TypeElement element = (TypeElement) type.asElement();
    String name = element.getQualifiedName().toString();
    List<? extends TypeMirror> args = type.getTypeArguments();
    for (TypeModel.ScalarKind kind : TypeModel.ScalarKind.values()) {
      if (name.equals(kind.primitive.box().toString())) {
        return new TypeModel.Scalar(kind, false);
      }
    }
    for (TypeModel.FormattedKind kind : TypeModel.FormattedKind.values()) {
      if (name.equals(kind.qualifiedName)) {
        return new TypeModel.Formatted(kind);
      }
    }
    switch (name) {
      case "java.lang.String":
        return new TypeModel.Text();
      case "com.fasterxml.jackson.databind.JsonNode":
        return new TypeModel.JsonValue();
      case "java.util.OptionalInt":
        return new TypeModel.OptionalNumber(new TypeModel.Scalar(TypeModel.ScalarKind.INT, false));
      case "java.util.OptionalLong":
        return new TypeModel.OptionalNumber(new TypeModel.Scalar(TypeModel.ScalarKind.LONG, false));
      case "java.util.OptionalDouble":
        return new TypeModel.OptionalNumber(
            new TypeModel.Scalar(TypeModel.ScalarKind.DOUBLE, false));
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
          if (args.size() != 2) {
            return unsupported(at, top, result);
          }
          Optional<TypeModel.EnumType> enumKey = Optional.empty();
          if (!isClass(args.get(0), "java.lang.String")) {
            TypeModel key =
                args.get(0).getKind() == TypeKind.DECLARED
                        && ((DeclaredType) args.get(0)).asElement().getKind() == ElementKind.ENUM
                    ? read(args.get(0), at, top, result)
                    : unsupported(at, top, result);
            if (!(key instanceof TypeModel.EnumType)) {
              return null;
            }
            enumKey = Optional.of((TypeModel.EnumType) key);
          }
          TypeModel value = typeArgument(args, 1, at, top, result);
          return value == null ? null : new TypeModel.MapType(enumKey, value);
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
      List<String> jsonValues = new ArrayList<>();
      for (Element member : element.getEnclosedElements()) {
        if (member.getKind() == ElementKind.ENUM_CONSTANT) {
          constants.add(member.getSimpleName().toString());
          jsonValues.add(jsonName(member).orElse(member.getSimpleName().toString()));
        }
      }
      return new TypeModel.EnumType(
          ClassName.get(element), List.copyOf(constants), List.copyOf(jsonValues));
    }
    if (element.getKind() == ElementKind.RECORD && element.getTypeParameters().isEmpty()) {
      return record(element, at, type, result);
    }
    if (element.getKind() == ElementKind.INTERFACE
        && element.getModifiers().contains(Modifier.SEALED)
        && element.getTypeParameters().isEmpty()) {
      return union(element, at, type, result);
    }
    return unsupported(at, top, result);
  }

  private @Nullable TypeModel record(TypeElement record, Element at, TypeMirror type, boolean result) {
    String name = record.getQualifiedName().toString();
    if (recordsBeingRead.contains(name)) {
      // Met again inside itself: the schema refers to its $defs entry.
      return new TypeModel.RecordRef(ClassName.get(record));
    }
    if (!accessible(record, at, type)) {
      return null;
    }
    recordsBeingRead.push(name);
    try {
      Map<String, String> docs = Javadocs.params(elements.getDocComment(record));
      List<PropertyModel> properties = new ArrayList<>();
      List<Element> positions = new ArrayList<>();
      boolean clean = true;
      for (RecordComponentElement component :
          ElementFilter.recordComponentsIn(record.getEnclosedElements())) {
        Element position = positionOf(record, component);
        Optional<PropertyModel> property = property(component, position, component.asType(), docs);
        if (property.isPresent()) {
          properties.add(property.get());
          positions.add(position);
        } else {
          clean = false;
        }
      }
      clean &= uniqueNames(properties, positions);
      return clean
          ? new TypeModel.RecordType(ClassName.get(record), List.copyOf(properties))
          : null;
    } finally {
      recordsBeingRead.pop();
    }
  }

  private @Nullable TypeModel union(TypeElement sealed, Element at, TypeMirror type, boolean result) {
    if (!accessible(sealed, at, type)) {
      return null;
    }
    String sealedName = sealed.getQualifiedName().toString();
    if (recordsBeingRead.contains(sealedName)) {
      report.error(at, String.format(Messages.UNION_RECURSIVE, sealedName));
      return null;
    }
    recordsBeingRead.push(sealedName);
    try {
      return unionOf(sealed, at, result);
    } finally {
      recordsBeingRead.pop();
    }
  }

  private @Nullable TypeModel unionOf(TypeElement sealed, Element at, boolean result) {
    String discriminator =
        Annotations.find(sealed, Names.DISCRIMINATOR_ANNOTATION)
            .map(m -> Annotations.string(Annotations.values(elements, m), "value", "type"))
            .orElse("type");
    List<TypeModel.Variant> variants = new ArrayList<>();
    java.util.Set<String> values = new java.util.HashSet<>();
    boolean clean = true;
    for (TypeMirror permitted : sealed.getPermittedSubclasses()) {
      TypeElement subtype = (TypeElement) ((DeclaredType) permitted).asElement();
      if (subtype.getKind() != ElementKind.RECORD || !subtype.getTypeParameters().isEmpty()) {
        report.error(
            at, String.format(Messages.UNION_VARIANT_NOT_RECORD, subtype.getQualifiedName()));
        clean = false;
        continue;
      }
      String value = jsonName(subtype).orElse(Names.snakeCase(subtype.getSimpleName().toString()));
      if (!values.add(value)) {
        report.error(
            at, String.format(Messages.UNION_VALUE_DUPLICATE, value, sealed.getQualifiedName()));
        clean = false;
      }
      TypeModel model = record(subtype, at, permitted, result);
      if (!(model instanceof TypeModel.RecordType)) {
        clean = false;
        continue;
      }
      TypeModel.RecordType variant = (TypeModel.RecordType) model;
      if (variant.properties().stream().anyMatch(p -> p.name().equals(discriminator))) {
        report.error(
            at,
            String.format(
                Messages.UNION_DISCRIMINATOR_CLASH, discriminator, subtype.getQualifiedName()));
        clean = false;
      }
      variants.add(new TypeModel.Variant(value, variant));
    }
    return clean
        ? new TypeModel.Union(ClassName.get(sealed), discriminator, List.copyOf(variants))
        : null;
  }

  /** The {@code @JsonName} value on an enum constant or a record, if any. */
  private Optional<String> jsonName(Element element) {
    return Annotations.find(element, Names.JSON_NAME_ANNOTATION)
        .map(m -> Annotations.string(Annotations.values(elements, m), "value", ""));
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

  private @Nullable TypeModel typeArgument(
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

  private @Nullable TypeModel unsupported(Element at, TypeMirror top, boolean result) {
    TypeMirror error = errorPart(top);
    if (error != null) {
      return read(error, at, top, result);
    }
    report.error(
        at,
        String.format(
            result ? Messages.RETURN_TYPE_UNSUPPORTED : Messages.PARAMETER_TYPE_UNSUPPORTED, top));
    return null;
  }

  private static @Nullable TypeMirror errorPart(TypeMirror type) {
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
