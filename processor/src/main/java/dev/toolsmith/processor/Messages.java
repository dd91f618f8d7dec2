package dev.toolsmith.processor;

/**
 * Every diagnostic the processor reports, worded {@code @Tool <subject> must <rule>; found <value>}
 * and formatted with {@link String#format}; tests assert these texts.
 */
final class Messages {

  private Messages() {}

  static final String NAME_INVALID = "@Tool name must match ^[a-zA-Z0-9_-]{1,64}$; found \"%s\"";

  static final String NAME_DUPLICATE =
      "@Tool name must be unique in one build; found \"%s\", already used by %s";

  static final String DESCRIPTION_MISSING =
      "@Tool method must have a description (@Tool(description = ...) or a Javadoc summary); found"
          + " neither on %s";

  static final String HINTS_CONTRADICT =
      "@Tool must not be both readOnly and destructive (a tool that only reads destroys nothing);"
          + " found readOnly = Hint.TRUE and destructive = Hint.TRUE on %s; drop one of them";

  static final String TITLE_BLANK = "@Tool title must not be blank; found \"%s\"";

  static final String KEYWORD_BLANK = "@Tool keywords must not be blank; found \"%s\"";

  static final String TOOLSET_BLANK = "@Tool toolset must not be blank; found \"%s\"";

  static final String MAX_RESULT_CHARS_INVALID =
      "@Tool maxResultChars must be positive or -1 (the registry's default); found %d";

  static final String METHOD_PRIVATE =
      "@Tool method must not be private (generated code calls it directly); found private %s";

  static final String METHOD_GENERIC = "@Tool method must not declare type parameters; found %s";

  static final String METHOD_ABSTRACT =
      "@Tool method must not be abstract unless its class is @BindInstance; found abstract %s";

  static final String OWNER_UNREACHABLE =
      "@Tool method must be in a class generated code can reach (not private, local, anonymous or a"
          + " non-static inner class); found %s";

  static final String OWNER_NOT_INSTANTIABLE =
      "@Tool instance method must be in a class with an accessible no-arg constructor, or one"
          + " marked @BindInstance; found %s";

  static final String CONSTRUCTOR_THROWS_CHECKED =
      "@Tool class %s must have a no-arg constructor that throws no checked exception (generated"
          + " code calls it); found throws %s: catch it inside, or mark the class @BindInstance and"
          + " bind an instance";

  static final String TYPE_ARGUMENT_CONSTRAINT =
      "@Tool property must not put %s on a type argument or array element, where it would be"
          + " ignored; found %s: constrain the items with a record element type whose component"
          + " carries it";

  static final String ENUM_JSON_NAME_DUPLICATE =
      "@JsonName must be unique among the constants of enum %s; found \"%s\" twice";

  static final String OWNER_GENERIC =
      "@Tool instance method must be in a class without type parameters; found %s";

  static final String CHECK_NOT_ACCESSIBLE =
      "@Tool check must be a class or interface the tool's package can name (not private, local"
          + " or a non-static inner class); found %s";

  static final String SCHEMA_OVERRIDES_NOT_ACCESSIBLE =
      "@Tool schemaOverrides must be a class or interface the tool's package can name (not"
          + " private, local or a non-static inner class); found %s";

  static final String SCHEMA_OVERRIDES_NOT_A_MAP_SUPPLIER =
      "@Tool schemaOverrides must be a Supplier of Map<String, ?> (the keys and values merged into"
          + " the definition); found %s; implement Supplier<Map<String, Object>>";

  static final String CONTEXT_DUPLICATE =
      "@Tool method must have at most one ToolContext parameter; found %d";

  static final String SUPPORTED_TYPES =
      "boolean, int, long, double, float, short, byte, char and their boxes, String, enums,"
          + " BigDecimal, BigInteger, UUID, URI, LocalDate, LocalTime, LocalDateTime,"
          + " OffsetDateTime, ZonedDateTime, Instant, Duration, JsonNode, records, sealed"
          + " interfaces of records, List, Set, Collection, arrays, Map<String or enum, ?>,"
          + " Optional, OptionalInt, OptionalLong and OptionalDouble of those";

