package dev.toolsmith.processor;

import dev.toolsmith.schema.EcmaRegex;
import dev.toolsmith.schema.Formats;
import dev.toolsmith.schema.ItemBounds;
import dev.toolsmith.schema.LengthBounds;
import dev.toolsmith.schema.NumberBounds;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import org.jspecify.annotations.Nullable;

/**
 * Checks one property's {@link ConstraintDraft} against the property's type and against itself, and
 * turns it into {@link PropertyConstraints}; reports every constraint that does not fit or
 * contradicts another, at the annotation value that sets it.
 */
final class ConstraintChecker {

  private final Report report;
  private final Element at;
  private final String found;
  private final ConstraintDraft draft;
  private boolean clean = true;

  /**
   * Checks {@code draft}, reporting on {@code at}; {@code found} names the property in messages.
   */
  ConstraintChecker(Report report, Element at, String found, ConstraintDraft draft) {
    this.report = report;
    this.at = at;
    this.found = found;
    this.draft = draft;
  }

  /** The type constraints apply to: inside Optional. */
  static TypeModel target(TypeModel type) {
    if (type instanceof TypeModel.OptionalType optional) {
      return optional.value();
    }
    if (type instanceof TypeModel.OptionalNumber optional) {
      return optional.value();
    }
    return type;
  }

  static boolean isNumber(TypeModel target) {
    return (target instanceof TypeModel.Scalar scalar && scalar.kind().isNumber())
        || (target instanceof TypeModel.Formatted formatted
            && !formatted.jsonType().equals("string"));
  }

  static boolean isString(TypeModel target) {
    return target instanceof TypeModel.Text
        || (target instanceof TypeModel.Formatted formatted
            && formatted.jsonType().equals("string"));
  }

  /**
   * The constraints of a property of {@code type}; null when one has a problem, which is reported.
   */
  @Nullable PropertyConstraints check(TypeModel type) {
    TypeModel target = target(type);
    checkApplicable(target);
    draft
        .unreadable()
        .forEach((constraint, why) -> error(constraint, why.message(), why.args().toArray()));
    if (!clean) {
      return null;
    }
    checkConsistent();
    if (!clean) {
      return null;
    }
    String defaultJson = "";
    if (draft.isSet("defaultValue")) {
      defaultJson = value("defaultValue", target, draft.defaultText());
    }
    List<String> allowedJson = new ArrayList<>();
    for (String text : draft.allowedTexts()) {
      allowedJson.add(value("allowedValues", target, text));
    }
    List<String> examplesJson = new ArrayList<>();
    for (String text : draft.exampleTexts()) {
      examplesJson.add(value("examples", target, text));
    }
    if (!clean) {
      return null;
    }
    return new PropertyConstraints(
        defaultJson,
        List.copyOf(allowedJson),
        List.copyOf(examplesJson),
        bounds(),
        new LengthBounds(draft.minLength(), draft.maxLength()),
        draft.pattern(),
        draft.format(),
        new ItemBounds(draft.minItems(), draft.maxItems(), draft.uniqueItems()),
        draft.deprecated());
  }

  private NumberBounds bounds() {
    return new NumberBounds(
        draft.minimum(),
        draft.maximum(),
        draft.exclusiveMinimum(),
        draft.exclusiveMaximum(),
        draft.multipleOf());
  }

  /** Reports each constraint that does not apply to a value of {@code target}. */
  private void checkApplicable(TypeModel target) {
    boolean number = isNumber(target);
    boolean string = isString(target);
    boolean array = target instanceof TypeModel.Container || target instanceof TypeModel.ArrayType;
    boolean scalar =
        number
            || string
            || target instanceof TypeModel.Scalar
            || target instanceof TypeModel.EnumType;
    for (String constraint :
        List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")) {
      if (draft.isSet(constraint) && !number) {
        error(constraint, Message.CONSTRAINT_NOT_APPLICABLE, constraint, "a number", found);
      }
    }
    for (String constraint : List.of("minLength", "maxLength", "pattern")) {
      if (draft.isSet(constraint) && !string) {
        error(constraint, Message.CONSTRAINT_NOT_APPLICABLE, constraint, "a string", found);
      }
    }
    if (draft.isSet("format") && !(target instanceof TypeModel.Text)) {
      error("format", Message.CONSTRAINT_NOT_APPLICABLE, "format", "a String", found);
    }
    for (String constraint : List.of("minItems", "maxItems", "uniqueItems")) {
      if (draft.isSet(constraint) && !array) {
        error(
            constraint,
            Message.CONSTRAINT_NOT_APPLICABLE,
            constraint,
            "an array or collection",
            found);
      }
    }
    if (draft.isSet("allowedValues") && !(number || target instanceof TypeModel.Text)) {
      error(
          "allowedValues",
          Message.CONSTRAINT_NOT_APPLICABLE,
          "allowedValues",
          "a string or number",
          found);
    }
    for (String constraint : List.of("defaultValue", "examples")) {
      if (draft.isSet(constraint) && !scalar) {
        error(
            constraint,
            Message.CONSTRAINT_NOT_APPLICABLE,
            constraint,
            "a scalar (string, number, boolean, enum)",
            found);
      }
    }
  }

