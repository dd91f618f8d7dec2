package dev.toolsmith.processor;

import static dev.toolsmith.processor.RuntimeTypes.CONSTRAINTS;
import static dev.toolsmith.processor.RuntimeTypes.ITEM_BOUNDS;
import static dev.toolsmith.processor.RuntimeTypes.JSON_NODES;
import static dev.toolsmith.processor.RuntimeTypes.LENGTH_BOUNDS;
import static dev.toolsmith.processor.RuntimeTypes.NUMBER_BOUNDS;
import static dev.toolsmith.processor.RuntimeTypes.READERS;
import static dev.toolsmith.processor.RuntimeTypes.SCALARS;
import static dev.toolsmith.processor.RuntimeTypes.VALUES;
import static dev.toolsmith.processor.RuntimeTypes.WRITERS;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import dev.toolsmith.schema.ItemBounds;
import dev.toolsmith.schema.LengthBounds;
import dev.toolsmith.schema.NumberBounds;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The reader and writer expressions generated code composes from the runtime's {@code Readers} and
 * {@code Writers}.
 */
final class Expressions {

  private Expressions() {}

  /**
   * The {@code ValueReader} of a property, with its constraints and optionality; reading JSON null
   * as null when {@code acceptsNull}.
   */
  static CodeBlock propertyReader(PropertyModel property, CallNames names, boolean acceptsNull) {
    TypeModel type = property.type();
    TypeModel inner = ConstraintChecker.target(type);
    Constraints constraints = property.constraints();
    CodeBlock reader = reader(inner, names);
    if (constraints.textual()) {
      reader =
          CodeBlock.of(
              "$T.string($L, $L, $S, $S)",
              CONSTRAINTS,
              reader,
              lengthBounds(constraints.lengths()),
              constraints.pattern(),
              constraints.format());
    }
    if (constraints.numeric()) {
      reader =
          CodeBlock.of(
              "$T.number($L, $S, $L)",
              CONSTRAINTS,
              reader,
              inner.jsonType(),
              numberBounds(constraints.numbers()));
    }
    if (constraints.counted()) {
      reader =
          CodeBlock.of("$T.items($L, $L)", CONSTRAINTS, reader, itemBounds(constraints.items()));
    }
    if (!constraints.allowedJson().isEmpty()) {
      reader = CodeBlock.of("$T.allowed($L, $L)", CONSTRAINTS, reader, allowedValues(constraints));
    }
    if (type instanceof TypeModel.OptionalType) {
      return CodeBlock.of("$T.optional($L)", READERS, reader);
    }
    if (type instanceof TypeModel.OptionalNumber) {
      return CodeBlock.of("$T.$L($L)", VALUES, optionalNumber(inner), reader);
    }
    return acceptsNull ? CodeBlock.of("$T.nullable($L)", READERS, reader) : reader;
  }

  /**
   * The {@code NumberCheck} of a primitive number property's constraints, for the typed read that
   * keeps it unboxed; null when it has none.
   */
  static @Nullable CodeBlock numberCheck(PropertyModel property) {
    Constraints constraints = property.constraints();
    if (!constraints.numeric() && constraints.allowedJson().isEmpty()) {
      return null;
    }
    String type = property.type().jsonType();
    CodeBlock check =
        CodeBlock.of(
            "$T.number($S, $L)",
            CONSTRAINTS,
            type,
            constraints.numeric()
                ? numberBounds(constraints.numbers())
                : CodeBlock.of("$T.NONE", NUMBER_BOUNDS));
    return constraints.allowedJson().isEmpty()
        ? check
        : CodeBlock.of("$T.allowed($L, $L)", CONSTRAINTS, check, allowedValues(constraints));
  }

  /** The allowed values as Java literals: strings, and numbers as exact {@code BigDecimal}s. */
  private static CodeBlock allowedValues(Constraints constraints) {
    List<CodeBlock> values = new ArrayList<>();
    for (String json : constraints.allowedJson()) {
      values.add(
          json.startsWith("\"")
              ? CodeBlock.of("$S", unquote(json))
              : CodeBlock.of("new $T($S)", BigDecimal.class, json));
    }
    return CodeBlock.join(values, ", ");
  }

  /** {@code NumberBounds.builder().minimum("1").maximum("30").build()}: each bound by its name. */
  private static CodeBlock numberBounds(NumberBounds bounds) {
    CodeBlock.Builder code = CodeBlock.builder().add("$T.builder()", NUMBER_BOUNDS);
    bound(code, "minimum", bounds.minimum());
    bound(code, "maximum", bounds.maximum());
    bound(code, "exclusiveMinimum", bounds.exclusiveMinimum());
    bound(code, "exclusiveMaximum", bounds.exclusiveMaximum());
    bound(code, "multipleOf", bounds.multipleOf());
    return code.add(".build()").build();
  }

