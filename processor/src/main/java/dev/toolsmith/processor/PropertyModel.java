package dev.toolsmith.processor;

/**
 * One property of a tool's arguments object (a plain parameter or a record component).
 *
 * @param name the JSON property name, which is also the Java name
 * @param type the property's type
 * @param required whether the model must send it
 * @param description the schema description, empty for none
 * @param minimum the smallest allowed number, NaN for none
 * @param maximum the largest allowed number, NaN for none
 */
record PropertyModel(
    String name,
    TypeModel type,
    boolean required,
    String description,
    double minimum,
    double maximum) {

  /** Whether a minimum or maximum applies. */
  boolean bounded() {
    return !Double.isNaN(minimum) || !Double.isNaN(maximum);
  }
}
