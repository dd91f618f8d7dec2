package dev.toolsmith.processor;

import static dev.toolsmith.processor.RuntimeTypes.OBJECT_SHAPE;
import static dev.toolsmith.processor.RuntimeTypes.VALUE_READER;
import static dev.toolsmith.processor.RuntimeTypes.VALUE_WRITER;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.WildcardTypeName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;

/**
 * The static fields of an adapter's {@code Calls} class: each composed reader, writer, object shape
 * and default value is built once per class instead of once per call, in a field named by {@link
 * Names} in the order the call code first asks for it.
 */
final class CallsFields {

  private final CallNames names;

  /** The {@code ObjectShape} factory methods the shapes call. */
  private final SortedSet<String> shapeMethods = new TreeSet<>();

  /** The fields by their type and initializer, so that equal ones are shared. */
  private final Map<String, FieldSpec> hoisted = new LinkedHashMap<>();

  CallsFields(CallNames names) {
    this.names = names;
  }

  /** The fields, in the order they were first asked for. */
  List<FieldSpec> fields() {
    return List.copyOf(hoisted.values());
  }

  /** {@code required} and {@code optional}, as far as the shapes call them, sorted. */
  List<String> shapeMethods() {
    return List.copyOf(shapeMethods);
  }

  /** The reader of {@code property}: a runtime constant, or a field holding the composed reader. */
  CodeBlock reader(PropertyModel property) {
    CodeBlock reader = Expressions.propertyReader(property, names);
    TypeName type = ParameterizedTypeName.get(VALUE_READER, Expressions.localType(property.type()));
    return hoist(Names.READER_FIELD, type, reader);
  }

  /** The writer of {@code type}: a runtime constant, or a field holding the composed writer. */
  CodeBlock writer(TypeModel type) {
    CodeBlock writer = Expressions.writer(type, names);
    TypeName field =
        ParameterizedTypeName.get(
            VALUE_WRITER, WildcardTypeName.supertypeOf(type.typeName().box()));
    return hoist(Names.WRITER_FIELD, field, writer);
  }

  /** The field holding the default value of {@code property} (it has one). */
  CodeBlock defaultValue(PropertyModel property) {
    return hoist(
        Names.DEFAULT_FIELD,
        Expressions.localType(property.type()),
        CodeBlock.of(
            "$T.defaultValue($L, $S)",
            RuntimeTypes.CONSTRAINTS,
            Expressions.propertyReader(property, names),
            property.hints().defaultJson()));
  }

  /**
   * The {@code ObjectShape} of an object with {@code properties}; a union variant's shape also
   * accepts its {@code discriminator} property (already checked by the union reader).
   */
  CodeBlock shape(List<PropertyModel> properties, String discriminator) {
    List<CodeBlock> entries = new ArrayList<>();
    if (!discriminator.isEmpty()) {
      entries.add(CodeBlock.of("$S", discriminator));
    }
    for (PropertyModel property : properties) {
      CodeBlock reader = reader(property);
      CodeBlock absent = Expressions.absent(property.type());
      if (property.required()) {
        shapeMethods.add("required");
        entries.add(
            CodeBlock.of(
                "$T.required($S, $L, $S)",
                OBJECT_SHAPE,
                property.name(),
                reader,
                Expressions.expected(property.type())));
      } else if (absent.toString().equals("null")) {
        shapeMethods.add("optional");
        entries.add(CodeBlock.of("$T.optional($S, $L)", OBJECT_SHAPE, property.name(), reader));
      } else {
        shapeMethods.add("optional");
        entries.add(
            CodeBlock.of("$T.optional($S, $L, $L)", OBJECT_SHAPE, property.name(), reader, absent));
      }
    }
    CodeBlock shape =
        CodeBlock.of(
            "$T.$L($L)",
            OBJECT_SHAPE,
            discriminator.isEmpty() ? "of" : "variant",
            CodeBlock.join(entries, ", "));
    return hoist(Names.SHAPE_FIELD, OBJECT_SHAPE, shape);
  }

  private CodeBlock hoist(String prefix, TypeName type, CodeBlock expression) {
    String text = expression.toString();
    if (!text.contains("(") && !text.contains("::")) {
      return expression; // already a constant of Readers or Writers
    }
    String key = type + " = " + text;
    FieldSpec field = hoisted.get(key);
    if (field == null) {
      long index = hoisted.values().stream().filter(f -> f.name.startsWith(prefix)).count();
      field =
          FieldSpec.builder(
                  type,
                  Names.composedField(prefix, index),
                  Modifier.PRIVATE,
                  Modifier.STATIC,
                  Modifier.FINAL)
              .initializer(expression)
              .build();
      hoisted.put(key, field);
    }
    return CodeBlock.of("$N", field);
  }
}
