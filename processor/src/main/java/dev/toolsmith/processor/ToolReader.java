package dev.toolsmith.processor;

import static java.util.Objects.requireNonNull;

import com.squareup.javapoet.ClassName;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.jspecify.annotations.Nullable;

/**
 * Reads and validates one {@code @Tool} method into a {@link ToolModel}, reporting every problem it
 * has.
 */
final class ToolReader {

  /**
   * What reading one method gave.
   *
   * @param method the method
   * @param tool the model, present only when the method has no problem
   * @param deferred whether a type is not generated yet (try again next round)
   * @param report every problem found
   * @param nameMirror the {@code @Tool} annotation, where a name problem is reported
   * @param nameValue the explicit {@code name} value, or null when the name is derived
   */
  record Reading(
      ExecutableElement method,
      Optional<ToolModel> tool,
      boolean deferred,
      Report report,
      AnnotationMirror nameMirror,
      @Nullable AnnotationValue nameValue) {}

  private final Elements elements;
  private final Types types;
  private final boolean lastRound;

  ToolReader(Elements elements, Types types, boolean lastRound) {
    this.elements = elements;
    this.types = types;
    this.lastRound = lastRound;
  }

  /** Reads {@code method}, whose {@code @Tool} annotation is {@code mirror}. */
  Reading read(ExecutableElement method, AnnotationMirror mirror) {
    Report report = new Report();
    TypeElement owner = ownerOf(method);
    String ownerPackage = elements.getPackageOf(owner).getQualifiedName().toString();
    Map<String, AnnotationValue> values = Annotations.values(elements, mirror);
    String signature = owner.getSimpleName() + "." + method.getSimpleName() + "()";

    // Name, description and the other plain attributes.
    String explicitName = Annotations.string(values, "name", "");
    String name =
        explicitName.isEmpty() ? Names.snakeCase(method.getSimpleName().toString()) : explicitName;
    AnnotationValue nameValue = explicitName.isEmpty() ? null : values.get("name");
    if (!Names.TOOL_NAME.matcher(name).matches()) {
      report.add(method, mirror, nameValue, Message.NAME_INVALID, name);
    }
    String doc = elements.getDocComment(method);
    String description = Annotations.string(values, "description", "").strip();
    if (description.isEmpty()) {
      description = Javadocs.summary(doc);
    }
    if (description.isEmpty()) {
      report.add(method, Message.DESCRIPTION_MISSING, signature);
    }
    String toolset = Annotations.string(values, "toolset", "default");
    if (toolset.isBlank()) {
      report.add(method, mirror, values.get("toolset"), Message.TOOLSET_BLANK, toolset);
    }
    int maxResultChars = Annotations.integer(values, "maxResultChars", -1);
    if (maxResultChars == 0 || maxResultChars < -1) {
      report.add(
          method,
          mirror,
          values.get("maxResultChars"),
          Message.MAX_RESULT_CHARS_INVALID,
          maxResultChars);
    }
    boolean[] deferred = {false};
    Optional<ToolModel.ProvidedClass> check =
        check(method, mirror, values.get("check"), ownerPackage, report, deferred);
    Optional<ToolModel.ProvidedClass> schemaOverrides =
        schemaOverrides(
            method, mirror, values.get("schemaOverrides"), ownerPackage, report, deferred);

    // Can generated code call it?
    boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
    boolean bound = Annotations.find(owner, Names.BIND_INSTANCE_ANNOTATION).isPresent();
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      report.add(method, Message.METHOD_PRIVATE, signature);
    }
    if (!method.getTypeParameters().isEmpty()) {
      report.add(method, Message.METHOD_GENERIC, signature);
    }
    boolean abstractUnbound = method.getModifiers().contains(Modifier.ABSTRACT) && !bound;
    if (abstractUnbound) {
      // Also means the class cannot be instantiated; one error says it.
      report.add(method, Message.METHOD_ABSTRACT, signature);
    }
    if (!Access.reachable(owner)) {
      report.add(method, Message.OWNER_UNREACHABLE, owner.getQualifiedName());
    } else if (!isStatic && !owner.getTypeParameters().isEmpty()) {
      report.add(method, Message.OWNER_GENERIC, owner.getQualifiedName());
    } else if (!isStatic
        && !bound
        && !abstractUnbound
        && !Access.constructible(elements, owner, ownerPackage)) {
      report.add(method, Message.OWNER_NOT_INSTANTIABLE, owner.getQualifiedName());
    } else if (!isStatic && !bound) {
      ExecutableElement throwing = Access.throwingConstructor(owner);
      if (throwing != null) {
        report.add(
            throwing,
            Message.CONSTRUCTOR_THROWS_CHECKED,
            owner.getQualifiedName(),
            throwing.getThrownTypes());
      }
    }