  static final String PARAMETER_TYPE_UNSUPPORTED =
      "@Tool parameter must be of a supported type (" + SUPPORTED_TYPES + "); found %s";

  static final String RETURN_TYPE_UNSUPPORTED =
      "@Tool return type must be void, String or a supported type ("
          + SUPPORTED_TYPES
          + "), or a CompletionStage of one; found %s";

  static final String TYPE_INACCESSIBLE =
      "@Tool parameter and return types must be accessible from package %s; found %s";

  static final String UNION_VARIANT_NOT_RECORD =
      "@Tool sealed interface must permit only records; found %s";

  static final String UNION_RECURSIVE =
      "@Tool sealed interface must not contain itself (recursive records are supported, recursive"
          + " sealed interfaces are not); found %s";

  static final String UNION_VALUE_DUPLICATE =
      "@Tool sealed interface must give each record its own discriminator value; found \"%s\" twice"
          + " in %s";

  static final String UNION_DISCRIMINATOR_CLASH =
      "@Tool sealed interface's records must not have a component named like the discriminator;"
          + " found \"%s\" in %s";

  static final String TYPE_UNRESOLVED =
      "@Tool method must use only types that exist once annotation processing is over; found %s";

  static final String PRIMITIVE_NOT_REQUIRED =
      "@Tool property of a primitive type must be required (use its box or Optional); found %s"
          + " marked %s";

  static final String BOUNDS_INVERTED = "@Param minimum must not exceed maximum; found %s > %s";

  static final String HINT_NOT_APPLICABLE = "@Param %s must be on %s property; found %s";

  static final String PATTERN_INVALID =
      "@Param pattern must be an ECMA-262 regular expression, as JSON Schema's pattern is; found"
          + " \"%s\" (%s)";

  static final String LIMITS_INVERTED = "@Param %s must not exceed %s; found %d > %d";

  static final String LIMIT_NEGATIVE = "@Param %s must be -1 (none) or at least 0; found %d";

  static final String DECIMAL_INVALID =
      "a decimal bound must be a decimal number such as 0.01 or -1e3; found \"%s\"";

  static final String HINT_NOT_FINITE =
      "@Param %s must be a finite number (leave it unset for no bound); found %s";

  static final String ADAPTER_NAME_CLASH =
      "@Tool classes must have distinct adapter names; found %s for both %s and %s";

  static final String FORMAT_UNCHECKED =
      "@Param format must be one the generated reader checks (date, date-time, duration, email,"
          + " uri, uuid); found \"%s\"";

  static final String MULTIPLE_OF_INVALID = "@Param multipleOf must be positive; found %s";

  static final String VALUE_INVALID = "@Param %s must be a valid %s; found \"%s\"";

  static final String VALUE_BREAKS_HINTS = "@Param %s must satisfy the property's own %s; found %s";

  static final String JSON_NAME_DUPLICATE =
      "@Param name must be unique among the properties of one object; found \"%s\" twice";

  static final String JSON_NAME_INVALID = "@Param name must not be blank; found \"%s\"";

  static final String STRICT_IMPOSSIBLE =
      "@Tool(strict = true) must have a shape OpenAI strict mode can express (no open map or"
          + " free-form JSON value); found %s, so the tool is emitted non-strict";

  static final String TOOLS_AFTER_INDEX =
      "@Tool methods must all exist before the build's tool index is written (a processor generated"
          + " this class after a round without new tools); found %s";

  static final String INDEX_NOT_PROVIDED =
      "@Tool classes in named module %s must be found by ServiceLoader, which ignores"
          + " META-INF/services in a named module; add to module-info.java: provides %s with %s;";

  static final String PROCESSOR_FAILED =
      "@Tool processing must not fail, but it did; please report this: %s";

  /** Reports {@code failure} as one error with its stack trace, so javac itself never crashes. */
  static void reportCrash(javax.annotation.processing.Messager messager, Throwable failure) {
    java.io.StringWriter trace = new java.io.StringWriter();
    failure.printStackTrace(new java.io.PrintWriter(trace));
    messager.printMessage(
        javax.tools.Diagnostic.Kind.ERROR, String.format(PROCESSOR_FAILED, trace));
  }
}
