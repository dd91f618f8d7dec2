package dev.toolsmith.processor;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Reads one property's {@link Hints} from {@code @Param} and Jakarta (or javax) Bean Validation
 * annotations, and reports every hint that does not fit the property's type or contradicts another,
 * at the annotation value that sets it.
 */
final class HintReader {

  /** Where a hint was set, for the diagnostic's position. */
  private record Source(AnnotationMirror mirror, @Nullable AnnotationValue value) {}

  private final Elements elements;
  private final Report report;
  private final Element at;
  private final String found;
  private final Map<String, Source> sources = new HashMap<>();
  private boolean clean = true;

  private String defaultText = "";
  private List<String> allowedTexts = List.of();
  private List<String> exampleTexts = List.of();
  private double minimum = Double.NaN;
  private double maximum = Double.NaN;
  private double exclusiveMinimum = Double.NaN;
  private double exclusiveMaximum = Double.NaN;
  private double multipleOf = Double.NaN;
  private int minLength = -1;
  private int maxLength = -1;
  private String pattern = "";
  private String format = "";
  private int minItems = -1;
  private int maxItems = -1;
  private boolean uniqueItems;
  private boolean deprecated;

  private HintReader(Elements elements, Report report, Element at, String found) {
    this.elements = elements;
    this.report = report;
    this.at = at;
    this.found = found;
  }

  /**
   * The hints of the property declared by {@code element} (reported on {@code at}) whose type is
   * {@code type}; null when one has a problem, which is then reported. {@code found} names the
   * property in messages.
   */
  static @Nullable Hints read(
      Elements elements,
      Report report,
      Element element,
      Element at,
      TypeMirror mirror,
      TypeModel type,
      String found) {
    HintReader reader = new HintReader(elements, report, at, found);
    reader.readJakarta(element.getAnnotationMirrors(), type);
    reader.readJakarta(mirror.getAnnotationMirrors(), type);
    Annotations.find(element, Names.PARAM_ANNOTATION).ifPresent(reader::readParam);
    return reader.validate(type);
  }

