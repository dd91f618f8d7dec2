package dev.toolsmith.processor;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Java types a tool reads and returns, as far as schema, reader and writer care; each kind
 * knows its Java type name. New kinds are new records here.
 *
 * <p>It is one closed set of kinds, which every reader and generator handles case by case, so the
 * whole set is read in one place.
 */
sealed interface TypeModel {

  /** The Java type, as generated code declares it. */
  TypeName typeName();

  /** The schema's {@code type} word, also used in problems' {@code expected}. */
  String jsonType();

  /** The eight primitives and their boxes. */
  @SuppressWarnings("ImmutableEnumChecker") // JavaPoet's TypeName is immutable, only not annotated
  enum ScalarKind {
    BOOLEAN(TypeName.BOOLEAN, "boolean", "BOOLEAN"),
    INT(TypeName.INT, "integer", "INTEGER"),
    LONG(TypeName.LONG, "integer", "INTEGER"),
    SHORT(TypeName.SHORT, "integer", "INTEGER"),
    BYTE(TypeName.BYTE, "integer", "INTEGER"),
    DOUBLE(TypeName.DOUBLE, "number", "DOUBLE"),
    FLOAT(TypeName.FLOAT, "number", "FLOAT"),
    CHAR(TypeName.CHAR, "string", "CHAR");

    final TypeName primitive;
    final String jsonType;
    final String writer;

    ScalarKind(TypeName primitive, String jsonType, String writer) {
      this.primitive = primitive;
      this.jsonType = jsonType;
      this.writer = writer;
    }

    /** Whether {@code @Param} minimum and maximum apply. */
    boolean isNumber() {
      return this != BOOLEAN && this != CHAR;
    }
  }

  /** A primitive ({@code primitive}) or its box. */
  record Scalar(ScalarKind kind, boolean primitive) implements TypeModel {
    @Override
    public TypeName typeName() {
      return primitive ? kind.primitive : kind.primitive.box();
    }

    @Override
    public String jsonType() {
      return kind.jsonType;
    }
  }

  /** {@code java.lang.String}. */
  record Text() implements TypeModel {
    @Override
    public TypeName typeName() {
      return ClassName.get(String.class);
    }

    @Override
    public String jsonType() {
      return "string";
    }
  }

  /**
   * An enum, read and written by its constants' JSON values ({@code jsonValues}, in constant order:
   * the constant's name unless {@code @JsonName} says otherwise).
   */
  record EnumType(ClassName name, List<String> constants, List<String> jsonValues)
      implements TypeModel {
    @Override
    public TypeName typeName() {
      return name;
    }

    @Override
    public String jsonType() {
      return "string";
    }
  }

  /** Which collection interface a {@link Container} is. */
  @SuppressWarnings("ImmutableEnumChecker") // JavaPoet's ClassName is immutable, only not annotated
  enum ContainerKind {
    LIST(List.class),
    SET(Set.class),
    COLLECTION(java.util.Collection.class);

    final ClassName rawType;

    ContainerKind(Class<?> type) {
      this.rawType = ClassName.get(type);
    }
  }

  /** {@code List}, {@code Set} or {@code Collection} of a supported element type. */
  record Container(ContainerKind kind, TypeModel element) implements TypeModel {
    @Override
    public TypeName typeName() {
      return ParameterizedTypeName.get(kind.rawType, element.typeName().box());
    }

    @Override
    public String jsonType() {
      return "array";
    }
  }

  /** An array of a supported element type (a primitive element makes a primitive array). */
  record ArrayType(TypeModel element) implements TypeModel {
    @Override
    public TypeName typeName() {
      return ArrayTypeName.of(element.typeName());
    }

    @Override
    public String jsonType() {
      return "array";
    }
  }

  /**
   * {@code Map<String, V>} (no {@code enumKey}) or {@code Map<E, V>} of an enum {@code E}, a JSON
   * object of arbitrary (or the enum's) property names.
   */
  record MapType(Optional<EnumType> enumKey, TypeModel value) implements TypeModel {
    @Override
    public TypeName typeName() {
      TypeName key = enumKey.isPresent() ? enumKey.get().typeName() : ClassName.get(String.class);
      return ParameterizedTypeName.get(ClassName.get(Map.class), key, value.typeName().box());
    }

    @Override
    public String jsonType() {
      return "object";
    }
  }

  /** A record: a JSON object whose properties are its components. */
  record RecordType(ClassName name, List<PropertyModel> properties) implements TypeModel {
    @Override
    public TypeName typeName() {
      return name;
    }

    @Override
    public String jsonType() {
      return "object";
    }
  }

  /** {@code Optional<T>}: a property that may be absent or null; a result that may be null. */
  record OptionalType(TypeModel value) implements TypeModel {
    @Override
    public TypeName typeName() {
      return ParameterizedTypeName.get(ClassName.get(Optional.class), value.typeName().box());
    }

