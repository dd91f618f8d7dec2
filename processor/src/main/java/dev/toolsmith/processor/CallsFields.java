package dev.toolsmith.processor;

import static dev.toolsmith.processor.RuntimeTypes.NUMBER_CHECK;
import static dev.toolsmith.processor.RuntimeTypes.OBJECT_SHAPE;
import static dev.toolsmith.processor.RuntimeTypes.VALUE_READER;
import static dev.toolsmith.processor.RuntimeTypes.VALUE_WRITER;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.WildcardTypeName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import javax.lang.model.element.Modifier;
import org.jspecify.annotations.Nullable;

/**
 * The static fields of an adapter's {@code Calls} class: each object shape, composed reader, number
 * check, writer and default value is built once per class instead of once per call, in a field
 * whose name {@link NameAllocator} gives (a shape is named after its object, the rest numbered by
 * kind), in the order the call code first asks for it.
 */
final class CallsFields {

  private final CallNames names;
  private final NameAllocator fieldNames = new NameAllocator();
  private final Map<String, Integer> numbered = new HashMap<>();

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

  /**
   * The reader of {@code property}: a runtime constant, or a field holding the composed reader; one
   * that reads JSON null as null unless the property is {@code required} or has a default.
   */
  CodeBlock reader(PropertyModel property) {
    boolean acceptsNull = !property.required() && !property.hasDefault();
    CodeBlock reader = Expressions.propertyReader(property, names, acceptsNull);
    TypeName type = ParameterizedTypeName.get(VALUE_READER, property.type().typeName().box());
    return hoist(Names.READER_FIELD, type, reader);
  }

  /** The number check of a primitive {@code property}'s constraints, or null when it has none. */
  @Nullable CodeBlock numberCheck(PropertyModel property) {
    CodeBlock check = Expressions.numberCheck(property);
    return check == null ? null : hoist(Names.CHECK_FIELD, NUMBER_CHECK, check);
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
        property.type().typeName(),
        CodeBlock.of(
            "$T.defaultValue($L, $S)",
            RuntimeTypes.CONSTRAINTS,
            Expressions.propertyReader(property, names, true),
            property.constraints().defaultJson()));
  }

  /**
   * The {@code ObjectShape} of an object with {@code properties}, named after {@code object} (a
   * record's or a tool's name) when it is first made; a union variant's shape also accepts its
   * {@code discriminator} property (already checked by the union reader).
   */
  CodeBlock shape(String object, List<PropertyModel> properties, String discriminator) {
    List<CodeBlock> entries = new ArrayList<>();
    if (!discriminator.isEmpty()) {
      entries.add(CodeBlock.of("$S", discriminator));
    }
    for (PropertyModel property : properties) {
      if (property.required()) {
        shapeMethods.add("required");
        entries.add(
            CodeBlock.of(
                "$T.required($S, $S)",
                OBJECT_SHAPE,
                property.name(),
                Expressions.expected(property.type())));
      } else {
        shapeMethods.add("optional");
        entries.add(CodeBlock.of("$T.optional($S)", OBJECT_SHAPE, property.name()));
      }
    }
    CodeBlock shape =
        CodeBlock.of(
            "$T.$L($L)",
            OBJECT_SHAPE,
            discriminator.isEmpty() ? "of" : "variant",
            CodeBlock.join(entries, ", "));
    String name = Names.constantCase(object) + (discriminator.isEmpty() ? "" : "_VARIANT");
    return field(name, false, OBJECT_SHAPE, shape);
  }

  /** A field numbered by its kind ({@code prefix}), unless {@code expression} is a constant. */
  private CodeBlock hoist(String prefix, TypeName type, CodeBlock expression) {
    String text = expression.toString();
    if (!text.contains("(") && !text.contains("::")) {
      return expression; // already a constant of Readers or Writers
    }
    return field(prefix, true, type, expression);
  }

  /** The field initialized to {@code expression}, named {@code name} or numbered after it. */
  private CodeBlock field(String name, boolean numbered, TypeName type, CodeBlock expression) {
    String key = type + " = " + expression;
    FieldSpec field = hoisted.get(key);
    if (field == null) {
      String suggested =
          numbered
              ? Names.composedField(name, this.numbered.merge(name, 1, Integer::sum) - 1)
              : name;
      field =
          FieldSpec.builder(
                  type,
                  fieldNames.newName(suggested, key),
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
