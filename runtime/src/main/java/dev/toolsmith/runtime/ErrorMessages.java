package dev.toolsmith.runtime;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.internal.Failures;
import dev.toolsmith.runtime.internal.JsonCore;
import dev.toolsmith.runtime.internal.Truncation;
import dev.toolsmith.runtime.result.ErrorSanitizer;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.runtime.result.ToolResults;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The message of an error object, made fit for the model: cleaned by the registry's {@link
 * ErrorSanitizer}, then cut to {@link ResultBudget#maxErrorChars()}. The registry's own errors are
 * written fit; every error object a handler returns (an MCP server's included) is rewritten.
 */
final class ErrorMessages {

  private final ErrorSanitizer sanitizer;
  private final int maxChars;

  ErrorMessages(ErrorSanitizer sanitizer, ResultBudget budget) {
    this.sanitizer = sanitizer;
    this.maxChars = budget.maxErrorChars();
  }

  /** {@code message} sanitized and cut. */
  String fit(String message) {
    String clean = sanitizer.apply(message);
    return clean.length() > maxChars ? cut(clean, maxChars) : clean;
  }

  /** The first {@code max} characters (never half a surrogate pair) and the truncation marker. */
  static String cut(String text, int max) {
    return text.substring(0, Truncation.end(text, max)) + ResultBudget.TRUNCATION_MARKER;
  }

  /** {@code {"error":message}} with the message made fit. */
  String error(String message) {
    return ToolResults.error(fit(message));
  }

  /** {@link ToolResults#invalidArguments} with the message made fit. */
  String invalidArguments(String toolName, List<ArgumentProblem> problems) {
    String answer = ToolResults.invalidArguments(toolName, problems);
    String message = Failures.invalidArguments(toolName);
    String fitted = fit(message);
    return fitted.equals(message) ? answer : replaceError(answer, fitted);
  }

  /**
   * {@code result}, an answer a tool returned itself (the registry's own errors are made fit when
   * written), with its top-level {@code "error"} string made fit, when it is one JSON object with
   * such a string; anything else, and an error already fit, comes back as it is.
   */
  String rewrite(String result) {
    if (!looksLikeErrorObject(result)) {
      return result;
    }
    String message = errorMessage(result);
    if (message == null) {
      return result;
    }
    String fitted = fit(message);
    return fitted.equals(message) ? result : replaceError(result, fitted);
  }

  /** A cheap first look: an object that mentions an {@code "error"} key somewhere. */
  private static boolean looksLikeErrorObject(String result) {
    for (int i = 0; i < result.length(); i++) {
      char c = result.charAt(i);
      if (!Character.isWhitespace(c)) {
        return c == '{' && result.contains("\"error\"");
      }
    }
    return false;
  }

  /**
   * The top-level {@code "error"} string of {@code result}, or null when it has none or is not one
   * JSON object: a scan that skips every other value.
   */
  private static @Nullable String errorMessage(String result) {
    String message = null;
    try (JsonParser parser = JsonCore.FACTORY.createParser(result)) {
      parser.nextToken(); // the START_OBJECT looksLikeErrorObject saw
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        if ("error".equals(field) && value == JsonToken.VALUE_STRING) {
          message = parser.getText();
        } else {
          parser.skipChildren();
        }
      }
      return parser.nextToken() == null ? message : null; // one object, nothing after it
    } catch (IOException e) {
      return null; // not JSON after all
    }
  }

  private static String replaceError(String result, String message) {
    StringWriter out = new StringWriter(result.length());
    try (JsonParser parser = JsonCore.FACTORY.createParser(result);
        JsonGenerator generator = JsonCore.FACTORY.createGenerator(out)) {
      parser.nextToken();
      generator.writeStartObject();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        JsonToken value = parser.nextToken();
        generator.writeFieldName(field);
        if ("error".equals(field) && value == JsonToken.VALUE_STRING) {
          generator.writeString(message);
        } else {
          generator.copyCurrentStructureExact(parser);
        }
      }
      generator.writeEndObject();
    } catch (IOException e) {
      return result; // errorMessage read it whole, so this does not happen
    }
    return out.toString();
  }
}
