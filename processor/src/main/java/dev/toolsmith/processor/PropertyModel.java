package dev.toolsmith.processor;

/**
 * One property of a tool's arguments object (a plain parameter or a record component).
 *
 * @param name the JSON property name ({@code @Param(name)}, else the Java name)
 * @param javaName the parameter's or record component's Java name
 * @param type the property's type
 * @param required whether the model must send it
 * @param description the schema description, empty for none
 * @param constraints the schema keywords beyond the type, all checked by the reader
 */
record PropertyModel(
    String name,
    String javaName,
    TypeModel type,
    boolean required,
    String description,
    Constraints constraints) {

  /** Whether the property has a default value the reader uses when it is absent or null. */
  boolean hasDefault() {
    return !constraints.defaultJson().isEmpty();
  }
}
