package dev.toolsmith.processor;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Reads one property's constraints from {@code @Param} and Jakarta (or javax) Bean Validation
 * annotations into a {@link ConstraintDraft}, which {@link ConstraintChecker} then checks.
 */
final class ConstraintReader {

  private final Elements elements;
  private final Map<String, ConstraintDraft.Source> sources = new HashMap<>();
  private final Map<String, ConstraintDraft.Unreadable> unreadable = new HashMap<>();

  private String defaultText = "";
  private List<String> allowedTexts = List.of();
  private List<String> exampleTexts = List.of();
  private @Nullable BigDecimal minimum;
  private @Nullable BigDecimal maximum;
  private @Nullable BigDecimal exclusiveMinimum;
  private @Nullable BigDecimal exclusiveMaximum;
  private @Nullable BigDecimal multipleOf;
  private int minLength = -1;
  private int maxLength = -1;
  private String pattern = "";
  private String format = "";
  private int minItems = -1;
  private int maxItems = -1;
  private boolean uniqueItems;
  private boolean deprecated;

  private ConstraintReader(Elements elements) {
    this.elements = elements;
  }

  /**
   * The constraints of the property declared by {@code element} (reported on {@code at}) whose type
   * is {@code type}; null when one has a problem, which is then reported. {@code found} names the
   * property in messages.
   */
  static @Nullable Constraints read(
      Elements elements,
      Report report,
      Element element,
      Element at,
      TypeMirror mirror,
      TypeModel type,
      String found) {
    ConstraintReader reader = new ConstraintReader(elements);
    reader.readJakarta(element.getAnnotationMirrors(), type);
    reader.readJakarta(mirror.getAnnotationMirrors(), type);
    Annotations.find(element, Names.PARAM_ANNOTATION).ifPresent(reader::readParam);
    return new ConstraintChecker(report, at, found, reader.draft()).check(type);
  }

  private ConstraintDraft draft() {
    return new ConstraintDraft(
        defaultText,
        allowedTexts,
        exampleTexts,
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
        deprecated,
        Map.copyOf(sources),
        Map.copyOf(unreadable));
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
      ConstraintDraft.Source source = new ConstraintDraft.Source(param, entry.getValue());
      switch (key) {
        case "defaultValue" -> set(key, source, () -> defaultText = (String) value);
        case "allowedValues" -> set(key, source, () -> allowedTexts = texts(value));
        case "examples" -> set(key, source, () -> exampleTexts = texts(value));
        case "minimum" -> set(key, source, () -> minimum = decimal(key, value));
        case "maximum" -> set(key, source, () -> maximum = decimal(key, value));
        case "exclusiveMinimum" -> set(key, source, () -> exclusiveMinimum = decimal(key, value));
        case "exclusiveMaximum" -> set(key, source, () -> exclusiveMaximum = decimal(key, value));
        case "multipleOf" -> set(key, source, () -> multipleOf = decimal(key, value));
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
    TypeModel target = ConstraintChecker.target(type);
    boolean counted =
        target instanceof TypeModel.Container || target instanceof TypeModel.ArrayType;
    for (AnnotationMirror mirror : mirrors) {
      String name = constraintName(mirror);
      if (name.isEmpty()) {
        continue;
      }
      Map<String, AnnotationValue> values = Annotations.values(elements, mirror);
      ConstraintDraft.Source source = new ConstraintDraft.Source(mirror, null);
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
        case "Min" -> set("minimum", source, () -> minimum = BigDecimal.valueOf(longValue(values)));
        case "Max" -> set("maximum", source, () -> maximum = BigDecimal.valueOf(longValue(values)));
        case "DecimalMin" -> {
          boolean inclusive = Annotations.bool(values, "inclusive", true);
          BigDecimal value =
              decimal(
                  inclusive ? "minimum" : "exclusiveMinimum",
                  Annotations.string(values, "value", "0"));
          if (inclusive) {
            set("minimum", source, () -> minimum = value);
          } else {
            set("exclusiveMinimum", source, () -> exclusiveMinimum = value);
          }
        }
        case "DecimalMax" -> {
          boolean inclusive = Annotations.bool(values, "inclusive", true);
          BigDecimal value =
              decimal(
                  inclusive ? "maximum" : "exclusiveMaximum",
                  Annotations.string(values, "value", "0"));
          if (inclusive) {
            set("maximum", source, () -> maximum = value);
          } else {
            set("exclusiveMaximum", source, () -> exclusiveMaximum = value);
          }
        }
        case "Positive" ->
            set("exclusiveMinimum", source, () -> exclusiveMinimum = BigDecimal.ZERO);
        case "PositiveOrZero" -> set("minimum", source, () -> minimum = BigDecimal.ZERO);
        case "Negative" ->
            set("exclusiveMaximum", source, () -> exclusiveMaximum = BigDecimal.ZERO);
        case "NegativeOrZero" -> set("maximum", source, () -> maximum = BigDecimal.ZERO);
        // Bean Validation matches the whole text; JSON Schema finds a match anywhere.
        case "Pattern" ->
            set(
                "pattern",
                source,
                () -> pattern = wholeText(Annotations.string(values, "regexp", "")));
        case "Email" -> set("format", source, () -> format = "email");
        default -> {
          // NotNull and the rest: required-ness is read elsewhere; others have no schema keyword
        }
      }
    }
  }