  private static void bound(CodeBlock.Builder code, String keyword, @Nullable BigDecimal value) {
    if (value != null) {
      code.add(".$L($S)", keyword, Literals.decimal(value));
    }
  }

  private static CodeBlock lengthBounds(LengthBounds bounds) {
    if (bounds.isEmpty()) {
      return CodeBlock.of("$T.NONE", LENGTH_BOUNDS);
    }
    CodeBlock.Builder code = CodeBlock.builder().add("$T.builder()", LENGTH_BOUNDS);
    count(code, "minLength", bounds.minLength());
    count(code, "maxLength", bounds.maxLength());
    return code.add(".build()").build();
  }

  private static CodeBlock itemBounds(ItemBounds bounds) {
    CodeBlock.Builder code = CodeBlock.builder().add("$T.builder()", ITEM_BOUNDS);
    count(code, "minItems", bounds.minItems());
    count(code, "maxItems", bounds.maxItems());
    if (bounds.uniqueItems()) {
      code.add(".uniqueItems(true)");
    }
    return code.add(".build()").build();
  }

  private static void count(CodeBlock.Builder code, String keyword, int value) {
    if (value >= 0) {
      code.add(".$L($L)", keyword, value);
    }
  }

  private static String optionalNumber(TypeModel inner) {
    return switch (((TypeModel.Scalar) inner).kind()) {
      case INT -> "optionalInt";
      case LONG -> "optionalLong";
      default -> "optionalDouble";
    };
  }

