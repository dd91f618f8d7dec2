package dev.toolsmith.processor;

import com.squareup.javapoet.TypeName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Turns the Java types of one tool's parameters, record components and result into {@link
 * TypeModel}s: the types Toolsmith knows by name (primitives and boxes, strings, numbers and times,
 * collections, maps, optionals, arrays) here, the author's enums, records and sealed interfaces
 * through {@link UserTypeReader}. Reports each unsupported type at the element that declares it,
 * and defers a tool whose type is not generated yet.
 */
final class TypeReader {

  private final Report report;
  private final boolean lastRound;
  private final PropertyReader properties;
  private final UserTypeReader userTypes;
  private boolean deferred;

  /** Whether the type being read is a result, which words unsupported-type errors as such. */
  private boolean readingResult;

  TypeReader(Elements elements, String ownerPackage, Report report, boolean lastRound) {
    this.report = report;
    this.lastRound = lastRound;
    // A record's components are properties, and a property's type may be a record.
    this.properties = new PropertyReader(elements, report, this);
    this.userTypes = new UserTypeReader(elements, ownerPackage, report, properties);
  }

  /** Reads the properties whose types this reader reads. */
  PropertyReader properties() {
    return properties;
  }

  /** Whether a type is not generated yet, so the tool must wait for a later round. */
  boolean deferred() {
    return deferred;
  }

  /** The record whose components are a tool's properties; empty when it has a problem. */
  Optional<TypeModel.RecordType> argumentsRecord(Element parameter, TypeMirror type) {
    return read(type, parameter, type, false) instanceof TypeModel.RecordType record
        ? Optional.of(record)
        : Optional.empty();
  }

  /** A tool's result type (inside its CompletionStage, if any); empty when it has a problem. */
  Optional<TypeModel> result(Element method, TypeMirror type) {
    if (type.getKind() == TypeKind.VOID || TypeMirrors.isClass(type, "java.lang.Void")) {
      return Optional.of(new TypeModel.VoidType());
    }
    readingResult = true;
    try {
      return Optional.ofNullable(read(type, method, type, true));
    } finally {
      readingResult = false;
    }
  }

  /**
   * The model of a property's {@code type}, problems reported on {@code at}; null when it has one
   * (already reported, or deferred).
   */
  @Nullable TypeModel read(TypeMirror type, Element at) {
    return read(type, at, type, readingResult);
  }

  /** The model of {@code type}, part of {@code top}; null when it has a problem. */
  private @Nullable TypeModel read(TypeMirror type, Element at, TypeMirror top, boolean result) {
    if (type.getKind().isPrimitive()) {
      TypeName primitive = TypeName.get(type);
      for (TypeModel.ScalarKind kind : TypeModel.ScalarKind.values()) {
        if (kind.primitive.equals(primitive)) {
          return new TypeModel.Scalar(kind, true);
        }
      }
    }
    switch (type.getKind()) {
      case ARRAY -> {
        TypeMirror component = ((ArrayType) type).getComponentType();
        if (component.getKind() == TypeKind.DECLARED
            && !((DeclaredType) component).getTypeArguments().isEmpty()) {
          return unsupported(at, top, result); // no generic array creation
        }
        TypeModel element = read(component, at, top, result);
        return element == null ? null : new TypeModel.ArrayType(element);
      }
      case ERROR -> {
        if (!lastRound) {
          deferred = true;
        } else {
          report.add(at, Message.TYPE_UNRESOLVED, type);
        }
        return null;
      }
      case DECLARED -> {
        return declared((DeclaredType) type, at, top, result);
      }
      default -> {
        return unsupported(at, top, result);
      }
    }
  }

  /** The generic types a tool may use, with the type arguments a raw use of one should have. */
  private static final Map<String, String> RAW_EXAMPLES =
      Map.of(
          "java.util.Map", "Map<String, V>",
          "java.util.List", "List<E>",
          "java.util.Set", "Set<E>",
          "java.util.Collection", "Collection<E>",
          "java.util.Optional", "Optional<T>");