  /** Whether {@code element} carries a Bean Validation {@code @NotNull}-like annotation. */
  static boolean notNull(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String name = constraintName(mirror);
      if (name.equals("NotNull") || name.equals("NotBlank") || name.equals("NotEmpty")) {
        return true;
      }
    }
    return false;
  }

  private void readParam(AnnotationMirror param) {
    Map<String, AnnotationValue> explicit = new HashMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        param.getElementValues().entrySet()) {
      explicit.put(entry.getKey().getSimpleName().toString(), entry.getValue());
    }
    for (Map.Entry<String, AnnotationValue> entry : explicit.entrySet()) {
      String key = entry.getKey();
      Object value = entry.getValue().getValue();
      Source source = new Source(param, entry.getValue());
      switch (key) {
        case "defaultValue" -> set(key, source, () -> defaultText = (String) value);
        case "allowedValues" -> set(key, source, () -> allowedTexts = texts(value));
        case "examples" -> set(key, source, () -> exampleTexts = texts(value));
        case "minimum" -> set(key, source, () -> minimum = ((Number) value).doubleValue());
        case "maximum" -> set(key, source, () -> maximum = ((Number) value).doubleValue());
        case "exclusiveMinimum" ->
            set(key, source, () -> exclusiveMinimum = ((Number) value).doubleValue());
        case "exclusiveMaximum" ->
            set(key, source, () -> exclusiveMaximum = ((Number) value).doubleValue());
        case "multipleOf" -> set(key, source, () -> multipleOf = ((Number) value).doubleValue());
        case "minLength" -> set(key, source, () -> minLength = (Integer) value);
        case "maxLength" -> set(key, source, () -> maxLength = (Integer) value);
        case "pattern" -> set(key, source, () -> pattern = (String) value);
        case "format" -> set(key, source, () -> format = (String) value);
        case "minItems" -> set(key, source, () -> minItems = (Integer) value);
        case "maxItems" -> set(key, source, () -> maxItems = (Integer) value);
        case "uniqueItems" -> set(key, source, () -> uniqueItems = (Boolean) value);
        case "deprecated" -> set(key, source, () -> deprecated = (Boolean) value);
        default -> {
          // description, name, required: read elsewhere
        }
      }
    }
  }

  private void readJakarta(List<? extends AnnotationMirror> mirrors, TypeModel type) {
    TypeModel target = target(type);
    boolean counted =
        target instanceof TypeModel.Container || target instanceof TypeModel.ArrayType;
    for (AnnotationMirror mirror : mirrors) {
      String name = constraintName(mirror);
      if (name.isEmpty()) {
        continue;
      }
      Map<String, AnnotationValue> values = Annotations.values(elements, mirror);
      Source source = new Source(mirror, null);
      switch (name) {
        case "NotBlank" -> {
          set("minLength", source, () -> minLength = Math.max(minLength, 1));
          set("pattern", source, () -> pattern = "\\S");
        }
        case "NotEmpty" -> {
          if (counted) {
            set("minItems", source, () -> minItems = Math.max(minItems, 1));
          } else {
            set("minLength", source, () -> minLength = Math.max(minLength, 1));
          }
        }
        case "Size" -> {
          int min = Annotations.integer(values, "min", 0);
          int max = Annotations.integer(values, "max", Integer.MAX_VALUE);
          // Size's defaults (0, Integer.MAX_VALUE) say nothing, and must not undo @NotBlank.
          if (counted) {
            if (min > 0) {
              set("minItems", source, () -> minItems = Math.max(minItems, min));
            }
            if (max != Integer.MAX_VALUE) {
              set("maxItems", source, () -> maxItems = max);
            }
          } else {
            if (min > 0) {
              set("minLength", source, () -> minLength = Math.max(minLength, min));
            }
            if (max != Integer.MAX_VALUE) {
              set("maxLength", source, () -> maxLength = max);
            }
          }
        }
        case "Min" -> set("minimum", source, () -> minimum = longValue(values));
        case "Max" -> set("maximum", source, () -> maximum = longValue(values));
        case "DecimalMin" -> {
          double value = Double.parseDouble(Annotations.string(values, "value", "0"));
          if (Annotations.bool(values, "inclusive", true)) {
            set("minimum", source, () -> minimum = value);
          } else {
            set("exclusiveMinimum", source, () -> exclusiveMinimum = value);
          }
        }
        case "DecimalMax" -> {
          double value = Double.parseDouble(Annotations.string(values, "value", "0"));
          if (Annotations.bool(values, "inclusive", true)) {
            set("maximum", source, () -> maximum = value);
          } else {
            set("exclusiveMaximum", source, () -> exclusiveMaximum = value);
          }
        }
        case "Positive" -> set("exclusiveMinimum", source, () -> exclusiveMinimum = 0);
        case "PositiveOrZero" -> set("minimum", source, () -> minimum = 0);
        case "Negative" -> set("exclusiveMaximum", source, () -> exclusiveMaximum = 0);
        case "NegativeOrZero" -> set("maximum", source, () -> maximum = 0);
        // Bean Validation matches the whole text; JSON Schema finds a match anywhere.
        case "Pattern" ->
            set(
                "pattern",
                source,
                () -> pattern = "^(?:" + Annotations.string(values, "regexp", "") + ")$");
        case "Email" -> set("format", source, () -> format = "email");
        default -> {
          // NotNull and the rest: required-ness is read elsewhere; others have no schema keyword
        }
      }
    }
  }

  /** The simple name of a Bean Validation constraint annotation, or empty. */
  private static String constraintName(AnnotationMirror mirror) {
    TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
    String qualified = type.getQualifiedName().toString();
    if (qualified.startsWith("jakarta.validation.constraints.")
        || qualified.startsWith("javax.validation.constraints.")) {
      return type.getSimpleName().toString();
    }
    return "";
  }

  private static double longValue(Map<String, AnnotationValue> values) {
    AnnotationValue value = values.get("value");
    return value == null ? Double.NaN : ((Number) value.getValue()).doubleValue();
  }

  private void set(String hint, Source source, Runnable assign) {
    assign.run();
    sources.put(hint, source);
  }

  private static List<String> texts(Object value) {
    List<String> texts = new ArrayList<>();
    for (Object item : (List<?>) value) {
      texts.add(String.valueOf(((AnnotationValue) item).getValue()));
    }
    return texts;
  }

  private void error(String hint, String message) {
    clean = false;
    Source source = sources.get(hint);
    if (source == null) {
      report.error(at, message);
    } else {
      report.error(at, source.mirror(), source.value(), message);
    }
  }

  /** The type hints apply to: inside Optional. */
  static TypeModel target(TypeModel type) {
    if (type instanceof TypeModel.OptionalType) {
      return ((TypeModel.OptionalType) type).value();
    }
    if (type instanceof TypeModel.OptionalNumber) {
      return ((TypeModel.OptionalNumber) type).value();
    }
    return type;
  }

  static boolean isNumber(TypeModel target) {
    return (target instanceof TypeModel.Scalar && ((TypeModel.Scalar) target).kind().isNumber())
        || (target instanceof TypeModel.Formatted
            && !((TypeModel.Formatted) target).jsonType().equals("string"));
  }

  static boolean isString(TypeModel target) {
    return target instanceof TypeModel.Text
        || (target instanceof TypeModel.Formatted
            && ((TypeModel.Formatted) target).jsonType().equals("string"));
  }

  private @Nullable Hints validate(TypeModel type) {
    TypeModel target = target(type);
    boolean number = isNumber(target);
    boolean string = isString(target);
    boolean array = target instanceof TypeModel.Container || target instanceof TypeModel.ArrayType;
    boolean scalar =
        number
            || string
            || target instanceof TypeModel.Scalar
            || target instanceof TypeModel.EnumType;
    for (String hint :
        List.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")) {
      if (sources.containsKey(hint) && !number) {
        error(hint, String.format(Messages.HINT_NOT_APPLICABLE, hint, "a number", found));
      }
    }
    for (String hint : List.of("minLength", "maxLength", "pattern")) {
      if (sources.containsKey(hint) && !string) {
        error(hint, String.format(Messages.HINT_NOT_APPLICABLE, hint, "a string", found));
      }
    }
    if (sources.containsKey("format") && !(target instanceof TypeModel.Text)) {
      error("format", String.format(Messages.HINT_NOT_APPLICABLE, "format", "a String", found));
    }
    for (String hint : List.of("minItems", "maxItems", "uniqueItems")) {
      if (sources.containsKey(hint) && !array) {
        error(
            hint,
            String.format(Messages.HINT_NOT_APPLICABLE, hint, "an array or collection", found));
      }
    }
    if (sources.containsKey("allowedValues") && !(number || target instanceof TypeModel.Text)) {
      error(
          "allowedValues",
          String.format(
              Messages.HINT_NOT_APPLICABLE, "allowedValues", "a string or number", found));
    }
    for (String hint : List.of("defaultValue", "examples")) {
      if (sources.containsKey(hint) && !scalar) {
        error(
            hint,
            String.format(
                Messages.HINT_NOT_APPLICABLE,
                hint,
                "a scalar (string, number, boolean, enum)",
                found));
      }
    }
    double[] numbers = {minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf};
    String[] numberNames = {
      "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"
    };
    for (int i = 0; i < numbers.length; i++) {
      if (Double.isInfinite(numbers[i])) {
        error(numberNames[i], String.format(Messages.HINT_NOT_FINITE, numberNames[i], numbers[i]));
      }
    }
    if (!clean) {
      return null;
    }
    if (!pattern.isEmpty()) {
      try {
        Pattern.compile(pattern);
      } catch (PatternSyntaxException e) {
        error("pattern", String.format(Messages.PATTERN_INVALID, pattern, e.getDescription()));
      }
    }
    double lower = Double.isNaN(minimum) ? exclusiveMinimum : minimum;
    double upper = Double.isNaN(maximum) ? exclusiveMaximum : maximum;
    if (lower > upper
        || (lower == upper
            && (!Double.isNaN(exclusiveMinimum) || !Double.isNaN(exclusiveMaximum)))) {
      error(
          sources.containsKey("minimum") ? "minimum" : "exclusiveMinimum",
          String.format(Messages.BOUNDS_INVERTED, Literals.number(lower), Literals.number(upper)));
    }
    if (!Double.isNaN(multipleOf) && !(multipleOf > 0) || Double.isInfinite(multipleOf)) {
      error("multipleOf", String.format(Messages.MULTIPLE_OF_INVALID, Literals.number(multipleOf)));
    }
    // A format the reader does not check would let the schema promise what the reader never
    // enforces.
    if (!format.isEmpty()
        && !List.of("date", "date-time", "duration", "email", "uri", "uuid").contains(format)) {
      error("format", String.format(Messages.FORMAT_UNCHECKED, format));
    }
    limits("minLength", minLength, "maxLength", maxLength);
    limits("minItems", minItems, "maxItems", maxItems);
    if (!clean) {
      return null;
    }
    String defaultJson = "";
    if (sources.containsKey("defaultValue")) {
      defaultJson = value("defaultValue", target, defaultText);
    }
    List<String> allowedJson = new ArrayList<>();
    for (String text : allowedTexts) {
      allowedJson.add(value("allowedValues", target, text));
    }
    List<String> examplesJson = new ArrayList<>();
    for (String text : exampleTexts) {
      examplesJson.add(value("examples", target, text));
    }
    if (!clean) {
      return null;
    }
    return new Hints(
        defaultJson,
        List.copyOf(allowedJson),
        List.copyOf(examplesJson),
        minimum,
        maximum,
        exclusiveMinimum,
        exclusiveMaximum,
        multipleOf,
        minLength,
        maxLength,
        pattern,
        format,
        minItems,
        maxItems,
        uniqueItems,
        deprecated);
  }

  private void limits(String minName, int min, String maxName, int max) {
    if (min < -1) {
      error(minName, String.format(Messages.LIMIT_NEGATIVE, minName, min));
    }
    if (max < -1) {
      error(maxName, String.format(Messages.LIMIT_NEGATIVE, maxName, max));
    }
    if (min >= 0 && max >= 0 && min > max) {
      error(minName, String.format(Messages.LIMITS_INVERTED, minName, maxName, min, max));
    }
  }

  /**
   * {@code text} as the JSON literal of a {@code target} value, checked against the other hints;
   * reports and returns "" when it is no such value or breaks one.
   */
  private String value(String hint, TypeModel target, String text) {
    String json = HintValues.json(target, text);
    if (json == null) {
      error(hint, String.format(Messages.VALUE_INVALID, hint, HintValues.describe(target), text));
      return "";
    }
    String broken = breaks(hint, target, text);
    if (broken != null) {
      error(hint, String.format(Messages.VALUE_BREAKS_HINTS, hint, broken, text));
      return "";
    }
    return json;
  }

  /** The hint {@code text} breaks, or null. */
  private @Nullable String breaks(String hint, TypeModel target, String text) {
    if (isNumber(target)) {
      BigDecimal value = new BigDecimal(text.trim());
      if (!Double.isNaN(minimum) && value.compareTo(new BigDecimal(minimum)) < 0) {
        return "minimum";
      }
      if (!Double.isNaN(maximum) && value.compareTo(new BigDecimal(maximum)) > 0) {
        return "maximum";
      }
      if (!Double.isNaN(exclusiveMinimum)
          && value.compareTo(new BigDecimal(exclusiveMinimum)) <= 0) {
        return "exclusiveMinimum";
      }
      if (!Double.isNaN(exclusiveMaximum)
          && value.compareTo(new BigDecimal(exclusiveMaximum)) >= 0) {
        return "exclusiveMaximum";
      }
      if (!Double.isNaN(multipleOf)
          && value.remainder(new BigDecimal(Double.toString(multipleOf))).signum() != 0) {
        return "multipleOf";
      }
    }
    if (isString(target)) {
      int length = text.codePointCount(0, text.length());
      if (minLength >= 0 && length < minLength) {
        return "minLength";
      }
      if (maxLength >= 0 && length > maxLength) {
        return "maxLength";
      }
      if (!pattern.isEmpty() && !Pattern.compile(pattern).matcher(text).find()) {
        return "pattern";
      }
    }
    if (!hint.equals("allowedValues") && !allowedTexts.isEmpty()) {
      boolean allowed = false;
      for (String candidate : allowedTexts) {
        allowed |=
            HintValues.json(target, candidate) != null && HintValues.same(target, candidate, text);
      }
      if (!allowed) {
        return "allowedValues";
      }
    }
    return null;
  }
}
