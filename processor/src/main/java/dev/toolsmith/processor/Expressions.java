package dev.toolsmith.processor;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;

/**
 * The reader and writer expressions generated code composes from the runtime's {@code Readers} and
 * {@code Writers}.
 */
final class Expressions {

  static final String SUPPORT = "dev.toolsmith.runtime.support";
  static final ClassName READERS = ClassName.get(SUPPORT, "Readers");
  static final ClassName WRITERS = ClassName.get(SUPPORT, "Writers");

  private Expressions() {}

  /** The {@code ValueReader} of a property, with its bounds and optionality. */
  static CodeBlock propertyReader(PropertyModel property, ClassName adapter) {
    TypeModel type = property.type();
    boolean optional = type instanceof TypeModel.OptionalType;
    TypeModel inner = optional ? ((TypeModel.OptionalType) type).value() : type;
    CodeBlock reader = reader(inner, adapter);
    if (property.bounded()) {
      reader =
          CodeBlock.of(
              "$T.bounded($L, $S, $L, $L)",
              READERS,
              reader,
              inner.jsonType(),
              Literals.number(property.minimum()),
              Literals.number(property.maximum()));
    }
    if (optional) {
      return CodeBlock.of("$T.optional($L)", READERS, reader);
    }
    return property.required() ? reader : CodeBlock.of("$T.nullable($L)", READERS, reader);
  }

  /** The {@code ValueReader} of {@code type}. */
  static CodeBlock reader(TypeModel type, ClassName adapter) {
    if (type instanceof TypeModel.Scalar) {
      return CodeBlock.of("$T.$L", READERS, ((TypeModel.Scalar) type).kind().name());
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", READERS);
    } else if (type instanceof TypeModel.EnumType) {
      return CodeBlock.of("$T.enumOf($T.values())", READERS, type.typeName());
    } else if (type instanceof TypeModel.Container) {
      TypeModel.Container container = (TypeModel.Container) type;
      return CodeBlock.of(
          "$T.<$T>$L($L)",
          READERS,
          container.element().typeName().box(),
          container.kind().name().toLowerCase(java.util.Locale.ROOT),
          reader(container.element(), adapter));
    } else if (type instanceof TypeModel.ArrayType) {
      TypeModel element = ((TypeModel.ArrayType) type).element();
      if (element instanceof TypeModel.Scalar && ((TypeModel.Scalar) element).primitive()) {
        return CodeBlock.of("$T.$L_ARRAY", READERS, ((TypeModel.Scalar) element).kind().name());
      }
      return CodeBlock.of(
          "$T.<$T>array($L, $T::new)",
          READERS,
          element.typeName(),
          reader(element, adapter),
          ArrayTypeName.of(element.typeName()));
    } else if (type instanceof TypeModel.MapType) {
      TypeModel value = ((TypeModel.MapType) type).value();
      return CodeBlock.of(
          "$T.<$T>map($L)", READERS, value.typeName().box(), reader(value, adapter));
    } else if (type instanceof TypeModel.RecordType) {
      ClassName record = ((TypeModel.RecordType) type).name();
      return CodeBlock.of("$T.object($T::$N)", READERS, adapter, Names.recordReader(record));
    } else if (type instanceof TypeModel.OptionalType) {
      TypeModel value = ((TypeModel.OptionalType) type).value();
      return CodeBlock.of(
          "$T.<$T>optional($L)", READERS, value.typeName().box(), reader(value, adapter));
    }
    throw new IllegalArgumentException("no reader for " + type);
  }

  /** The {@code ValueWriter} of {@code type}. */
  static CodeBlock writer(TypeModel type, ClassName adapter) {
    if (type instanceof TypeModel.Scalar) {
      return CodeBlock.of("$T.$L", WRITERS, ((TypeModel.Scalar) type).kind().writer);
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", WRITERS);
    } else if (type instanceof TypeModel.EnumType) {
      return CodeBlock.of("$T.ENUM", WRITERS);
    } else if (type instanceof TypeModel.Container) {
      TypeModel element = ((TypeModel.Container) type).element();
      return CodeBlock.of(
          "$T.<$T>iterable($L)", WRITERS, element.typeName().box(), writer(element, adapter));
    } else if (type instanceof TypeModel.ArrayType) {
      TypeModel element = ((TypeModel.ArrayType) type).element();
      if (element instanceof TypeModel.Scalar && ((TypeModel.Scalar) element).primitive()) {
        return CodeBlock.of("$T.$L_ARRAY", WRITERS, ((TypeModel.Scalar) element).kind().name());
      }
      return CodeBlock.of(
          "$T.<$T>array($L)", WRITERS, element.typeName(), writer(element, adapter));
    } else if (type instanceof TypeModel.MapType) {
      TypeModel value = ((TypeModel.MapType) type).value();
      return CodeBlock.of(
          "$T.<$T>map($L)", WRITERS, value.typeName().box(), writer(value, adapter));
    } else if (type instanceof TypeModel.RecordType) {
      return CodeBlock.of(
          "$T::$N", adapter, Names.recordWriter(((TypeModel.RecordType) type).name()));
    } else if (type instanceof TypeModel.OptionalType) {
      TypeModel value = ((TypeModel.OptionalType) type).value();
      return CodeBlock.of(
          "$T.<$T>optional($L)", WRITERS, value.typeName().box(), writer(value, adapter));
    }
    throw new IllegalArgumentException("no writer for " + type);
  }

  /** What a required property's problem says is expected when it is missing. */
  static String expected(TypeModel type) {
    if (type instanceof TypeModel.EnumType) {
      return "one of " + ((TypeModel.EnumType) type).constants();
    }
    if (type instanceof TypeModel.Scalar
        && ((TypeModel.Scalar) type).kind() == TypeModel.ScalarKind.CHAR) {
      return "string of one character";
    }
    return type.jsonType();
  }

  /** The initial value of a property's local variable: absent. */
  static CodeBlock absent(TypeModel type) {
    return type instanceof TypeModel.OptionalType
        ? CodeBlock.of("$T.empty()", java.util.Optional.class)
        : CodeBlock.of("null");
  }

  /** The local variable type of a property: boxed, so "not read" can be null. */
  static TypeName localType(TypeModel type) {
    return type.typeName().box();
  }
}
