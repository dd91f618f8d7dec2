package dev.toolsmith.runtime.support;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.toolsmith.schema.JsonLimits;

/**
 * The one thread-safe {@link JsonFactory} a call's arguments are read with, and the limits that
 * bound the work one argument document can cause (results are written with the runtime's own,
 * {@code internal.JsonCore}).
 *
 * <p>Each limit is a system property read once, when this class loads: {@code
 * toolsmith.json.maxNumberLength} (digits of one number, default 1000), {@code
 * toolsmith.json.maxExponent} (the magnitude of a number's written exponent, default 1000), {@code
 * toolsmith.json.maxNestingDepth} (default 500), {@code toolsmith.json.maxStringLength} (characters
 * of one string, default 10,000,000) and {@code toolsmith.json.maxDocumentLength} (characters of
 * one document, default 50,000,000); all but the exponent are {@link JsonLimits}, which the schema
 * module reads schemas within. A number beyond its limit is an invalid argument naming the limit,
 * refused before any arithmetic; the others stop the parse.
 */
final class ArgumentJson {

  /** Digits (and sign, point, exponent) one JSON number may have. */
  static final int MAX_NUMBER_LENGTH = JsonLimits.MAX_NUMBER_LENGTH;

  /** The largest magnitude of a number's written exponent ({@code 1e1000} passes, 1e1001 not). */
  static final int MAX_EXPONENT = limit("maxExponent", 1000);

  /** How deep arrays and objects may nest. */
  static final int MAX_NESTING_DEPTH = JsonLimits.MAX_NESTING_DEPTH;

  /** Characters one JSON string may have. */
  static final int MAX_STRING_LENGTH = JsonLimits.MAX_STRING_LENGTH;

  /** Characters one argument document may have. */
  static final long MAX_DOCUMENT_LENGTH = JsonLimits.MAX_DOCUMENT_LENGTH;

  /** The limits above (but the exponent, checked by the readers), as the schema module reads. */
  private static final StreamReadConstraints LIMITS = JsonLimits.constraints();

  /**
   * The factory a call's arguments are parsed with: without Jackson's duplicate detection, which
   * allocates a set for every object read. The readers detect repeated properties themselves
   * ({@link ObjectShape} with bits, maps and free-form trees by key), with the same problem.
   */
  static final JsonFactory ARGUMENTS = JsonFactory.builder().streamReadConstraints(LIMITS).build();

  private ArgumentJson() {}

  private static int limit(String name, int fallback) {
    return Integer.getInteger("toolsmith.json." + name, fallback);
  }
}
