package dev.toolsmith.processor;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.toolsmith.schema.SchemaInstances;
import dev.toolsmith.schema.SchemaJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import org.jspecify.annotations.Nullable;

/**
 * A tool's example arguments of whole calls (Anthropic's {@code input_examples}):
 * {@code @Tool(examples)} as written, else made from its properties' {@code @Param(examples)}. Each
 * is checked against the tool's generated schema by {@link SchemaInstances}, the schema module's
 * one judge of a value against a schema; one that does not fit is an error at the example.
 */
final class InputExamples {

  private InputExamples() {}

  /** The examples of {@code tool}, compact; those that do not fit are reported and left out. */
  static List<String> of(
      ExecutableElement method, ToolAttributes attributes, ToolModel tool, Report report) {
    String schema = SchemaWriter.schema(tool);
    List<String> written = attributes.examples();
    List<String> examples = new ArrayList<>();
    if (written.isEmpty()) {
      for (String example : composed(tool.invocation().properties())) {
        // Made of values each checked against its property: a misfit here is ours, not the user's.
        check(schema, example)
            .ifPresent(
                problem ->
                    report.add(
                        method,
                        attributes.mirror(),
                        null,
                        Message.EXAMPLE_INVALID,
                        example,
                        problem));
        examples.add(example);
      }
      return examples;
    }
    List<? extends AnnotationValue> values = elements(attributes.value("examples"));
    for (int i = 0; i < written.size(); i++) {
      String text = written.get(i);
      AnnotationValue at = i < values.size() ? values.get(i) : attributes.value("examples");
      try {
        Optional<String> problem = check(schema, text);
        if (problem.isPresent()) {
          report.add(method, attributes.mirror(), at, Message.EXAMPLE_INVALID, text, problem.get());
        } else {
          examples.add(compact(text));
        }
      } catch (IllegalArgumentException e) {
        report.add(
            method,
            attributes.mirror(),
            at,
            Message.EXAMPLE_NOT_JSON,
            text,
            String.valueOf(e.getMessage()));
      }
    }
    return examples;
  }

  /** How {@code example} does not fit {@code schema}, if it does not. */
  private static Optional<String> check(String schema, String example) {
    return SchemaInstances.check(schema, example).map(SchemaInstances.Violation::toString);
  }

  /**
   * The examples made from {@code properties}' own: the i-th holds the i-th example of each
   * property that has one, made while every required property has an i-th (so each fits); with no
   * required property, as many as the property with the most.
   */
  static List<String> composed(List<PropertyModel> properties) {
    int count = Integer.MAX_VALUE;
    int most = 0;
    for (PropertyModel property : properties) {
      int examples = property.constraints().examplesJson().size();
      most = Math.max(most, examples);
      if (property.required()) {
        count = Math.min(count, examples);
      }
    }
    count = count == Integer.MAX_VALUE ? most : count;
    List<String> composed = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder example = new StringBuilder("{");
      for (PropertyModel property : properties) {
        List<String> values = property.constraints().examplesJson();
        if (i < values.size()) {
          example.append(example.length() > 1 ? "," : "").append('"');
          example.append(JsonStringEncoder.getInstance().quoteAsString(property.name()));
          example.append("\":").append(values.get(i));
        }
      }
      composed.add(example.append('}').toString());
    }
    return composed;
  }

  /** The elements of an array attribute's value, empty when it has none. */
  private static List<? extends AnnotationValue> elements(@Nullable AnnotationValue array) {
    if (array != null && array.getValue() instanceof List<?> items) {
      List<AnnotationValue> values = new ArrayList<>();
      items.forEach(item -> values.add((AnnotationValue) item));
      return values;
    }
    return List.of();
  }

  /** {@code json}, already checked to be one value, without whitespace; numbers as written. */
  private static String compact(String json) {
    StringWriter out = new StringWriter();
    try (JsonParser parser = SchemaJson.FACTORY.createParser(json);
        JsonGenerator generator = SchemaJson.FACTORY.createGenerator(out)) {
      while (parser.nextToken() != null) {
        generator.copyCurrentEventExact(parser);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
