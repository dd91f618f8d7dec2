package dev.toolsmith.runtime.deferral;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The arguments of a search call, {@code {"query": "...", "limit": 5}}, or why they are not.
 *
 * @param query the query, or null when {@code problem} says why there is none
 * @param limit how many tools to return
 * @param problem one line for the model when the arguments are unusable; null when usable
 */
record SearchArguments(@Nullable String query, int limit, @Nullable String problem) {

  /** The most tools one search returns, whatever the model asks for. */
  static final int MAX_LIMIT = 20;

  private static final JsonFactory JSON = new JsonFactory();

  /** Reads {@code json}; never throws: unusable input gives a {@code problem}. */
  static SearchArguments parse(@Nullable String json, int defaultLimit) {
    if (json == null || json.isBlank()) {
      return failed("the search needs arguments {\"query\": \"what the tool should do\"}");
    }
    String query = null;
    int limit = defaultLimit;
    try (JsonParser p = JSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return failed("the search arguments must be a JSON object with a \"query\" string");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if ("query".equals(field) && value == JsonToken.VALUE_STRING) {
          query = p.getText();
        } else if ("limit".equals(field) && value == JsonToken.VALUE_NUMBER_INT) {
          limit = (int) Math.max(1, Math.min(MAX_LIMIT, p.getLongValue()));
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException | RuntimeException e) {
      return failed("the search arguments are not valid JSON");
    }
    if (query == null || query.isBlank()) {
      return failed("the search needs a non-empty \"query\" string");
    }
    return new SearchArguments(query, limit, null);
  }

  private static SearchArguments failed(String problem) {
    return new SearchArguments(null, 0, problem);
  }
}