  /**
   * {@code regexp} as a JSON Schema pattern that matches only the whole text, as Bean Validation
   * does: wrapped in {@code ^(?:...)$}, unless it already is {@code ^...$} with no top-level {@code
   * |} (then the wrapped and the bare pattern match the same texts).
   */
  static String wholeText(String regexp) {
    return anchored(regexp) ? regexp : "^(?:" + regexp + ")$";
  }

  /** Whether {@code regexp} starts with {@code ^}, ends with {@code $} and has no top-level |. */
  private static boolean anchored(String regexp) {
    if (regexp.length() < 2 || regexp.charAt(0) != '^') {
      return false;
    }
    int depth = 0;
    boolean inClass = false;
    boolean lastIsAnchor = false;
    for (int i = 1; i < regexp.length(); i++) {
      char c = regexp.charAt(i);
      lastIsAnchor = false;
      if (c == '\\') {
        if (i + 1 < regexp.length() && regexp.charAt(i + 1) == 'Q') {
          return false; // Java's quoting: its end is not worth reasoning about
        }
        i++; // the escaped character is a literal (or a class), never an anchor or a bar
      } else if (inClass) {
        inClass = c != ']';
      } else if (c == '[') {
        inClass = true;
        int first = i + 1 < regexp.length() && regexp.charAt(i + 1) == '^' ? i + 2 : i + 1;
        if (first < regexp.length() && regexp.charAt(first) == ']') {
          return false; // "[]a]", "[^]a]": engines read these differently; wrapping is safe
        }
        i = first - 1;
      } else if (c == '(') {
        if (i + 2 < regexp.length()
            && regexp.charAt(i + 1) == '?'
            && ":=!<".indexOf(regexp.charAt(i + 2)) < 0) {
          return false; // inline flags such as (?x) may change what ^, $ and | mean
        }
        depth++;
      } else if (c == ')') {
        if (--depth < 0) {
          return false;
        }
      } else if (c == '|' && depth == 0) {
        return false;
      } else if (c == '$') {
        lastIsAnchor = true;
      }
    }
    return lastIsAnchor && depth == 0 && !inClass;
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

  private static long longValue(Map<String, AnnotationValue> values) {
    AnnotationValue value = values.get("value");
    return value == null ? 0 : ((Number) value.getValue()).longValue();
  }

  /**
   * {@code value} (a {@code @Param} double, or a Bean Validation decimal string) as the exact
   * decimal the schema states; null, and a problem for the checker to report under {@code
   * constraint}, when it is no finite number.
   */
  private @Nullable BigDecimal decimal(String constraint, Object value) {
    if (value instanceof Number number) {
      double d = number.doubleValue();
      if (Double.isFinite(d)) {
        return BigDecimal.valueOf(d); // the shortest decimal of the double: what the author wrote
      }
      unreadable.put(
          constraint, new ConstraintDraft.Unreadable(Message.CONSTRAINT_NOT_FINITE, constraint, d));
      return null;
    }
    try {
      return new BigDecimal(String.valueOf(value).trim());
    } catch (NumberFormatException e) {
      unreadable.put(constraint, new ConstraintDraft.Unreadable(Message.DECIMAL_INVALID, value));
      return null;
    }
  }

  private void set(String constraint, ConstraintDraft.Source source, Runnable assign) {
    assign.run();
    sources.put(constraint, source);
  }

  private static List<String> texts(Object value) {
    List<String> texts = new ArrayList<>();
    for (Object item : (List<?>) value) {
      texts.add(String.valueOf(((AnnotationValue) item).getValue()));
    }
    return texts;
  }
}
