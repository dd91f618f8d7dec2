package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Reads the types a tool's author declares into {@link TypeModel}s: enums, records (their
 * components are properties) and sealed interfaces of records, reporting each problem at the
 * element that uses the type. A record met again inside itself becomes a reference.
 */
final class UserTypeReader {

  private final Elements elements;
  private final String ownerPackage;
  private final Report report;
  private final PropertyReader properties;

  /** The records and sealed interfaces being read, innermost first: recursion shows here. */
  private final Deque<String> open = new ArrayDeque<>();

  UserTypeReader(Elements elements, String ownerPackage, Report report, PropertyReader properties) {
    this.elements = elements;
    this.ownerPackage = ownerPackage;
    this.report = report;
    this.properties = properties;
  }

  /** An enum, read by its constants' JSON names; null when generated code cannot name it. */
  @Nullable TypeModel enumType(TypeElement element, Element at, TypeMirror type) {
    if (!accessible(element, at, type)) {
      return null;
    }
    List<String> constants = new ArrayList<>();
    List<String> jsonValues = new ArrayList<>();
    for (Element member : element.getEnclosedElements()) {
      if (member.getKind() == ElementKind.ENUM_CONSTANT) {
        constants.add(member.getSimpleName().toString());
        String json = jsonName(member).orElse(member.getSimpleName().toString());
        if (jsonValues.contains(json)) {
          // one constant would be unreachable and the schema's enum would repeat a value
          report.add(member, Message.ENUM_JSON_NAME_DUPLICATE, element.getQualifiedName(), json);
          return null;
        }
        jsonValues.add(json);
      }
    }
    return new TypeModel.EnumType(
        ClassName.get(element), List.copyOf(constants), List.copyOf(jsonValues));
  }

  /** A record whose components are properties; null when one of them has a problem. */
  @Nullable TypeModel record(TypeElement record, Element at, TypeMirror type) {
    String name = record.getQualifiedName().toString();
    if (open.contains(name)) {
      // Met again inside itself: the schema refers to its $defs entry.
      return new TypeModel.RecordRef(ClassName.get(record));
    }
    if (!accessible(record, at, type)) {
      return null;
    }
    open.push(name);
    try {
      Map<String, String> docs = Javadocs.params(elements.getDocComment(record));
      Javadocs.checkParams(
          report,
          record,
          "record " + record.getSimpleName(),
          docs,
          ElementFilter.recordComponentsIn(record.getEnclosedElements()).stream()
              .map(c -> c.getSimpleName().toString())
              .toList());
      List<PropertyModel> read = new ArrayList<>();
      List<Element> positions = new ArrayList<>();
      boolean clean = true;
      for (RecordComponentElement component :
          ElementFilter.recordComponentsIn(record.getEnclosedElements())) {
        Element position = positionOf(record, component);
        Optional<PropertyModel> property =
            properties.property(component, position, component.asType(), docs);
        if (property.isPresent()) {
          read.add(property.get());
          positions.add(position);
        } else {
          clean = false;
        }
      }
      clean &= properties.uniqueNames(read, positions);
      return clean ? new TypeModel.RecordType(ClassName.get(record), List.copyOf(read)) : null;
    } finally {
      open.pop();
    }
  }

  /**
   * A sealed interface whose permitted subtypes are records, told apart by a discriminator
   * property; null when it has a problem.
   */
  @Nullable TypeModel union(TypeElement sealed, Element at, TypeMirror type) {
    if (!accessible(sealed, at, type)) {
      return null;
    }
    String sealedName = sealed.getQualifiedName().toString();
    if (open.contains(sealedName)) {
      report.add(at, Message.UNION_RECURSIVE, sealedName);
      return null;
    }
    open.push(sealedName);
    try {
      return variantsOf(sealed, at);
    } finally {
      open.pop();
    }
  }

  private @Nullable TypeModel variantsOf(TypeElement sealed, Element at) {
    String discriminator =
        Annotations.find(sealed, Names.DISCRIMINATOR_ANNOTATION)
            .map(m -> Annotations.string(Annotations.values(elements, m), "value", "type"))
            .orElse("type");
    List<TypeModel.Variant> variants = new ArrayList<>();
    Set<String> values = new HashSet<>();
    boolean clean = true;
    for (TypeMirror permitted : sealed.getPermittedSubclasses()) {
      TypeElement subtype = (TypeElement) ((DeclaredType) permitted).asElement();
      if (subtype.getKind() != ElementKind.RECORD || !subtype.getTypeParameters().isEmpty()) {
        report.add(at, Message.UNION_VARIANT_NOT_RECORD, subtype.getQualifiedName());
        clean = false;
        continue;
      }
      String value = jsonName(subtype).orElse(Names.snakeCase(subtype.getSimpleName().toString()));
      if (!values.add(value)) {
        report.add(at, Message.UNION_VALUE_DUPLICATE, value, sealed.getQualifiedName());
        clean = false;
      }
      if (!(record(subtype, at, permitted) instanceof TypeModel.RecordType variant)) {
        clean = false;
        continue;
      }
      if (variant.properties().stream().anyMatch(p -> p.name().equals(discriminator))) {
        report.add(
            at, Message.UNION_DISCRIMINATOR_CLASH, discriminator, subtype.getQualifiedName());
        clean = false;
      }
      variants.add(new TypeModel.Variant(value, variant));
    }
    return clean
        ? new TypeModel.Union(ClassName.get(sealed), discriminator, List.copyOf(variants))
        : null;
  }

  /** The {@code @JsonName} value on an enum constant or a record, if any. */
  private Optional<String> jsonName(Element element) {
    return Annotations.find(element, Names.JSON_NAME_ANNOTATION)
        .map(m -> Annotations.string(Annotations.values(elements, m), "value", ""));
  }

  /**
   * The element to report a component's problems on: its field, which javac positions on the record
   * header (it has no source position for the component itself).
   */
  private static Element positionOf(TypeElement record, RecordComponentElement component) {
    for (VariableElement field : ElementFilter.fieldsIn(record.getEnclosedElements())) {
      if (field.getSimpleName().contentEquals(component.getSimpleName())
          && !field.getModifiers().contains(Modifier.STATIC)) {
        return field;
      }
    }
    return component;
  }

  /** Whether generated code in the owner's package can name {@code type}; reports when not. */
  private boolean accessible(TypeElement type, Element at, TypeMirror mirror) {
    if (Access.visibleFrom(elements, type, ownerPackage)) {
      return true;
    }
    report.add(at, Message.TYPE_INACCESSIBLE, ownerPackage, mirror);
    return false;
  }
}