    @Override
    public String jsonType() {
      return value.jsonType();
    }
  }

  /** No result ({@code void}, or {@code Void} in a CompletionStage). */
  record VoidType() implements TypeModel {
    @Override
    public TypeName typeName() {
      return TypeName.VOID;
    }

    @Override
    public String jsonType() {
      return "null";
    }
  }

  /** The scalar types written as JSON strings with a format, and the big numbers. */
  enum FormattedKind {
    BIG_DECIMAL("java.math.BigDecimal", "number", "", "", "BIG_DECIMAL", "BIG_DECIMAL"),
    BIG_INTEGER("java.math.BigInteger", "integer", "", "", "BIG_INTEGER", "BIG_INTEGER"),
    UUID("java.util.UUID", "string", "uuid", "", "UUID_READER", "TEXT"),
    URI("java.net.URI", "string", "uri", "", "URI_READER", "TEXT"),
    LOCAL_DATE("java.time.LocalDate", "string", "date", "", "LOCAL_DATE", "TEXT"),
    LOCAL_TIME(
        "java.time.LocalTime",
        "string",
        "",
        "^([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?$",
        "LOCAL_TIME",
        "LOCAL_TIME"),
    LOCAL_DATE_TIME(
        "java.time.LocalDateTime",
        "string",
        "",
        "^(\\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\\d|3[01])|(0[469]|11)-(0[1-9]|[12]\\d|30)"
            + "|02-(0[1-9]|1\\d|2[0-8]))|(\\d{2}(0[48]|[2468][048]|[13579][26])"
            + "|([02468][048]|[13579][26])00)-02-29)T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d"
            + "(\\.\\d{1,9})?$",
        "LOCAL_DATE_TIME",
        "LOCAL_DATE_TIME"),
    OFFSET_DATE_TIME(
        "java.time.OffsetDateTime", "string", "date-time", "", "OFFSET_DATE_TIME", "DATE_TIME"),
    ZONED_DATE_TIME(
        "java.time.ZonedDateTime", "string", "date-time", "", "ZONED_DATE_TIME", "DATE_TIME"),
    INSTANT("java.time.Instant", "string", "date-time", "", "INSTANT", "TEXT"),
    DURATION(
        "java.time.Duration",
        "string",
        "duration",
        // One definition with the reader's: the schema admits exactly what the reader reads.
        dev.toolsmith.schema.Formats.DURATION_PATTERN,
        "DURATION",
        "TEXT");

    final String qualifiedName;
    final String jsonType;
    final String format;
    final String pattern;
    final String reader;
    final String writer;

    FormattedKind(
        String qualifiedName,
        String jsonType,
        String format,
        String pattern,
        String reader,
        String writer) {
      this.qualifiedName = qualifiedName;
      this.jsonType = jsonType;
      this.format = format;
      this.pattern = pattern;
      this.reader = reader;
      this.writer = writer;
    }
  }

  /** BigDecimal, BigInteger, UUID, URI or a java.time type. */
  record Formatted(FormattedKind kind) implements TypeModel {
    @Override
    public TypeName typeName() {
      return ClassName.bestGuess(kind.qualifiedName);
    }

    @Override
    public String jsonType() {
      return kind.jsonType;
    }
  }

  /** {@code OptionalInt}, {@code OptionalLong} or {@code OptionalDouble} of {@code value}. */
  record OptionalNumber(Scalar value) implements TypeModel {
    @Override
    public TypeName typeName() {
      return switch (value.kind()) {
        case INT -> ClassName.get(java.util.OptionalInt.class);
        case LONG -> ClassName.get(java.util.OptionalLong.class);
        default -> ClassName.get(java.util.OptionalDouble.class);
      };
    }

    @Override
    public String jsonType() {
      return value.jsonType();
    }
  }

  /** Any JSON value, as Jackson's {@code JsonNode}. */
  record JsonValue() implements TypeModel {
    @Override
    public TypeName typeName() {
      return ClassName.get("com.fasterxml.jackson.databind", "JsonNode");
    }

    @Override
    public String jsonType() {
      return "any";
    }
  }

  /** A record met again inside itself: a {@code $ref} to its {@code $defs} entry. */
  record RecordRef(ClassName name) implements TypeModel {
    @Override
    public TypeName typeName() {
      return name;
    }

    @Override
    public String jsonType() {
      return "object";
    }
  }

  /** One record of a sealed interface, with its discriminator value. */
  record Variant(String value, RecordType record) {}

  /**
   * A sealed interface whose permitted subtypes are records, told apart by the string property
   * {@code discriminator}.
   */
  record Union(ClassName name, String discriminator, List<Variant> variants) implements TypeModel {
    @Override
    public TypeName typeName() {
      return name;
    }

    @Override
    public String jsonType() {
      return "object";
    }
  }
}