  /**
   * The Java text of a JSON string literal (constraint values are plain text, escaped by Jackson).
   */
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
  static CodeBlock reader(TypeModel type, CallNames names) {
    if (type instanceof TypeModel.Scalar scalar) {
      return CodeBlock.of("$T.$L", READERS, scalar.kind().name());
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", READERS);
    } else if (type instanceof TypeModel.Formatted formatted) {
      return CodeBlock.of("$T.$L", SCALARS, formatted.kind().reader);
    } else if (type instanceof TypeModel.JsonValue) {
      return CodeBlock.of("$T.READER", JSON_NODES);
    } else if (type instanceof TypeModel.EnumType enumType) {
      if (enumType.jsonValues().equals(enumType.constants())) {
        return CodeBlock.of("$T.enumOf($T.values())", READERS, type.typeName());
      }
      return CodeBlock.of(
          "$T.enumOf($T.values(), $L)", VALUES, type.typeName(), strings(enumType.jsonValues()));
    } else if (type instanceof TypeModel.Container container) {
      return CodeBlock.of(
          "$T.<$T>$L($L)",
          READERS,
          container.element().typeName().box(),
          container.kind().name().toLowerCase(java.util.Locale.ROOT),
          reader(container.element(), names));
    } else if (type instanceof TypeModel.ArrayType arrayType) {
      TypeModel element = arrayType.element();
      if (element instanceof TypeModel.Scalar scalar && scalar.primitive()) {
        return CodeBlock.of("$T.$L_ARRAY", READERS, scalar.kind().name());
      }
      return CodeBlock.of(
          "$T.<$T>array($L, $T::new)",
          READERS,
          element.typeName(),
          reader(element, names),
          ArrayTypeName.of(element.typeName()));
    } else if (type instanceof TypeModel.MapType map) {
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
            reader(value, names));
      }
      return CodeBlock.of("$T.<$T>map($L)", READERS, value.typeName().box(), reader(value, names));
    } else if (type instanceof TypeModel.RecordType recordType) {
      return objectReader(recordType.name(), names);
    } else if (type instanceof TypeModel.RecordRef recordRef) {
      return objectReader(recordRef.name(), names);
    } else if (type instanceof TypeModel.Union union) {
      List<CodeBlock> readers = new ArrayList<>();
      List<String> values = new ArrayList<>();
      for (TypeModel.Variant variant : union.variants()) {
        values.add(variant.value());
        readers.add(
            CodeBlock.of(
                "$T.object($T::$N)",
                READERS,
                names.calls(),
                names.method(CallNames.Role.READ_VARIANT, variant.record().name())));
      }
      return CodeBlock.of(
          "$T.<$T>union($S, $L, $L)",
          VALUES,
          union.name(),
          union.discriminator(),
          strings(values),
          CodeBlock.join(readers, ", "));
    } else if (type instanceof TypeModel.OptionalType optionalType) {
      TypeModel value = optionalType.value();
      return CodeBlock.of(
          "$T.<$T>optional($L)", READERS, value.typeName().box(), reader(value, names));
    } else if (type instanceof TypeModel.OptionalNumber optionalNumber) {
      TypeModel.Scalar value = optionalNumber.value();
      return CodeBlock.of("$T.$L($L)", VALUES, optionalNumber(value), reader(value, names));
    }
    throw new IllegalArgumentException("no reader for " + type);
  }

  private static CodeBlock objectReader(ClassName record, CallNames names) {
    return CodeBlock.of(
        "$T.object($T::$N)", READERS, names.calls(), names.method(CallNames.Role.READ, record));
  }

  private static CodeBlock objectWriter(ClassName type, CallNames names) {
    return CodeBlock.of("$T::$N", names.calls(), names.method(CallNames.Role.WRITE, type));
  }

  /** {@code new String[] {"a", "b"}}. */
  static CodeBlock strings(List<String> values) {
    return CodeBlock.of(
        "new String[] {$L}",
        CodeBlock.join(values.stream().map(v -> CodeBlock.of("$S", v)).toList(), ", "));
  }

  /** The {@code ValueWriter} of {@code type}. */
  static CodeBlock writer(TypeModel type, CallNames names) {
    if (type instanceof TypeModel.Scalar scalar) {
      return CodeBlock.of("$T.$L", WRITERS, scalar.kind().writer);
    } else if (type instanceof TypeModel.Text) {
      return CodeBlock.of("$T.STRING", WRITERS);
    } else if (type instanceof TypeModel.Formatted formatted) {
      return CodeBlock.of("$T.$L", WRITERS, formatted.kind().writer);
    } else if (type instanceof TypeModel.JsonValue) {
      return CodeBlock.of("$T.WRITER", JSON_NODES);
    } else if (type instanceof TypeModel.OptionalNumber optionalNumber) {
      return CodeBlock.of("$T.OPTIONAL_$L", WRITERS, optionalNumber.value().kind().name());
    } else if (type instanceof TypeModel.RecordRef recordRef) {
      return objectWriter(recordRef.name(), names);
    } else if (type instanceof TypeModel.Union union) {
      return objectWriter(union.name(), names);
    } else if (type instanceof TypeModel.EnumType enumType) {
      if (!enumType.jsonValues().equals(enumType.constants())) {
        return CodeBlock.of("$T.enumOf($L)", WRITERS, strings(enumType.jsonValues()));
      }
      return CodeBlock.of("$T.ENUM", WRITERS);
    } else if (type instanceof TypeModel.Container container) {
      TypeModel element = container.element();
      return CodeBlock.of(
          "$T.<$T>iterable($L)", WRITERS, element.typeName().box(), writer(element, names));
    } else if (type instanceof TypeModel.ArrayType arrayType) {
      TypeModel element = arrayType.element();
      if (element instanceof TypeModel.Scalar scalar && scalar.primitive()) {
        return CodeBlock.of("$T.$L_ARRAY", WRITERS, scalar.kind().name());
      }
      return CodeBlock.of("$T.<$T>array($L)", WRITERS, element.typeName(), writer(element, names));
    } else if (type instanceof TypeModel.MapType map) {
      TypeModel value = map.value();
      if (map.enumKey().isPresent()) {
        return CodeBlock.of(
            "$T.<$T>enumMap($L, $L)",
            WRITERS,
            value.typeName().box(),
            strings(map.enumKey().get().jsonValues()),
            writer(value, names));
      }
      return CodeBlock.of("$T.<$T>map($L)", WRITERS, value.typeName().box(), writer(value, names));
    } else if (type instanceof TypeModel.RecordType recordType) {
      return objectWriter(recordType.name(), names);
    } else if (type instanceof TypeModel.OptionalType optionalType) {
      TypeModel value = optionalType.value();
      return CodeBlock.of(
          "$T.<$T>optional($L)", WRITERS, value.typeName().box(), writer(value, names));
    }
    throw new IllegalArgumentException("no writer for " + type);
  }

  /** What a required property's problem says is expected when it is missing. */
  static String expected(TypeModel type) {
    if (type instanceof TypeModel.EnumType enumType) {
      return "one of " + enumType.jsonValues();
    }
    if (type instanceof TypeModel.Formatted formatted) {
      TypeModel.FormattedKind kind = formatted.kind();
      return kind.format.isEmpty() ? type.jsonType() : "string of format " + kind.format;
    }
    if (type instanceof TypeModel.JsonValue) {
      return "any JSON value";
    }
    if (type instanceof TypeModel.Scalar scalar && scalar.kind() == TypeModel.ScalarKind.CHAR) {
      return "string of one character";
    }
    return type.jsonType();
  }
}
