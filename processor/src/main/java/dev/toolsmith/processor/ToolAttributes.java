package dev.toolsmith.processor;

import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * A method's {@code @Tool} attributes as written, defaults filled in and nothing checked: the first
 * phase of reading a tool. {@link #value} gives the attribute a diagnostic points at.
 *
 * @param mirror the annotation
 * @param values the attributes written, by name
 * @param name the explicit name, empty when the method's name gives it
 * @param description the explicit description, stripped, empty when the Javadoc gives it
 * @param toolset the toolset
 * @param emoji the emoji, empty for the runtime's default
 * @param maxResultChars the result size limit, -1 for the registry's default
 * @param deadlineMillis the deadline of one call, 0 for none
 * @param requiresApproval whether every call needs approval
 * @param requiresEnv the environment variables the tool requires
 * @param strict whether {@code strict = true} is asked
 * @param title the title, empty for none
 * @param keywords the search keywords, in order, repeats included
 * @param behaviour the behaviour hints
 * @param deferred whether a deferred listing may defer the tool
 */
record ToolAttributes(
    AnnotationMirror mirror,
    Map<String, AnnotationValue> values,
    String name,
    String description,
    String toolset,
    String emoji,
    int maxResultChars,
    long deadlineMillis,
    boolean requiresApproval,
    List<String> requiresEnv,
    boolean strict,
    String title,
    List<String> keywords,
    ToolModel.Behaviour behaviour,
    boolean deferred) {

  static ToolAttributes read(Elements elements, AnnotationMirror mirror) {
    Map<String, AnnotationValue> values = Annotations.values(elements, mirror);
    return new ToolAttributes(
        mirror,
        values,
        Annotations.string(values, "name", ""),
        Annotations.string(values, "description", "").strip(),
        Annotations.string(values, "toolset", "default"),
        Annotations.string(values, "emoji", ""),
        Annotations.integer(values, "maxResultChars", -1),
        deadlineMillis(values),
        Annotations.bool(values, "requiresApproval", false),
        List.copyOf(Annotations.strings(values, "requiresEnv")),
        Annotations.bool(values, "strict", false),
        Annotations.string(values, "title", ""),
        List.copyOf(Annotations.strings(values, "keywords")),
        new ToolModel.Behaviour(
            hint(values, "readOnly"),
            hint(values, "destructive"),
            hint(values, "idempotent"),
            hint(values, "openWorld")),
        Annotations.bool(values, "deferred", true));
  }

  /** The attribute {@code name} as written, null when the default applies. */
  @Nullable AnnotationValue value(String name) {
    return values.get(name);
  }

  /** {@code deadlineMillis} as written, 0 when not. */
  private static long deadlineMillis(Map<String, AnnotationValue> values) {
    AnnotationValue value = values.get("deadlineMillis");
    return value != null && value.getValue() instanceof Number n ? n.longValue() : 0;
  }

  /** A {@code Hint} attribute: true, false, or null when unspecified. */
  private static @Nullable Boolean hint(Map<String, AnnotationValue> values, String name) {
    AnnotationValue value = values.get(name);
    if (value == null || !(value.getValue() instanceof VariableElement constant)) {
      return null;
    }
    String which = constant.getSimpleName().toString();
    return "TRUE".equals(which) ? Boolean.TRUE : "FALSE".equals(which) ? Boolean.FALSE : null;
  }
}
