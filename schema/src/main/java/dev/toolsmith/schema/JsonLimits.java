package dev.toolsmith.schema;

import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * The limits that bound the work one JSON document can cause, shared by the schemas read here and
 * the arguments the runtime reads. Each is a system property read once, when this class loads:
 * {@code toolsmith.json.maxNumberLength} (digits of one number, default 1000), {@code
 * toolsmith.json.maxNestingDepth} (default 500), {@code toolsmith.json.maxStringLength} (characters
 * of one string, default 10,000,000) and {@code toolsmith.json.maxDocumentLength} (characters of
 * one document, default 50,000,000).
 */
public final class JsonLimits {

  /** Digits (and sign, point, exponent) one JSON number may have. */
  public static final int MAX_NUMBER_LENGTH = limit("maxNumberLength", 1000);

  /** How deep arrays and objects may nest. */
  public static final int MAX_NESTING_DEPTH = limit("maxNestingDepth", 500);

  /** Characters one JSON string may have. */
  public static final int MAX_STRING_LENGTH = limit("maxStringLength", 10_000_000);

  /** Characters one document may have. */
  public static final long MAX_DOCUMENT_LENGTH = limit("maxDocumentLength", 50_000_000);

  private static final StreamReadConstraints CONSTRAINTS =
      StreamReadConstraints.builder()
          .maxNumberLength(MAX_NUMBER_LENGTH)
          .maxNestingDepth(MAX_NESTING_DEPTH)
          .maxStringLength(MAX_STRING_LENGTH)
          .maxDocumentLength(MAX_DOCUMENT_LENGTH)
          .build();

  private JsonLimits() {}

  /** These limits as Jackson's read constraints, for a {@code JsonFactory}. */
  public static StreamReadConstraints constraints() {
    return CONSTRAINTS;
  }

  private static int limit(String name, int fallback) {
    return Integer.getInteger("toolsmith.json." + name, fallback);
  }
}
