package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * A call's arguments in canonical form (object members sorted, numbers by exact value), so two
 * calls with JSON-equal arguments have the same key: what the loop guard compares. Not API.
 */
public final class CanonicalArguments {

  private CanonicalArguments() {}

  /** The canonical text of {@code json}; {@code json} itself when it is not one JSON value. */
  public static String of(String json) {
    try (JsonParser p = ArgumentJson.ARGUMENTS.createParser(json)) {
      if (p.nextToken() == null) {
        return json;
      }
      String canonical = CanonicalJson.canonical(p);
      return p.nextToken() == null ? canonical : json;
    } catch (IOException | RuntimeException e) { // not JSON: compared as it was written
      return json;
    }
  }
}
