package dev.toolsmith.processor;

import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import org.jspecify.annotations.Nullable;

/** Questions the readers ask of a {@link TypeMirror}, in one place. */
final class TypeMirrors {

  private TypeMirrors() {}

  /** Whether {@code type} is the class or interface named {@code qualifiedName}. */
  static boolean isClass(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }

  /** Whether {@code type} is a record. */
  static boolean isRecord(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.RECORD;
  }

  /**
   * The part of {@code type} that does not resolve (a class not generated yet, or a typo): itself,
   * its array component or a type argument; null when every part resolves.
   */
  static @Nullable TypeMirror errorPart(TypeMirror type) {
    if (type.getKind() == TypeKind.ERROR) {
      return type;
    }
    if (type.getKind() == TypeKind.ARRAY) {
      return errorPart(((ArrayType) type).getComponentType());
    }
    if (type.getKind() == TypeKind.DECLARED) {
      for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
        TypeMirror error = errorPart(argument);
        if (error != null) {
          return error;
        }
      }
    }
    return null;
  }
}
