package dev.toolsmith.processor;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;

/**
 * The JSON Schema keywords that narrow one value of a known type, written by {@link SchemaWriter}
 * in a fixed order: the allowed values, the string keywords, the item counts, the bounds, then
 * default, examples and deprecation. Unset constraints write nothing.
 */
final class SchemaKeywords {

  private SchemaKeywords() {}

  /** {@code enum}: an enum type's JSON names, or the allowed values; null too when nullable. */
  static void allowedValues(
      JsonGenerator g, TypeModel type, Constraints constraints, boolean nullable)
      throws IOException {
    if (type instanceof TypeModel.EnumType enumType) {
      g.writeArrayFieldStart("enum");
      for (String constant : enumType.jsonValues()) {
        g.writeString(constant);
      }
      if (nullable) {
        g.writeNull();
      }
      g.writeEndArray();
    } else if (!constraints.allowedJson().isEmpty()) {
      g.writeArrayFieldStart("enum");
      for (String value : constraints.allowedJson()) {
        g.writeRawValue(value);
      }
      if (nullable) {
        g.writeNull();
      }
      g.writeEndArray();
    }
  }

  /** {@code format}, {@code minLength}, {@code maxLength} and {@code pattern}. */
  static void stringKeywords(JsonGenerator g, TypeModel type, Constraints constraints)
      throws IOException {
    if (type instanceof TypeModel.Formatted formatted) {
      TypeModel.FormattedKind kind = formatted.kind();
      if (!kind.format.isEmpty()) {
        g.writeStringField("format", kind.format);
      }
      if (!kind.pattern.isEmpty() && constraints.pattern().isEmpty()) {
        g.writeStringField("pattern", kind.pattern);
      }
    }
    if (!constraints.format().isEmpty()) {
      g.writeStringField("format", constraints.format());
    }
    if (type instanceof TypeModel.Scalar scalar && scalar.kind() == TypeModel.ScalarKind.CHAR) {
      // One UTF-16 unit: a character outside the Basic Multilingual Plane does not fit a char.
      g.writeNumberField("minLength", 1);
      g.writeNumberField("maxLength", 1);
      g.writeStringField("pattern", "^[\\u0000-\\uffff]$");
    }
    writeCount(g, "minLength", constraints.lengths().minLength());
    writeCount(g, "maxLength", constraints.lengths().maxLength());
    if (!constraints.pattern().isEmpty()) {
      g.writeStringField("pattern", constraints.pattern());
    }
  }

  /** {@code minItems}, {@code maxItems} and {@code uniqueItems} (a set has the latter already). */
  static void arrayKeywords(JsonGenerator g, TypeModel type, Constraints constraints)
      throws IOException {
    writeCount(g, "minItems", constraints.items().minItems());
    writeCount(g, "maxItems", constraints.items().maxItems());
    if (constraints.items().uniqueItems()
        && !(type instanceof TypeModel.Container container
            && container.kind() == TypeModel.ContainerKind.SET)) {
      g.writeBooleanField("uniqueItems", true);
    }
  }

  /**
   * The bounds and {@code multipleOf}. No implicit bounds for the Java type's own range (an int is
   * just "integer"): they would cost the model's context on every request; the reader still refuses
   * what does not fit.
   */
  static void numberKeywords(JsonGenerator g, Constraints constraints) throws IOException {
    writeBound(g, "minimum", constraints.numbers().minimum());
    writeBound(g, "exclusiveMinimum", constraints.numbers().exclusiveMinimum());
    writeBound(g, "maximum", constraints.numbers().maximum());
    writeBound(g, "exclusiveMaximum", constraints.numbers().exclusiveMaximum());
    writeBound(g, "multipleOf", constraints.numbers().multipleOf());
  }

  /** {@code default}, {@code examples} and {@code deprecated}. */
  static void valueKeywords(JsonGenerator g, Constraints constraints) throws IOException {
    if (!constraints.defaultJson().isEmpty()) {
      g.writeFieldName("default");
      g.writeRawValue(constraints.defaultJson());
    }
    if (!constraints.examplesJson().isEmpty()) {
      g.writeArrayFieldStart("examples");
      for (String example : constraints.examplesJson()) {
        g.writeRawValue(example);
      }
      g.writeEndArray();
    }
    if (constraints.deprecated()) {
      g.writeBooleanField("deprecated", true);
    }
  }

  private static void writeCount(JsonGenerator g, String key, int value) throws IOException {
    if (value >= 0) {
      g.writeNumberField(key, value);
    }
  }

  private static void writeBound(JsonGenerator g, String key, @Nullable BigDecimal value)
      throws IOException {
    if (value != null) {
      g.writeFieldName(key);
      g.writeNumber(Literals.decimal(value)); // the exact text the reader is given
    }
  }

  /** A map's enum keys as {@code propertyNames}, for input and output schemas alike. */
  static void propertyNames(JsonGenerator g, TypeModel.MapType map) throws IOException {
    if (map.enumKey().isPresent()) {
      g.writeObjectFieldStart("propertyNames");
      g.writeArrayFieldStart("enum");
      for (String key : map.enumKey().get().jsonValues()) {
        g.writeString(key);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
  }
}
