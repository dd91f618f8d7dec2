package dev.toolsmith.processor;

import static java.util.Objects.requireNonNull;

import com.squareup.javapoet.ClassName;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.jspecify.annotations.Nullable;

/**
 * The classes a tool's attributes name for generated code to use: its availability {@code check}
 * and its {@code schemaOverrides}, each checked that generated code can name and get it.
 */
final class ProvidedClasses {

  /**
   * What an attribute naming a class gave.
   *
   * @param provided the class, empty when none is named or it has a problem (reported)
   * @param unresolved whether the class is not generated yet: try the method again next round
   */
  record Resolution(Optional<ToolModel.ProvidedClass> provided, boolean unresolved) {

    static final Resolution NONE = new Resolution(Optional.empty(), false);
    static final Resolution UNRESOLVED = new Resolution(Optional.empty(), true);
  }

  private final Elements elements;
  private final Types types;
  private final ExecutableElement method;
  private final ToolAttributes attributes;
  private final String ownerPackage;
  private final Report report;
  private final boolean lastRound;

  ProvidedClasses(
      Elements elements,
      Types types,
      ExecutableElement method,
      ToolAttributes attributes,
      Report report,
      boolean lastRound) {
    this.elements = elements;
    this.types = types;
    this.method = method;
    this.attributes = attributes;
    this.ownerPackage =
        elements.getPackageOf(ToolReader.ownerOf(method)).getQualifiedName().toString();
    this.report = report;
    this.lastRound = lastRound;
  }

  /** The {@code check} class, if any; reported when generated code cannot name it. */
  Resolution check() {
    AnnotationValue value = attributes.value("check");
    if (isUnresolved(value)) {
      return unresolved(requireNonNull(value));
    }
    Optional<TypeElement> check = named(value, "java.util.function.BooleanSupplier");
    if (check.isEmpty() || value == null) {
      return Resolution.NONE;
    }
    if (!Access.reachable(check.get())
        || !Access.visibleFrom(elements, check.get(), ownerPackage)) {
      report(value, Message.CHECK_NOT_ACCESSIBLE, check.get().getQualifiedName());
      return Resolution.NONE;
    }
    return provided(check.get());
  }

  /**
   * The {@code schemaOverrides} class, if any; reported when it supplies something else than a map
   * with string keys, or when generated code cannot name it.
   */
  Resolution schemaOverrides() {
    AnnotationValue value = attributes.value("schemaOverrides");
    if (isUnresolved(value)) {
      return unresolved(requireNonNull(value));
    }
    Optional<TypeElement> overrides = named(value, "java.util.function.Supplier");
    if (overrides.isEmpty() || value == null) {
      return Resolution.NONE;
    }
    TypeElement type = overrides.get();
    if (!types.isAssignable(type.asType(), mapSupplier())) {
      report(value, Message.SCHEMA_OVERRIDES_NOT_A_MAP_SUPPLIER, suppliedBy(type));
      return Resolution.NONE;
    }
    if (!Access.reachable(type) || !Access.visibleFrom(elements, type, ownerPackage)) {
      report(value, Message.SCHEMA_OVERRIDES_NOT_ACCESSIBLE, type.getQualifiedName());
      return Resolution.NONE;
    }
    return provided(type);
  }

  /** Whether {@code value} names a class that does not resolve (it may be generated later). */
  private static boolean isUnresolved(@Nullable AnnotationValue value) {
    return value != null
        && value.getValue() instanceof TypeMirror type
        && type.getKind() == TypeKind.ERROR;
  }

  /** Deferred to the next round; in the last round an error. */
  private Resolution unresolved(AnnotationValue value) {
    if (!lastRound) {
      return Resolution.UNRESOLVED;
    }
    report(value, Message.TYPE_UNRESOLVED, value.getValue());
    return Resolution.NONE;
  }

  /** The class {@code value} names, empty for {@code none} (the attribute's default). */
  private static Optional<TypeElement> named(@Nullable AnnotationValue value, String none) {
    if (value == null
        || !(value.getValue() instanceof TypeMirror type)
        || type.getKind() != TypeKind.DECLARED
        || TypeMirrors.isClass(type, none)) {
      return Optional.empty();
    }
    return Optional.of((TypeElement) ((DeclaredType) type).asElement());
  }

  /**
   * {@code type} as a class generated code takes from the bindings or creates; reported and none
   * when its no-arg constructor throws a checked exception, which generated code cannot call.
   */
  private Resolution provided(TypeElement type) {
    ExecutableElement throwing = Access.throwingConstructor(type);
    if (throwing != null) {
      report.add(
          throwing,
          Message.CONSTRUCTOR_THROWS_CHECKED,
          type.getQualifiedName(),
          throwing.getThrownTypes());
      return Resolution.NONE;
    }
    ToolModel.ProvidedClass provided =
        new ToolModel.ProvidedClass(
            ClassName.get(type), Access.constructible(elements, type, ownerPackage));
    return new Resolution(Optional.of(provided), false);
  }

  /** {@code Supplier<? extends Map<String, ?>>}. */
  private TypeMirror mapSupplier() {
    DeclaredType map =
        types.getDeclaredType(
            requireNonNull(elements.getTypeElement("java.util.Map")),
            requireNonNull(elements.getTypeElement("java.lang.String")).asType(),
            types.getWildcardType(null, null));
    return types.getDeclaredType(
        requireNonNull(elements.getTypeElement("java.util.function.Supplier")),
        types.getWildcardType(map, null));
  }

  /** What {@code type} says it supplies, for a message: {@code Supplier<String>}, or the class. */
  private String suppliedBy(TypeElement type) {
    for (TypeMirror supertype : types.directSupertypes(type.asType())) {
      if (types.erasure(supertype).toString().equals("java.util.function.Supplier")) {
        return type.getQualifiedName() + ", a " + supertype;
      }
    }
    return type.getQualifiedName().toString();
  }

  private void report(AnnotationValue value, Message message, Object... args) {
    report.add(method, attributes.mirror(), value, message, args);
  }
}
