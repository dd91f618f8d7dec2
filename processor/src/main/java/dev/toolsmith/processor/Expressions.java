package dev.toolsmith.processor;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;

/**
 * The reader and writer expressions generated code composes from the runtime's {@code Readers} and
 * {@code Writers}.
 */
final class Expressions {

  static final String SUPPORT = "dev.toolsmith.runtime.support";
  static final ClassName READERS = ClassName.get(SUPPORT, "Readers");
  static final ClassName WRITERS = ClassName.get(SUPPORT, "Writers");

  private Expressions() {}

  static final ClassName CONSTRAINTS = ClassName.get(SUPPORT, "Constraints");
  static final ClassName SCALARS = ClassName.get(SUPPORT, "Scalars");
  static final ClassName VALUES = ClassName.get(SUPPORT, "Values");
  static final ClassName JSON_NODES = ClassName.get(SUPPORT, "JsonNodes");

  /** The {@code ValueReader} of a property, with its hints and optionality. */
  static CodeBlock propertyReader(PropertyModel property, ClassName adapter) {
    TypeModel type = property.type();
    TypeModel inner = HintChecker.target(type);
    Hints hints = property.hints();
    CodeBlock reader = reader(inner, adapter);
    if (hints.textual()) {
      reader =
          CodeBlock.of(
              "$T.string($L, $L, $L, $S, $S)",
              CONSTRAINTS,
              reader,
              hints.minLength(),
              hints.maxLength(),
              hints.pattern(),
              hints.format());
    }
    if (hints.numeric()) {
      reader =
          CodeBlock.of(
              "$T.number($L, $S, $L, $L, $L, $L, $L)",
              CONSTRAINTS,
              reader,
              inner.jsonType(),
              Literals.number(hints.minimum()),
              Literals.number(hints.maximum()),
              Literals.number(hints.exclusiveMinimum()),
              Literals.number(hints.exclusiveMaximum()),
              Literals.number(hints.multipleOf()));
    }
    if (hints.counted()) {
      reader =
          CodeBlock.of(
              "$T.items($L, $L, $L, $L)",
              CONSTRAINTS,
              reader,
              hints.minItems(),
              hints.maxItems(),
              hints.uniqueItems());
    }
    if (!hints.allowedJson().isEmpty()) {
      List<CodeBlock> values = new ArrayList<>();
      for (String json : hints.allowedJson()) {
        values.add(
            json.startsWith("\"")
                ? CodeBlock.of("$S", unquote(json))
                : CodeBlock.of("new $T($S)", java.math.BigDecimal.class, json));
      }
      reader =
          CodeBlock.of("$T.allowed($L, $L)", CONSTRAINTS, reader, CodeBlock.join(values, ", "));
    }
    if (type instanceof TypeModel.OptionalType) {
      return CodeBlock.of("$T.optional($L)", READERS, reader);
    }
    if (type instanceof TypeModel.OptionalNumber) {
      return CodeBlock.of("$T.$L($L)", VALUES, optionalNumber(inner), reader);
    }
    return property.required() ? reader : CodeBlock.of("$T.nullable($L)", READERS, reader);
  }

  private static String optionalNumber(TypeModel inner) {
    switch (((TypeModel.Scalar) inner).kind()) {
      case INT:
        return "optionalInt";
      case LONG:
        return "optionalLong";
      default:
        return "optionalDouble";
    }
  }

