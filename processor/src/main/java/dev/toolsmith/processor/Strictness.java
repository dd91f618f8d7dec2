package dev.toolsmith.processor;

import java.util.List;
import java.util.Optional;

/** Finds what keeps a tool's arguments from an OpenAI strict schema: open maps, free-form JSON. */
final class Strictness {

  private Strictness() {}

  /** The first property type strict mode cannot express, described, or empty. */
  static Optional<String> obstacle(List<PropertyModel> properties) {
    for (PropertyModel property : properties) {
      Optional<String> found = obstacle(property.type(), property.name());
      if (found.isPresent()) {
        return found;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> obstacle(TypeModel type, String where) {
    if (type instanceof TypeModel.MapType) {
      return Optional.of("map " + where);
    }
    if (type instanceof TypeModel.JsonValue) {
      return Optional.of("free-form JSON " + where);
    }
    if (type instanceof TypeModel.OptionalType optionalType) {
      return obstacle(optionalType.value(), where);
    }
    if (type instanceof TypeModel.Container container) {
      return obstacle(container.element(), where);
    }
    if (type instanceof TypeModel.ArrayType arrayType) {
      return obstacle(arrayType.element(), where);
    }
    if (type instanceof TypeModel.RecordType recordType) {
      for (PropertyModel property : recordType.properties()) {
        Optional<String> found = obstacle(property.type(), where + "." + property.name());
        if (found.isPresent()) {
          return found;
        }
      }
    }
    if (type instanceof TypeModel.Union union) {
      for (TypeModel.Variant variant : union.variants()) {
        Optional<String> found = obstacle(variant.record(), where);
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }
}
