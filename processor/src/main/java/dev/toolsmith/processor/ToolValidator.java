package dev.toolsmith.processor;

import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * The rules a {@code @Tool} method and its attributes must keep, one small check per rule, each
 * writing what it finds into the report (after Dagger's {@code BindingMethodValidator}).
 */
final class ToolValidator {

  private final Elements elements;
  private final ExecutableElement method;
  private final TypeElement owner;
  private final String ownerPackage;
  private final ToolAttributes attributes;
  private final Report report;
  private final boolean explicitApproval;

  ToolValidator(
      Elements elements,
      ExecutableElement method,
      ToolAttributes attributes,
      Report report,
      boolean explicitApproval) {
    this.explicitApproval = explicitApproval;
    this.elements = elements;
    this.method = method;
    this.owner = ToolReader.ownerOf(method);
    this.ownerPackage = elements.getPackageOf(owner).getQualifiedName().toString();
    this.attributes = attributes;
    this.report = report;
  }

  /** {@code Owner.method()}, as messages name the method. */
  String signature() {
    return owner.getSimpleName() + "." + method.getSimpleName() + "()";
  }

  /** Checks every rule that needs only the method and its attributes. */
  void validate(String name, String description) {
    checkName(name);
    checkDescription(description);
    checkToolset();
    checkMaxResultChars();
    checkDeadline();
    checkApproval();
    checkNotPrivate();
    checkNotGeneric();
    checkNotAbstract();
    checkOwner();
    checkTitle();
    checkKeywords();
    checkHints();
    checkRequiresEnv();
  }

  /**
   * Whether the tool gets a strict schema: when asked, unless a property cannot be strict, which is
   * reported.
   */
  boolean strict(List<ToolModel.Argument> arguments) {
    if (!attributes.strict()) {
      return false;
    }
    Optional<String> open = Strictness.obstacle(ToolModel.properties(arguments));
    open.ifPresent(reason -> report(attributes.value("strict"), Message.STRICT_IMPOSSIBLE, reason));
    return open.isEmpty();
  }

  private void checkName(String name) {
    if (!Names.TOOL_NAME.matcher(name).matches()) {
      report(attributes.value("name"), Message.NAME_INVALID, name);
    }
  }

  private void checkDescription(String description) {
    if (description.isEmpty()) {
      report.add(method, Message.DESCRIPTION_MISSING, signature());
    }
  }

  private void checkToolset() {
    if (attributes.toolset().isBlank()) {
      report(attributes.value("toolset"), Message.TOOLSET_BLANK, attributes.toolset());
    }
  }

  private void checkMaxResultChars() {
    int limit = attributes.maxResultChars();
    if (limit == 0 || limit < -1) {
      report(attributes.value("maxResultChars"), Message.MAX_RESULT_CHARS_INVALID, limit);
    }
  }

  /** A deadline written must be positive; the default (0, none) is not written. */
  private void checkDeadline() {
    attributes
        .mirror()
        .getElementValues()
        .forEach(
            (element, written) -> {
              if (element.getSimpleName().contentEquals("deadlineMillis")
                  && attributes.deadlineMillis() <= 0) {
                report(written, Message.DEADLINE_NOT_POSITIVE, attributes.deadlineMillis());
              }
            });
  }

  /**
   * Approval where it makes sense: not on a tool said to change nothing, and declared on every
   * destructive tool of a build that asks for explicit approval paths.
   */
  private void checkApproval() {
    ToolModel.Behaviour hints = attributes.behaviour();
    if (attributes.requiresApproval() && Boolean.TRUE.equals(hints.readOnly())) {
      report(attributes.value("requiresApproval"), Message.APPROVAL_ON_READ_ONLY, signature());
    }
    if (explicitApproval
        && Boolean.TRUE.equals(hints.destructive())
        && !attributes.requiresApproval()) {
      report(attributes.value("destructive"), Message.DESTRUCTIVE_WITHOUT_APPROVAL, signature());
    }
  }

  private void checkNotPrivate() {
    if (method.getModifiers().contains(Modifier.PRIVATE)) {
      report.add(method, Message.METHOD_PRIVATE, signature());
    }
  }

  private void checkNotGeneric() {
    if (!method.getTypeParameters().isEmpty()) {
      report.add(method, Message.METHOD_GENERIC, signature());
    }
  }

  private void checkNotAbstract() {
    if (abstractUnbound()) {
      report.add(method, Message.METHOD_ABSTRACT, signature());
    }
  }

  /** Generated code can reach the owner, and get an instance for an instance method. */
  private void checkOwner() {
    boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
    if (!Access.reachable(owner)) {
      report.add(method, Message.OWNER_UNREACHABLE, owner.getQualifiedName());
    } else if (!isStatic && !owner.getTypeParameters().isEmpty()) {
      report.add(method, Message.OWNER_GENERIC, owner.getQualifiedName());
    } else if (!isStatic && !bound()) {
      checkCreatable();
    }
  }

  /** An abstract method nothing binds an instance for: the class cannot be instantiated either. */
  private boolean abstractUnbound() {
    return method.getModifiers().contains(Modifier.ABSTRACT) && !bound();
  }

  private boolean bound() {
    return Annotations.find(owner, Names.BIND_INSTANCE_ANNOTATION).isPresent();
  }

  /** An instance method of a class nothing binds: generated code creates the class. */
  private void checkCreatable() {
    // An abstract method's error says it already: one error for one mistake.
    if (!abstractUnbound() && !Access.constructible(elements, owner, ownerPackage)) {
      report.add(method, Message.OWNER_NOT_INSTANTIABLE, owner.getQualifiedName());
      return;
    }
    ExecutableElement throwing = Access.throwingConstructor(owner);
    if (throwing != null) {
      report.add(
          throwing,
          Message.CONSTRUCTOR_THROWS_CHECKED,
          owner.getQualifiedName(),
          throwing.getThrownTypes());
    }
  }

  private void checkTitle() {
    String title = attributes.title();
    if (!title.isEmpty() && title.isBlank()) {
      report(attributes.value("title"), Message.TITLE_BLANK, title);
    }
  }

  private void checkKeywords() {
    for (String keyword : attributes.keywords()) {
      if (keyword.isBlank()) {
        report(attributes.value("keywords"), Message.KEYWORD_BLANK, keyword);
      }
    }
  }

  private void checkHints() {
    ToolModel.Behaviour behaviour = attributes.behaviour();
    if (Boolean.TRUE.equals(behaviour.readOnly()) && Boolean.TRUE.equals(behaviour.destructive())) {
      report(attributes.value("destructive"), Message.HINTS_CONTRADICT, signature());
    }
  }

  /**
   * requiresEnv only informs: without a check, the tool is offered while its variables are unset.
   */
  private void checkRequiresEnv() {
    AnnotationValue check = attributes.value("check");
    boolean noCheck =
        check == null
            || String.valueOf(check.getValue()).equals(BooleanSupplier.class.getCanonicalName());
    if (!attributes.requiresEnv().isEmpty() && noCheck) {
      report(
          attributes.value("requiresEnv"),
          Message.REQUIRES_ENV_UNCHECKED,
          attributes.requiresEnv(),
          signature());
    }
  }

  /** Reports {@code message} on the attribute {@code value}, or on the annotation without one. */
  private void report(@Nullable AnnotationValue value, Message message, Object... args) {
    report.add(method, attributes.mirror(), value, message, args);
  }
}
