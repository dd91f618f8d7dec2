package dev.toolsmith.processor;

import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * What code generated in a tool owner's package may name and instantiate, asked before generating
 * it: javac would otherwise report the problem in generated code the user never wrote.
 */
final class Access {

  private Access() {}

  /**
   * Whether generated code can name the type: no private, local, anonymous or inner class on the
   * way out.
   */
  static boolean reachable(TypeElement type) {
    for (Element e = type; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      if (t.getNestingKind() == NestingKind.LOCAL
          || t.getNestingKind() == NestingKind.ANONYMOUS
          || t.getModifiers().contains(Modifier.PRIVATE)) {
        return false;
      }
      Element enclosing = t.getEnclosingElement();
      if (t.getNestingKind() == NestingKind.MEMBER
          && t.getKind() == ElementKind.CLASS
          && !t.getModifiers().contains(Modifier.STATIC)
          && (enclosing == null || enclosing.getKind() != ElementKind.INTERFACE)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether code in {@code fromPackage} sees {@code type}: no class on the way out is private, and
   * each is public unless it is in that package.
   */
  static boolean visibleFrom(Elements elements, TypeElement type, String fromPackage) {
    boolean samePackage = elements.getPackageOf(type).getQualifiedName().contentEquals(fromPackage);
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = e.getModifiers();
      if (modifiers.contains(Modifier.PRIVATE)
          || (!samePackage && !modifiers.contains(Modifier.PUBLIC))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code new Type()} compiles in {@code fromPackage}. */
  static boolean constructible(Elements elements, TypeElement type, String fromPackage) {
    if ((type.getKind() != ElementKind.CLASS && type.getKind() != ElementKind.RECORD)
        || type.getModifiers().contains(Modifier.ABSTRACT)) {
      return false;
    }
    boolean samePackage = elements.getPackageOf(type).getQualifiedName().contentEquals(fromPackage);
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty() && constructor.getTypeParameters().isEmpty()) {
        Set<Modifier> modifiers = constructor.getModifiers();
        return modifiers.contains(Modifier.PUBLIC)
            || (samePackage && !modifiers.contains(Modifier.PRIVATE));
      }
    }
    return false;
  }

  /**
   * The no-arg constructor of {@code type} when it declares a checked exception (generated code
   * calls it and could not compile), else null.
   */
  static @Nullable ExecutableElement throwingConstructor(TypeElement type) {
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()) {
        for (TypeMirror thrown : constructor.getThrownTypes()) {
          if (checked(thrown)) {
            return constructor;
          }
        }
      }
    }
    return null;
  }

  private static boolean checked(TypeMirror thrown) {
    TypeMirror current = thrown;
    while (current instanceof DeclaredType declared) {
      String name = ((TypeElement) declared.asElement()).getQualifiedName().toString();
      if (name.equals("java.lang.RuntimeException") || name.equals("java.lang.Error")) {
        return false;
      }
      current = ((TypeElement) declared.asElement()).getSuperclass();
    }
    return true;
  }
}
