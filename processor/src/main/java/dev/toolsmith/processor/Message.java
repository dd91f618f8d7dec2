package dev.toolsmith.processor;

import javax.tools.Diagnostic.Kind;

/**
 * Every diagnostic the processor reports, with its kind; worded {@code @Tool <subject> must <rule>;
 * found <value>} and formatted with {@link String#format}. Tests name each constant they expect.
 */
enum Message {
  NAME_INVALID(Kind.ERROR, "@Tool name must match ^[a-zA-Z0-9_-]{1,64}$; found \"%s\""),
  NAME_DUPLICATE(
      Kind.ERROR,
      "@Tool name must be unique in one build; found \"%s\" on %s, already used by %s: give one of"
          + " them its own name with @Tool(name = \"...\")"),
  DESCRIPTION_MISSING(
      Kind.ERROR,
      "@Tool method must have a description (@Tool(description = ...) or a Javadoc summary); found"
          + " neither on %s"),
  HINTS_CONTRADICT(
      Kind.ERROR,
      "@Tool must not be both readOnly and destructive (a tool that only reads destroys nothing);"
          + " found readOnly = Hint.TRUE and destructive = Hint.TRUE on %s; drop one of them"),
  REQUIRES_ENV_UNCHECKED(
      Kind.WARNING,
      "@Tool requiresEnv must come with a check that decides whether the tool is available"
          + " (requiresEnv only informs); found requiresEnv %s and no check on %s, so the tool is"
          + " offered while they are unset: add check = RequiresEnvCheck.class"
          + " (dev.toolsmith.runtime.availability), or a check of your own"),
  JAVADOC_PARAM_UNKNOWN(
      Kind.WARNING,
      "@Tool Javadoc @param must name a parameter of %s; found @param %s, which names none, so"
          + " its text describes nothing: did you mean %s?"),
  JAVADOC_PARAM_NO_PARAMETERS(
      Kind.WARNING,
      "@Tool Javadoc @param must name a parameter of %s; found @param %s, and it has none"),
  TITLE_BLANK(Kind.ERROR, "@Tool title must not be blank; found \"%s\""),
  KEYWORD_BLANK(Kind.ERROR, "@Tool keywords must not be blank; found \"%s\""),
  TOOLSET_BLANK(Kind.ERROR, "@Tool toolset must not be blank; found \"%s\""),
  MAX_RESULT_CHARS_INVALID(
      Kind.ERROR, "@Tool maxResultChars must be positive or -1 (the registry's default); found %d"),
  APPROVAL_ON_READ_ONLY(
      Kind.WARNING,
      "@Tool requiresApproval must not be set on a tool marked readOnly = Hint.TRUE; found it on"
          + " %s: asking before a call that changes nothing trains people to approve without"
          + " reading; drop requiresApproval, or the readOnly hint if the tool does change"
          + " something"),
  DESTRUCTIVE_WITHOUT_APPROVAL(
      Kind.WARNING,
      "@Tool destructive tool must declare requiresApproval = true in a build with"
          + " -Atoolsmith.approval=explicit; found %s marked destructive = Hint.TRUE without it:"
          + " add requiresApproval = true"),
  DEADLINE_NOT_POSITIVE(
      Kind.ERROR, "@Tool deadlineMillis must be positive (leave it out for no deadline); found %d"),
  METHOD_PRIVATE(
      Kind.ERROR,
      "@Tool method must not be private (generated code calls it directly); found private %s"),
  METHOD_GENERIC(Kind.ERROR, "@Tool method must not declare type parameters; found %s"),
  METHOD_ABSTRACT(
      Kind.ERROR,
      "@Tool method must not be abstract unless its class is @BindInstance; found abstract %s"),
  OWNER_UNREACHABLE(
      Kind.ERROR,
      "@Tool method must be in a class generated code can reach (not private, local, anonymous or a"
          + " non-static inner class); found %s"),
  OWNER_NOT_INSTANTIABLE(
      Kind.ERROR,
      "@Tool instance method must be in a class with an accessible no-arg constructor, or one"
          + " marked @BindInstance; found %s"),
  CONSTRUCTOR_THROWS_CHECKED(
      Kind.ERROR,
      "@Tool class %s must have a no-arg constructor that throws no checked exception (generated"
          + " code calls it); found throws %s: catch it inside, or mark the class @BindInstance and"
          + " bind an instance"),
  TYPE_ARGUMENT_CONSTRAINT(
      Kind.ERROR,
      "@Tool property must not put %s on a type argument or array element, where it would be"
          + " ignored; found %s: constrain the items with a record element type whose component"
          + " carries it"),
  ENUM_JSON_NAME_DUPLICATE(
      Kind.ERROR, "@JsonName must be unique among the constants of enum %s; found \"%s\" twice"),
  OWNER_GENERIC(
      Kind.ERROR, "@Tool instance method must be in a class without type parameters; found %s"),
  CHECK_NOT_ACCESSIBLE(
      Kind.ERROR,
      "@Tool check must be a class or interface the tool's package can name (not private, local"
          + " or a non-static inner class); found %s"),
  SCHEMA_OVERRIDES_NOT_ACCESSIBLE(
      Kind.ERROR,
      "@Tool schemaOverrides must be a class or interface the tool's package can name (not"
          + " private, local or a non-static inner class); found %s"),
  SCHEMA_OVERRIDES_NOT_A_MAP_SUPPLIER(
      Kind.ERROR,
      "@Tool schemaOverrides must be a Supplier of Map<String, ?> (the keys and values merged into"
          + " the definition); found %s; implement Supplier<Map<String, Object>>"),
  CONTEXT_DUPLICATE(
      Kind.ERROR, "@Tool method must have at most one ToolContext parameter; found %d"),
  TYPE_RAW(
      Kind.ERROR,
      "@Tool %s type must have its type arguments (the schema is made from them); found raw %s:"
          + " give it type arguments, such as %s"),
  PARAMETER_TYPE_UNSUPPORTED(
      Kind.ERROR,
      "@Tool parameter must be of a supported type (" + Supported.TYPES + "); found %s"),
  RETURN_TYPE_UNSUPPORTED(
      Kind.ERROR,
      "@Tool return type must be void, String or a supported type ("
          + Supported.TYPES
          + "), or a CompletionStage of one; found %s"),
  TYPE_INACCESSIBLE(
      Kind.ERROR, "@Tool parameter and return types must be accessible from package %s; found %s"),
  UNION_VARIANT_NOT_RECORD(Kind.ERROR, "@Tool sealed interface must permit only records; found %s"),
  UNION_RECURSIVE(
      Kind.ERROR,
      "@Tool sealed interface must not contain itself (recursive records are supported, recursive"
          + " sealed interfaces are not); found %s"),
  UNION_VALUE_DUPLICATE(
      Kind.ERROR,
      "@Tool sealed interface must give each record its own discriminator value; found \"%s\" twice"
          + " in %s"),
  UNION_DISCRIMINATOR_CLASH(
      Kind.ERROR,
      "@Tool sealed interface's records must not have a component named like the discriminator;"
          + " found \"%s\" in %s"),
  TYPE_UNRESOLVED(
      Kind.ERROR,
      "@Tool method must use only types that exist once annotation processing is over; found %s"),
  PRIMITIVE_NOT_REQUIRED(
      Kind.ERROR,
      "@Tool property of a primitive type must be required (use its box or Optional); found %s"
          + " marked %s"),
  BOUNDS_INVERTED(Kind.ERROR, "@Param minimum must not exceed maximum; found %s > %s"),
  CONSTRAINT_NOT_APPLICABLE(Kind.ERROR, "@Param %s must be on %s property; found %s"),
  PATTERN_INVALID(
      Kind.ERROR,
      "@Param pattern must be an ECMA-262 regular expression, as JSON Schema's pattern is; found"
          + " \"%s\" (%s)"),
  LIMITS_INVERTED(Kind.ERROR, "@Param %s must not exceed %s; found %d > %d"),
  LIMIT_NEGATIVE(Kind.ERROR, "@Param %s must be -1 (none) or at least 0; found %d"),
  DECIMAL_INVALID(
      Kind.ERROR, "a decimal bound must be a decimal number such as 0.01 or -1e3; found \"%s\""),
  CONSTRAINT_NOT_FINITE(
      Kind.ERROR, "@Param %s must be a finite number (leave it unset for no bound); found %s"),
  ADAPTER_NAME_CLASH(
      Kind.ERROR, "@Tool classes must have distinct adapter names; found %s for both %s and %s"),
  FORMAT_UNCHECKED(
      Kind.ERROR,
      "@Param format must be one the generated reader checks (date, date-time, duration, email,"
          + " uri, uuid); found \"%s\""),
  MULTIPLE_OF_INVALID(Kind.ERROR, "@Param multipleOf must be positive; found %s"),
  VALUE_INVALID(Kind.ERROR, "@Param %s must be a valid %s; found \"%s\""),
  VALUE_BREAKS_CONSTRAINTS(Kind.ERROR, "@Param %s must satisfy the property's own %s; found %s"),
  JSON_NAME_DUPLICATE(
      Kind.ERROR,
      "@Param name must be unique among the properties of one object; found \"%s\" twice"),
  JSON_NAME_INVALID(Kind.ERROR, "@Param name must not be blank; found \"%s\""),
  STRICT_IMPOSSIBLE(
      Kind.WARNING,
      "@Tool(strict = true) must have a shape OpenAI strict mode can express (no open map or"
          + " free-form JSON value); found %s, so the tool is emitted non-strict"),
  TOOLS_AFTER_INDEX(
      Kind.ERROR,
      "@Tool methods must all exist before the build's tool index is written (a processor generated"
          + " this class after a round without new tools); found %s"),
  INDEX_NOT_PROVIDED(
      Kind.ERROR,
      "@Tool classes in named module %s must be found by ServiceLoader, which ignores"
          + " META-INF/services in a named module; add to module-info.java: provides %s with %s;"),
  PROCESSOR_FAILED(
      Kind.ERROR, "@Tool processing must not fail, but it did; please report this: %s");

  private final Kind kind;
  private final String format;

  Message(Kind kind, String format) {
    this.kind = kind;
    this.format = format;
  }

  /** Whether javac reports it as an error (the build fails) or a warning. */
  Kind kind() {
    return kind;
  }

  /** The message with its placeholders filled in. */
  String text(Object... args) {
    return String.format(format, args);
  }

  /** The types a tool may take and return, named in two messages. */
  private static final class Supported {
    static final String TYPES =
        "boolean, int, long, double, float, short, byte, char and their boxes, String, enums,"
            + " BigDecimal, BigInteger, UUID, URI, LocalDate, LocalTime, LocalDateTime,"
            + " OffsetDateTime, ZonedDateTime, Instant, Duration, JsonNode, records, sealed"
            + " interfaces of records, List, Set, Collection, arrays, Map<String or enum, ?>,"
            + " Optional, OptionalInt, OptionalLong and OptionalDouble of those";
  }
}
