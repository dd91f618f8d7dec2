package dev.toolsmith.processor;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.NameAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The statements that read one JSON object's properties into typed locals, as a careful person
 * would write them: a local per property holding its value when absent, and one loop over the
 * object whose {@code switch} reads each property with the {@code ArgumentReader} method of its
 * type. The runtime finds the property, skips unknown ones and catches repeats; the generated code
 * holds the values, unboxed and uncast.
 */
final class ObjectReading {

  /** Names generated code uses beside the locals (and package roots a qualified name may start). */
  private static final List<String> TAKEN =
      List.of("in", "context", "owner", "value", "java", "javax", "com", "org", "dev");

  /**
   * The code reading an object.
   *
   * @param code the declarations of the locals and the loop filling them
   * @param locals the locals, in property order
   */
  record Code(CodeBlock code, List<String> locals) {}

  private final CallsFields fields;

  ObjectReading(CallsFields fields) {
    this.fields = fields;
  }

  /** A method's locals: the names the generated code uses are taken. */
  static NameAllocator locals() {
    NameAllocator locals = new NameAllocator();
    for (String name : TAKEN) {
      locals.newName(name, name);
    }
    return locals;
  }

  /**
   * Reads the properties of the object {@code in} stands on, known by {@code shape}, into locals
   * allocated from {@code locals}.
   */
  Code read(List<PropertyModel> properties, CodeBlock shape, NameAllocator locals) {
    CodeBlock.Builder code = CodeBlock.builder();
    if (properties.isEmpty()) {
      code.add("// an object without properties: each one sent is unknown\n");
      code.addStatement("in.nextProperty($L)", shape);
      return new Code(code.build(), List.of());
    }
    List<String> names = new ArrayList<>();
    for (PropertyModel property : properties) {
      String name = locals.newName(localName(property.javaName()), property);
      names.add(name);
      code.addStatement("$T $N = $L", property.type().typeName(), name, initial(property));
    }
    code.beginControlFlow("while (in.nextProperty($L))", shape);
    if (properties.size() == 1) {
      code.addStatement("$N = $L", names.get(0), read(properties.get(0)));
    } else {
      code.beginControlFlow("switch (in.property())");
      for (int i = 0; i < properties.size(); i++) {
        code.addStatement("case $L -> $N = $L", i, names.get(i), read(properties.get(i)));
      }
      code.endControlFlow();
    }
    code.endControlFlow();
    return new Code(code.build(), names);
  }

  /** The local's value before its property is read: what it is when the property is absent. */
  private CodeBlock initial(PropertyModel property) {
    TypeModel type = property.type();
    if (property.hasDefault()) {
      return fields.defaultValue(property);
    }
    if (type instanceof TypeModel.Scalar scalar && scalar.primitive()) {
      return CodeBlock.of(scalar.kind() == TypeModel.ScalarKind.BOOLEAN ? "false" : "0");
    }
    if (type instanceof TypeModel.OptionalType) {
      return CodeBlock.of("$T.empty()", Optional.class);
    }
    if (type instanceof TypeModel.OptionalNumber) {
      return CodeBlock.of("$T.empty()", type.typeName());
    }
    return CodeBlock.of("null");
  }

  /**
   * Reads the current value of {@code property}; its default when it has one and JSON null is sent.
   */
  private CodeBlock read(PropertyModel property) {
    TypeModel type = property.type();
    CodeBlock read;
    if (type instanceof TypeModel.Scalar scalar && scalar.primitive()) {
      CodeBlock check = fields.numberCheck(property);
      String method = "read" + typedRead(scalar.kind());
      read =
          check == null
              ? CodeBlock.of("in.$L()", method)
              : CodeBlock.of("in.$L($L)", method, check);
    } else if (type instanceof TypeModel.Text
        && !property.constraints().textual()
        && property.constraints().allowedJson().isEmpty()
        && (property.required() || property.hasDefault())) {
      read = CodeBlock.of("in.readString()");
    } else {
      read = CodeBlock.of("in.read($L)", fields.reader(property));
    }
    return property.hasDefault()
        ? CodeBlock.of("in.isNull() ? $L : $L", fields.defaultValue(property), read)
        : read;
  }

  /** {@code BOOLEAN} -> {@code Boolean}: the typed read of a primitive, {@code readBoolean}. */
  private static String typedRead(TypeModel.ScalarKind kind) {
    String name = kind.name().toLowerCase(Locale.ROOT);
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  /**
   * A local named as the parameter or component: one starting with a capital would hide the type of
   * that name from the code after it, so it gets a trailing underscore.
   */
  static String localName(String javaName) {
    return Character.isUpperCase(javaName.charAt(0)) ? javaName + "_" : javaName;
  }
}