    // Parameters and result.
    TypeReader types = new TypeReader(elements, ownerPackage, report, lastRound);
    List<ToolModel.Argument> arguments = arguments(method, types, report, doc);
    TypeMirror returnType = method.getReturnType();
    boolean async = isCompletionStage(returnType);
    if (async) {
      List<? extends TypeMirror> typeArgs = ((DeclaredType) returnType).getTypeArguments();
      returnType =
          typeArgs.size() == 1 && typeArgs.get(0).getKind() != TypeKind.WILDCARD
              ? typeArgs.get(0)
              : elements.getTypeElement("java.lang.Object").asType();
    }
    Optional<TypeModel> returns = types.result(method, returnType);

    boolean strict = Annotations.bool(values, "strict", false);
    if (strict && arguments != null) {
      Optional<String> open = Strictness.obstacle(ToolModel.properties(arguments));
      if (open.isPresent()) {
        report.add(method, mirror, values.get("strict"), Message.STRICT_IMPOSSIBLE, open.get());
        strict = false;
      }
    }
    String title = Annotations.string(values, "title", "");
    if (!title.isEmpty() && title.isBlank()) {
      report.add(method, mirror, values.get("title"), Message.TITLE_BLANK, title);
    }
    List<String> keywords = Annotations.strings(values, "keywords");
    for (String keyword : keywords) {
      if (keyword.isBlank()) {
        report.add(method, mirror, values.get("keywords"), Message.KEYWORD_BLANK, keyword);
      }
    }
    ToolModel.Behaviour behaviour =
        new ToolModel.Behaviour(
            hint(values, "readOnly"),
            hint(values, "destructive"),
            hint(values, "idempotent"),
            hint(values, "openWorld"));
    if (Boolean.TRUE.equals(behaviour.readOnly()) && Boolean.TRUE.equals(behaviour.destructive())) {
      report.add(method, mirror, values.get("destructive"), Message.HINTS_CONTRADICT, signature);
    }
    if (types.deferred() || deferred[0]) {
      return new Reading(method, Optional.empty(), true, report, mirror, nameValue);
    }
    if (!report.isClean() || arguments == null || returns.isEmpty()) {
      return new Reading(method, Optional.empty(), false, report, mirror, nameValue);
    }
    ToolModel tool =
        new ToolModel(
            name,
            description,
            toolset,
            Annotations.string(values, "emoji", ""),
            maxResultChars,
            List.copyOf(Annotations.strings(values, "requiresEnv")),
            check,
            schemaOverrides,
            method.getSimpleName().toString(),
            isStatic,
            List.copyOf(arguments),
            returns.get(),
            async,
            strict,
            title,
            behaviour,
            List.copyOf(new LinkedHashSet<>(keywords)),
            !Annotations.bool(values, "deferred", true));
    return new Reading(method, Optional.of(tool), false, report, mirror, nameValue);
  }

  /** A {@code Hint} attribute: true, false, or null when unspecified. */
  private static @Nullable Boolean hint(Map<String, AnnotationValue> values, String name) {
    AnnotationValue value = values.get(name);
    if (value == null || !(value.getValue() instanceof VariableElement constant)) {
      return null;
    }
    String which = constant.getSimpleName().toString();
    return "TRUE".equals(which) ? Boolean.TRUE : "FALSE".equals(which) ? Boolean.FALSE : null;
  }

  /** The method's arguments, or null when one of them has a problem (reported). */
  private @Nullable List<ToolModel.Argument> arguments(
      ExecutableElement method, TypeReader types, Report report, String doc) {
    List<VariableElement> plain = new ArrayList<>();
    int contexts = 0;
    for (VariableElement parameter : method.getParameters()) {
      if (TypeMirrors.isClass(parameter.asType(), RuntimeTypes.TOOL_CONTEXT.canonicalName())) {
        if (++contexts == 2) {
          report.add(parameter, Message.CONTEXT_DUPLICATE, countContexts(method));
        }
      } else {
        plain.add(parameter);
      }
    }
    boolean clean = contexts < 2;
    Map<String, String> docs = Javadocs.params(doc);
    TypeModel.RecordType record = null;
    if (plain.size() == 1 && TypeMirrors.isRecord(plain.get(0).asType())) {
      Optional<TypeModel.RecordType> read =
          types.argumentsRecord(plain.get(0), plain.get(0).asType());
      clean &= read.isPresent();
      record = read.orElse(null);
    }
    List<ToolModel.Argument> arguments = new ArrayList<>();
    List<PropertyModel> plainProperties = new ArrayList<>();
    List<Element> positions = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      if (TypeMirrors.isClass(parameter.asType(), RuntimeTypes.TOOL_CONTEXT.canonicalName())) {
        arguments.add(new ToolModel.ContextArgument());
      } else if (record != null) {
        arguments.add(new ToolModel.RecordArgument(record));
      } else if (plain.size() != 1 || !TypeMirrors.isRecord(parameter.asType())) {
        Optional<PropertyModel> property =
            types.properties().property(parameter, parameter.asType(), docs);
        clean &= property.isPresent();
        property.ifPresent(p -> arguments.add(new ToolModel.PropertyArgument(p)));
        property.ifPresent(plainProperties::add);
        property.ifPresent(p -> positions.add(parameter));
      }
    }
    clean &= types.properties().uniqueNames(plainProperties, positions);
    return clean ? arguments : null;
  }

  /** The class declaring {@code method}: a method always has one. */
  static TypeElement ownerOf(ExecutableElement method) {
    return (TypeElement) requireNonNull(method.getEnclosingElement(), "method has no class");
  }

  private static long countContexts(ExecutableElement method) {
    return method.getParameters().stream()
        .filter(p -> TypeMirrors.isClass(p.asType(), RuntimeTypes.TOOL_CONTEXT.canonicalName()))
        .count();
  }

  private static boolean isCompletionStage(TypeMirror type) {
    return TypeMirrors.isClass(type, "java.util.concurrent.CompletionStage")
        || TypeMirrors.isClass(type, "java.util.concurrent.CompletableFuture");
  }

  /** The check class, if any; reports it when generated code cannot name it. */
  private Optional<ToolModel.ProvidedClass> check(
      ExecutableElement method,
      AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      String ownerPackage,
      Report report,
      boolean[] deferred) {
    Optional<TypeElement> check =
        namedClass(method, mirror, value, "java.util.function.BooleanSupplier", report, deferred);
    if (check.isEmpty() || value == null) {
      return Optional.empty();
    }
    if (!Access.reachable(check.get())
        || !Access.visibleFrom(elements, check.get(), ownerPackage)) {
      report.add(
          method, mirror, value, Message.CHECK_NOT_ACCESSIBLE, check.get().getQualifiedName());
      return Optional.empty();
    }
    return provided(check.get(), ownerPackage, report);
  }

  /**
   * The schema overrides class, if any; reports it when it supplies something else than a map with
   * string keys, or when generated code cannot name it.
   */
  private Optional<ToolModel.ProvidedClass> schemaOverrides(
      ExecutableElement method,
      AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      String ownerPackage,
      Report report,
      boolean[] deferred) {
    Optional<TypeElement> overrides =
        namedClass(method, mirror, value, "java.util.function.Supplier", report, deferred);
    if (overrides.isEmpty() || value == null) {
      return Optional.empty();
    }
    TypeElement type = overrides.get();
    if (!types.isAssignable(type.asType(), mapSupplier())) {
      report.add(
          method, mirror, value, Message.SCHEMA_OVERRIDES_NOT_A_MAP_SUPPLIER, suppliedBy(type));
      return Optional.empty();
    }
    if (!Access.reachable(type) || !Access.visibleFrom(elements, type, ownerPackage)) {
      report.add(
          method, mirror, value, Message.SCHEMA_OVERRIDES_NOT_ACCESSIBLE, type.getQualifiedName());
      return Optional.empty();
    }
    return provided(type, ownerPackage, report);
  }

  /**
   * The class an annotation value names, unless it is {@code none} (the attribute's default); an
   * unresolved class defers the method, or is an error in the last round.
   */
  private Optional<TypeElement> namedClass(
      ExecutableElement method,
      AnnotationMirror mirror,
      @Nullable AnnotationValue value,
      String none,
      Report report,
      boolean[] deferred) {
    if (value == null || !(value.getValue() instanceof TypeMirror type)) {
      return Optional.empty();
    }
    if (type.getKind() == TypeKind.ERROR) {
      if (lastRound) {
        report.add(method, mirror, value, Message.TYPE_UNRESOLVED, type);
      } else {
        deferred[0] = true;
      }
      return Optional.empty();
    }
    if (TypeMirrors.isClass(type, none) || type.getKind() != TypeKind.DECLARED) {
      return Optional.empty();
    }
    return Optional.of((TypeElement) ((DeclaredType) type).asElement());
  }

  /**
   * {@code type} as a class generated code takes from the bindings or creates; reported and empty
   * when its no-arg constructor throws a checked exception, which generated code cannot call.
   */
  private Optional<ToolModel.ProvidedClass> provided(
      TypeElement type, String ownerPackage, Report report) {
    ExecutableElement throwing = Access.throwingConstructor(type);
    if (throwing != null) {
      report.add(
          throwing,
          Message.CONSTRUCTOR_THROWS_CHECKED,
          type.getQualifiedName(),
          throwing.getThrownTypes());
      return Optional.empty();
    }
    return Optional.of(
        new ToolModel.ProvidedClass(
            ClassName.get(type), Access.constructible(elements, type, ownerPackage)));
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
}
