package dev.toolsmith.processor;

import static java.util.Objects.requireNonNull;

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
 * Reads one {@code @Tool} method into a {@link ToolModel}, reporting every problem it has: the
 * attributes by {@link ToolAttributes}, the rules by {@link ToolValidator}, the classes they name
 * by {@link ProvidedClasses}, the parameters and result by {@link TypeReader}.
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

  private final boolean explicitApproval;

  ToolReader(Elements elements, Types types, boolean lastRound) {
    this(elements, types, lastRound, false);
  }

  /** With {@code explicitApproval}: the build passes {@code -Atoolsmith.approval=explicit}. */
  ToolReader(Elements elements, Types types, boolean lastRound, boolean explicitApproval) {
    this.explicitApproval = explicitApproval;
    this.elements = elements;
    this.types = types;
    this.lastRound = lastRound;
  }

  /**
   * Reads {@code method}, whose {@code @Tool} annotation is {@code mirror}, in phases: its
   * attributes as written, the rules they and the method keep, the classes they name, then its
   * parameters and result into the model.
   */
  Reading read(ExecutableElement method, AnnotationMirror mirror) {
    Report report = new Report();
    ToolAttributes attributes = ToolAttributes.read(elements, mirror);
    AnnotationValue nameValue = attributes.name().isEmpty() ? null : attributes.value("name");
    String name =
        attributes.name().isEmpty()
            ? Names.snakeCase(method.getSimpleName().toString())
            : attributes.name();
    String doc = elements.getDocComment(method);
    String description =
        attributes.description().isEmpty() ? Javadocs.summary(doc) : attributes.description();
    ToolValidator validator =
        new ToolValidator(elements, method, attributes, report, explicitApproval);
    validator.validate(name, description);

    ProvidedClasses provided =
        new ProvidedClasses(elements, types, method, attributes, report, lastRound);
    ProvidedClasses.Resolution check = provided.check();
    ProvidedClasses.Resolution schemaOverrides = provided.schemaOverrides();

    TypeElement owner = ownerOf(method);
    String ownerPackage = elements.getPackageOf(owner).getQualifiedName().toString();
    TypeReader typeReader = new TypeReader(elements, ownerPackage, report, lastRound);
    List<ToolModel.Argument> arguments = arguments(method, typeReader, report, doc);
    TypeMirror returnType = method.getReturnType();
    boolean async = isCompletionStage(returnType);
    if (async) {
      List<? extends TypeMirror> typeArgs = ((DeclaredType) returnType).getTypeArguments();
      returnType =
          typeArgs.size() == 1 && typeArgs.get(0).getKind() != TypeKind.WILDCARD
              ? typeArgs.get(0)
              : elements.getTypeElement("java.lang.Object").asType();
    }
    Optional<TypeModel> returns = typeReader.result(method, returnType);
    boolean strict = arguments != null && validator.strict(arguments);

    if (typeReader.deferred() || check.unresolved() || schemaOverrides.unresolved()) {
      return new Reading(method, Optional.empty(), true, report, mirror, nameValue);
    }
    if (!report.isClean() || arguments == null || returns.isEmpty()) {
      return new Reading(method, Optional.empty(), false, report, mirror, nameValue);
    }
    ToolModel tool =
        new ToolModel(
            new ToolModel.Definition(
                name, description, attributes.title(), attributes.behaviour(), strict),
            new ToolModel.Invocation(
                method.getSimpleName().toString(),
                method.getModifiers().contains(Modifier.STATIC),
                List.copyOf(arguments),
                returns.get(),
                async),
            new ToolModel.Registration(
                attributes.toolset(),
                attributes.emoji(),
                attributes.maxResultChars(),
                attributes.deadlineMillis(),
                attributes.requiresApproval(),
                attributes.requiresEnv(),
                check.provided(),
                schemaOverrides.provided(),
                List.copyOf(new LinkedHashSet<>(attributes.keywords())),
                !attributes.deferred()));
    return new Reading(method, Optional.of(tool), false, report, mirror, nameValue);
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
    Javadocs.checkParams(
        report,
        method,
        ownerOf(method).getSimpleName() + "." + method.getSimpleName() + "()",
        docs,
        method.getParameters().stream().map(p -> p.getSimpleName().toString()).toList());
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
        arguments.add(new ToolModel.RecordArgument(parameter.getSimpleName().toString(), record));
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
}
