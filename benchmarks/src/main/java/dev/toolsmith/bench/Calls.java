package dev.toolsmith.bench;

/**
 * The calls every contender gets: the same tool of each generated set and the same JSON arguments,
 * once for a small argument shape and once for a nested one.
 */
final class Calls {

  /** Shape 0 of the generated sets: two scalars and a string, returns a String. */
  static final String SMALL_TOOL = "search_docs_0";

  static final String SMALL_ARGS =
      "{\"query\":\"quarterly report\",\"limit\":10,\"exactMatch\":false}";

  /** Shape 1: an enum, a list, a nested record and a list of records, returns a record. */
  static final String NESTED_TOOL = "create_docs_1";

  static final String NESTED_ARGS =
      "{\"title\":\"Design review\",\"priority\":\"HIGH\","
          + "\"tags\":[\"design\",\"q3\",\"архитектура\"],"
          + "\"location\":{\"city\":\"Berlin\",\"latitude\":52.52,\"longitude\":13.405},"
          + "\"attendees\":[{\"email\":\"ada@example.com\",\"name\":\"Ada\",\"optional\":false},"
          + "{\"email\":\"linus@example.com\",\"name\":\"Linus\",\"optional\":true},"
          + "{\"email\":\"grace@example.com\",\"name\":\"Grace\",\"optional\":false}]}";

  /** The set the dispatch benchmarks load their tools from. */
  static final int DISPATCH_SET = 50;

  private Calls() {}
}
