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
 * knows its Java type name. New kinds (issue 3) are new records here.
 */
sealed interface TypeModel {

  /** The Java type, as generated code declares it. */
  TypeName typeName();

  /** The schema's {@code type} word, also used in problems' {@code expected}. */
  String jsonType();

  /** The eight primitives and their boxes. */
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

  /** An enum, read and written by constant name. */
  record EnumType(ClassName name, List<String> constants) implements TypeModel {
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

  /** {@code Map<String, V>}, a JSON object of arbitrary property names. */
  record MapType(TypeModel value) implements TypeModel {
    @Override
    public TypeName typeName() {
      return ParameterizedTypeName.get(
          ClassName.get(Map.class), ClassName.get(String.class), value.typeName().box());
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
}
