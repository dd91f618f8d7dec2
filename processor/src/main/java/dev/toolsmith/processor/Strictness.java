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
    if (type instanceof TypeModel.OptionalType) {
      return obstacle(((TypeModel.OptionalType) type).value(), where);
    }
    if (type instanceof TypeModel.Container) {
      return obstacle(((TypeModel.Container) type).element(), where);
    }
    if (type instanceof TypeModel.ArrayType) {
      return obstacle(((TypeModel.ArrayType) type).element(), where);
    }
    if (type instanceof TypeModel.RecordType) {
      for (PropertyModel property : ((TypeModel.RecordType) type).properties()) {
        Optional<String> found = obstacle(property.type(), where + "." + property.name());
        if (found.isPresent()) {
          return found;
        }
      }
    }
    if (type instanceof TypeModel.Union) {
      for (TypeModel.Variant variant : ((TypeModel.Union) type).variants()) {
        Optional<String> found = obstacle(variant.record(), where);
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }
}