  /** Reports constraints that contradict each other, and a pattern or format that cannot work. */
  private void checkConsistent() {
    String pattern = draft.pattern();
    if (!pattern.isEmpty()) {
      // JSON Schema's pattern is ECMA-262: Java-only syntax would ship in a schema no ECMA engine
      // reads, and the reader runs the pattern with ECMA semantics (schema.EcmaRegex).
      String problem = EcmaRegex.problem(pattern);
      if (problem != null) {
        error("pattern", Message.PATTERN_INVALID, pattern, problem);
      }
    }
    BigDecimal lower = draft.minimum() == null ? draft.exclusiveMinimum() : draft.minimum();
    BigDecimal upper = draft.maximum() == null ? draft.exclusiveMaximum() : draft.maximum();
    if (lower != null && upper != null) {
      int order = lower.compareTo(upper);
      if (order > 0
          || (order == 0
              && (draft.exclusiveMinimum() != null || draft.exclusiveMaximum() != null))) {
        error(
            draft.isSet("minimum") ? "minimum" : "exclusiveMinimum",
            Message.BOUNDS_INVERTED,
            Literals.decimal(lower),
            Literals.decimal(upper));
      }
    }
    BigDecimal multipleOf = draft.multipleOf();
    if (multipleOf != null && multipleOf.signum() <= 0) {
      error("multipleOf", Message.MULTIPLE_OF_INVALID, Literals.decimal(multipleOf));
    }
    // A format the reader does not check would let the schema promise what the reader never
    // enforces.
    String format = draft.format();
    if (!format.isEmpty()
        && !List.of("date", "date-time", "duration", "email", "uri", "uuid").contains(format)) {
      error("format", Message.FORMAT_UNCHECKED, format);
    }
    limits("minLength", draft.minLength(), "maxLength", draft.maxLength());
    limits("minItems", draft.minItems(), "maxItems", draft.maxItems());
  }

  private void limits(String minName, int min, String maxName, int max) {
    if (min < -1) {
      error(minName, Message.LIMIT_NEGATIVE, minName, min);
    }
    if (max < -1) {
      error(maxName, Message.LIMIT_NEGATIVE, maxName, max);
    }
    if (min >= 0 && max >= 0 && min > max) {
      error(minName, Message.LIMITS_INVERTED, minName, maxName, min, max);
    }
  }

  /**
   * {@code text} as the JSON literal of a {@code target} value, checked against the other
   * constraints; reports and returns "" when it is no such value or breaks one.
   */
  private String value(String constraint, TypeModel target, String text) {
    String json = ConstraintValues.json(target, text);
    if (json == null) {
      error(constraint, Message.VALUE_INVALID, constraint, ConstraintValues.describe(target), text);
      return "";
    }
    String broken = breaks(constraint, target, text);
    if (broken != null) {
      error(constraint, Message.VALUE_BREAKS_CONSTRAINTS, constraint, broken, text);
      return "";
    }
    return json;
  }

  /** The constraint {@code text} breaks, with its bound ({@code maximum 10}), or null. */
  private @Nullable String breaks(String constraint, TypeModel target, String text) {
    if (isNumber(target)) {
      String broken = bounds().broken(new BigDecimal(text.trim()));
      if (broken != null) {
        return broken;
      }
    }
    if (isString(target)) {
      int length = text.codePointCount(0, text.length());
      if (draft.minLength() >= 0 && length < draft.minLength()) {
        return "minLength " + draft.minLength();
      }
      if (draft.maxLength() >= 0 && length > draft.maxLength()) {
        return "maxLength " + draft.maxLength();
      }
      if (!draft.pattern().isEmpty() && !EcmaRegex.compile(draft.pattern()).matcher(text).find()) {
        return "pattern \"" + draft.pattern() + "\"";
      }
      if (!draft.format().isEmpty() && !Formats.valid(draft.format(), text)) {
        return "format " + draft.format();
      }
    }
    if (!constraint.equals("allowedValues") && !draft.allowedTexts().isEmpty()) {
      boolean allowed = false;
      for (String candidate : draft.allowedTexts()) {
        allowed |=
            ConstraintValues.json(target, candidate) != null
                && ConstraintValues.same(target, candidate, text);
      }
      if (!allowed) {
        return "allowedValues " + draft.allowedTexts();
      }
    }
    return null;
  }

  private void error(String constraint, Message message, Object... args) {
    clean = false;
    ConstraintDraft.Source source = draft.sources().get(constraint);
    if (source == null) {
      report.add(at, message, args);
    } else {
      report.add(at, source.mirror(), source.value(), message, args);
    }
  }
}