  /** The Java text of a JSON string literal (hint values are plain text, escaped by Jackson). */
  private static String unquote(String json) {
    try (com.fasterxml.jackson.core.JsonParser parser =
        new com.fasterxml.jackson.core.JsonFactory().createParser(json)) {
      parser.nextToken();
      return parser.getText();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The {@code ValueReader} of {@code type}. */
  static CodeBlock reader(TypeModel type, ClassName adapter) {
    if (type instanceof TypeModel.Scalar) {
      return CodeBlock.of("$T.$L", READERS, ((TypeModel.Scalar) type).kind().name());
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", READERS);
    } else if (type instanceof TypeModel.Formatted) {
      return CodeBlock.of("$T.$L", SCALARS, ((TypeModel.Formatted) type).kind().reader);
    } else if (type instanceof TypeModel.JsonValue) {
      return CodeBlock.of("$T.READER", JSON_NODES);
    } else if (type instanceof TypeModel.EnumType) {
      TypeModel.EnumType enumType = (TypeModel.EnumType) type;
      if (enumType.jsonValues().equals(enumType.constants())) {
        return CodeBlock.of("$T.enumOf($T.values())", READERS, type.typeName());
      }
      return CodeBlock.of(
          "$T.enumOf($T.values(), $L)", VALUES, type.typeName(), strings(enumType.jsonValues()));
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
      TypeModel.MapType map = (TypeModel.MapType) type;
      TypeModel value = map.value();
      if (map.enumKey().isPresent()) {
        TypeModel.EnumType key = map.enumKey().get();
        return CodeBlock.of(
            "$T.<$T, $T>enumMap($T.values(), $L, $L)",
            VALUES,
            key.typeName(),
            value.typeName().box(),
            key.typeName(),
            strings(key.jsonValues()),
            reader(value, adapter));
      }
      return CodeBlock.of(
          "$T.<$T>map($L)", READERS, value.typeName().box(), reader(value, adapter));
    } else if (type instanceof TypeModel.RecordType) {
      ClassName record = ((TypeModel.RecordType) type).name();
      return CodeBlock.of("$T.object($T::$N)", READERS, adapter, Names.recordReader(record));
    } else if (type instanceof TypeModel.RecordRef) {
      ClassName record = ((TypeModel.RecordRef) type).name();
      return CodeBlock.of("$T.object($T::$N)", READERS, adapter, Names.recordReader(record));
    } else if (type instanceof TypeModel.Union) {
      TypeModel.Union union = (TypeModel.Union) type;
      List<CodeBlock> readers = new ArrayList<>();
      List<String> values = new ArrayList<>();
      for (TypeModel.Variant variant : union.variants()) {
        values.add(variant.value());
        readers.add(
            CodeBlock.of(
                "$T.object($T::$N)",
                READERS,
                adapter,
                Names.variantReader(variant.record().name())));
      }
      return CodeBlock.of(
          "$T.<$T>union($S, $L, $L)",
          VALUES,
          union.name(),
          union.discriminator(),
          strings(values),
          CodeBlock.join(readers, ", "));
    } else if (type instanceof TypeModel.OptionalType) {
      TypeModel value = ((TypeModel.OptionalType) type).value();
      return CodeBlock.of(
          "$T.<$T>optional($L)", READERS, value.typeName().box(), reader(value, adapter));
    } else if (type instanceof TypeModel.OptionalNumber) {
      TypeModel.Scalar value = ((TypeModel.OptionalNumber) type).value();
      return CodeBlock.of("$T.$L($L)", VALUES, optionalNumber(value), reader(value, adapter));
    }
    throw new IllegalArgumentException("no reader for " + type);
  }

  /** {@code new String[] {"a", "b"}}. */
  static CodeBlock strings(List<String> values) {
    return CodeBlock.of(
        "new String[] {$L}",
        CodeBlock.join(values.stream().map(v -> CodeBlock.of("$S", v)).toList(), ", "));
  }

  /** The {@code ValueWriter} of {@code type}. */
  static CodeBlock writer(TypeModel type, ClassName adapter) {
    if (type instanceof TypeModel.Scalar) {
      return CodeBlock.of("$T.$L", WRITERS, ((TypeModel.Scalar) type).kind().writer);
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", WRITERS);
    } else if (type instanceof TypeModel.Formatted) {
      return CodeBlock.of("$T.$L", WRITERS, ((TypeModel.Formatted) type).kind().writer);
    } else if (type instanceof TypeModel.JsonValue) {
      return CodeBlock.of("$T.WRITER", JSON_NODES);
    } else if (type instanceof TypeModel.OptionalNumber) {
      return CodeBlock.of(
          "$T.OPTIONAL_$L", WRITERS, ((TypeModel.OptionalNumber) type).value().kind().name());
    } else if (type instanceof TypeModel.RecordRef) {
      return CodeBlock.of(
          "$T::$N", adapter, Names.recordWriter(((TypeModel.RecordRef) type).name()));
    } else if (type instanceof TypeModel.Union) {
      return CodeBlock.of("$T::$N", adapter, Names.recordWriter(((TypeModel.Union) type).name()));
    } else if (type instanceof TypeModel.EnumType) {
      TypeModel.EnumType enumType = (TypeModel.EnumType) type;
      if (!enumType.jsonValues().equals(enumType.constants())) {
        return CodeBlock.of("$T.enumOf($L)", WRITERS, strings(enumType.jsonValues()));
      }
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
      TypeModel.MapType map = (TypeModel.MapType) type;
      TypeModel value = map.value();
      if (map.enumKey().isPresent()) {
        return CodeBlock.of(
            "$T.<$T>enumMap($L, $L)",
            WRITERS,
            value.typeName().box(),
            strings(map.enumKey().get().jsonValues()),
            writer(value, adapter));
      }
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
      return "one of " + ((TypeModel.EnumType) type).jsonValues();
    }
    if (type instanceof TypeModel.Formatted) {
      TypeModel.FormattedKind kind = ((TypeModel.Formatted) type).kind();
      return kind.format.isEmpty() ? type.jsonType() : "string of format " + kind.format;
    }
    if (type instanceof TypeModel.JsonValue) {
      return "any JSON value";
    }
    if (type instanceof TypeModel.Scalar
        && ((TypeModel.Scalar) type).kind() == TypeModel.ScalarKind.CHAR) {
      return "string of one character";
    }
    return type.jsonType();
  }

  /** The initial value of a property's local variable: absent. */
  static CodeBlock absent(TypeModel type) {
    if (type instanceof TypeModel.OptionalType) {
      return CodeBlock.of("$T.empty()", java.util.Optional.class);
    }
    if (type instanceof TypeModel.OptionalNumber) {
      return CodeBlock.of("$T.empty()", type.typeName());
    }
    return CodeBlock.of("null");
  }

  /** The local variable type of a property: boxed, so "not read" can be null. */
  static TypeName localType(TypeModel type) {
    return type.typeName().box();
  }
}