  private @Nullable TypeModel declared(
      DeclaredType type, Element at, TypeMirror top, boolean result) {
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
    if (args.isEmpty() && RAW_EXAMPLES.containsKey(name)) {
      report.add(
          at,
          Message.TYPE_RAW,
          result ? "return" : "parameter",
          element.getSimpleName(),
          RAW_EXAMPLES.get(name));
      return null;
    }
    switch (name) {
      case "java.lang.String" -> {
        return new TypeModel.Text();
      }
      case "com.fasterxml.jackson.databind.JsonNode" -> {
        return new TypeModel.JsonValue();
      }
      case "java.util.OptionalInt" -> {
        return optionalNumber(TypeModel.ScalarKind.INT);
      }
      case "java.util.OptionalLong" -> {
        return optionalNumber(TypeModel.ScalarKind.LONG);
      }
      case "java.util.OptionalDouble" -> {
        return optionalNumber(TypeModel.ScalarKind.DOUBLE);
      }
      case "java.util.List", "java.util.Set", "java.util.Collection" -> {
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
      case "java.util.Map" -> {
        return map(args, at, top, result);
      }
      case "java.util.Optional" -> {
        TypeModel value = typeArgument(args, 0, at, top, result);
        return value == null ? null : new TypeModel.OptionalType(value);
      }
      default -> {
        // not a type known by name: the author's own, or unsupported
      }
    }
    if (element.getKind() == ElementKind.ENUM) {
      return userTypes.enumType(element, at, type);
    }
    if (element.getKind() == ElementKind.RECORD && element.getTypeParameters().isEmpty()) {
      return userTypes.record(element, at, type);
    }
    if (element.getKind() == ElementKind.INTERFACE
        && element.getModifiers().contains(Modifier.SEALED)
        && element.getTypeParameters().isEmpty()) {
      return userTypes.union(element, at, type);
    }
    return unsupported(at, top, result);
  }

  private static TypeModel optionalNumber(TypeModel.ScalarKind kind) {
    return new TypeModel.OptionalNumber(new TypeModel.Scalar(kind, false));
  }

  /** {@code Map<String, V>} or {@code Map<E, V>} of an enum {@code E}. */
  private @Nullable TypeModel map(
      List<? extends TypeMirror> args, Element at, TypeMirror top, boolean result) {
    if (args.size() != 2) {
      return unsupported(at, top, result);
    }
    Optional<TypeModel.EnumType> enumKey = Optional.empty();
    if (!TypeMirrors.isClass(args.get(0), "java.lang.String")) {
      TypeModel key =
          args.get(0).getKind() == TypeKind.DECLARED
                  && ((DeclaredType) args.get(0)).asElement().getKind() == ElementKind.ENUM
              ? read(args.get(0), at, top, result)
              : unsupported(at, top, result);
      if (!(key instanceof TypeModel.EnumType enumType)) {
        return null;
      }
      enumKey = Optional.of(enumType);
    }
    TypeModel value = typeArgument(args, 1, at, top, result);
    return value == null ? null : new TypeModel.MapType(enumKey, value);
  }

  private @Nullable TypeModel typeArgument(
      List<? extends TypeMirror> args, int index, Element at, TypeMirror top, boolean result) {
    if (args.size() <= index || args.get(index).getKind() == TypeKind.WILDCARD) {
      return unsupported(at, top, result);
    }
    return read(args.get(index), at, top, result);
  }

  /**
   * Reports {@code top} as unsupported, unless part of it does not resolve: that part is then read,
   * which defers the tool or reports the type as unresolved.
   */
  private @Nullable TypeModel unsupported(Element at, TypeMirror top, boolean result) {
    TypeMirror error = TypeMirrors.errorPart(top);
    if (error != null) {
      return read(error, at, top, result);
    }
    report.add(
        at, result ? Message.RETURN_TYPE_UNSUPPORTED : Message.PARAMETER_TYPE_UNSUPPORTED, top);
    return null;
  }
}
