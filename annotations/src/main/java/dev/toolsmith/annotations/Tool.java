package dev.toolsmith.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Marks a method as a tool an LLM agent may call; the Toolsmith processor generates its schema and
 * adapter.
 *
 * <p>The method may be static, or an instance method of a class that has an accessible no-arg
 * constructor or is marked {@link BindInstance}. Its parameters are either one record, whose
 * components are the tool's properties, or plain parameters, each a property. A parameter of type
 * {@code dev.toolsmith.runtime.tool.ToolContext} is injected by the runtime and is not part of the
 * schema.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Tool {

  /** Value of {@link #maxResultChars()} that means "the registry's default". */
  int DEFAULT_MAX_RESULT_CHARS = -1;

  /** Value of {@link #maxResultChars()} that means "never cut this tool's result". */
  int UNBOUNDED_RESULT_CHARS = Integer.MAX_VALUE;

  /** The tool's name as the model sees it; defaults to the method name in snake_case. */
  String name() default "";

  /**
   * What the tool does, for the model; defaults to the summary sentence of the method's Javadoc.
   */
  String description() default "";

  /** The toolset this tool belongs to; tools are enabled and selected per toolset. */
  String toolset() default "default";

  /**
   * An emoji shown next to the tool in listings and progress output; empty means the runtime
   * default.
   */
  String emoji() default "";

  /** The largest result, in characters, the model should receive from this tool. */
  int maxResultChars() default DEFAULT_MAX_RESULT_CHARS;

  /**
   * How long one call may run, in milliseconds; 0 (the default) for no deadline of its own. At
   * expiry the call is cancelled (an async tool's future, a synchronous tool's thread interrupted)
   * and the model told it timed out. A registry's guards may configure another for the tool.
   */
  long deadlineMillis() default 0;

  /**
   * Whether every call of this tool needs approval, whatever its hints: a registry whose guards
   * include approval asks its approval handler before running it.
   */
  boolean requiresApproval() default false;

  /** Environment variables the tool needs; reported with its availability. */
  String[] requiresEnv() default {};

  /**
   * The tool's availability check: its {@code getAsBoolean()} says whether the tool can be offered
   * now. The instance comes from the registry's bindings when they hold one (so it can be given
   * what it checks), else the generated code creates it with its no-argument constructor; a check
   * class without one must be bound. Tools naming the same class share one instance, run once per
   * listing. {@code BooleanSupplier.class} itself means "no check".
   */
  Class<? extends BooleanSupplier> check() default BooleanSupplier.class;

  /**
   * A per-listing override of this tool's definition: a {@code Supplier<Map<String, ?>>} whose map
   * is merged shallowly into the definition each time the registry lists its tools, {@code
   * "description"} (a string) and {@code "parameters"} (a JSON Schema as text or as a map), e.g. a
   * description or an enum that reflects current limits. One that throws or returns nothing leaves
   * the static definition. The instance comes from the registry's bindings when they hold one, else
   * the generated code creates it with its no-argument constructor. {@code Supplier.class} itself
   * means "none".
   */
  @SuppressWarnings("rawtypes")
  Class<? extends Supplier> schemaOverrides() default Supplier.class;

  /**
   * Whether providers with a strict mode (OpenAI) get this tool's strict schema: every property
   * required, optional ones nullable, no unsupported keywords. A tool whose shape cannot be strict
   * (an open map, a free-form JSON value) is a compile warning and is emitted non-strict.
   */
  boolean strict() default false;

  /** A human-readable name for the tool, shown by clients instead of its name; empty for none. */
  String title() default "";

  /**
   * Whether the tool only reads (changes nothing in its environment). MCP's {@code readOnlyHint}; a
   * read-only tool cannot also be {@link #destructive()}.
   */
  Hint readOnly() default Hint.UNSPECIFIED;

  /**
   * Whether the tool may destroy or overwrite something (rather than only add). MCP's {@code
   * destructiveHint}, which clients assume true when it is not said.
   */
  Hint destructive() default Hint.UNSPECIFIED;

  /** Whether calling the tool again with the same arguments has no further effect. */
  Hint idempotent() default Hint.UNSPECIFIED;

  /**
   * Whether the tool reaches an open world (the web, other people's systems) rather than a closed
   * one (a local workspace, its own memory). MCP's {@code openWorldHint}.
   */
  Hint openWorld() default Hint.UNSPECIFIED;

  /**
   * Words a user might search for that the tool's name and description do not say: synonyms,
   * product names, the task in other words ({@code {"checksum", "sha256", "digest"}}). Only tool
   * search reads them ({@code ToolRegistry.search}); the model's definition does not carry them.
   * Each must be non-blank.
   */
  String[] keywords() default {};

  /**
   * Whether a listing that defers its tools behind a search (tool search) may defer this one.
   * {@code false}: the tool's definition is always sent in full, even when the others are deferred,
   * as if the deferral policy named it. The tool stays callable either way.
   */
  boolean deferred() default true;
}
