package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;

/**
 * Every Toolsmith type the generated code names (runtime and schema module), in one place; {@code
 * RuntimeTypesTest} loads each one, so a class renamed or moved fails the processor's build, not a
 * user's.
 */
final class RuntimeTypes {

  private static final String RUNTIME = "dev.toolsmith.runtime";
  private static final String SPI = RUNTIME + ".spi";

  /** The package of what a tool's code sees: its handler and each call's context. */
  private static final String TOOL = RUNTIME + ".tool";

  /** The package of the types only generated code calls. */
  private static final String SUPPORT = RUNTIME + ".support";

  static final ClassName TOOL_ENTRY = ClassName.get(RUNTIME, "ToolEntry");
  static final ClassName BINDINGS = ClassName.get(RUNTIME, "Bindings");
  static final ClassName TOOL_INDEX = ClassName.get(SPI, "ToolIndex");
  static final ClassName TOOL_HANDLER = ClassName.get(TOOL, "ToolHandler");
  static final ClassName TOOL_CONTEXT = ClassName.get(TOOL, "ToolContext");

  /** A generated handler is where its tool's search terms are read from. */
  static final ClassName SEARCH_TERMS_SOURCE = ClassName.get(SUPPORT, "SearchTermsSource");

  static final ClassName PRECOMPUTED_TERMS = ClassName.get(SUPPORT, "PrecomputedTerms");

  static final ClassName GENERATED_ADAPTER = ClassName.get(SUPPORT, "GeneratedAdapter");
  static final ClassName GENERATED_INDEX = ClassName.get(SUPPORT, "GeneratedIndex");
  static final ClassName ARGUMENT_READER = ClassName.get(SUPPORT, "ArgumentReader");
  static final ClassName OBJECT_SHAPE = ClassName.get(SUPPORT, "ObjectShape");
  static final ClassName NUMBER_CHECK = ClassName.get(SUPPORT, "NumberCheck");
  static final ClassName VALUE_READER = ClassName.get(SUPPORT, "ValueReader");
  static final ClassName VALUE_WRITER = ClassName.get(SUPPORT, "ValueWriter");
  static final ClassName READERS = ClassName.get(SUPPORT, "Readers");
  static final ClassName WRITERS = ClassName.get(SUPPORT, "Writers");
  static final ClassName CONSTRAINTS = ClassName.get(SUPPORT, "Constraints");
  static final ClassName SCALARS = ClassName.get(SUPPORT, "Scalars");
  static final ClassName VALUES = ClassName.get(SUPPORT, "Values");
  static final ClassName JSON_NODES = ClassName.get(SUPPORT, "JsonNodes");
  static final ClassName RESULT_TEXT = ClassName.get(SUPPORT, "ResultText");
  static final ClassName FAILING_CHECK = ClassName.get(SUPPORT, "FailingCheck");
  static final ClassName FAILING_OVERRIDES = ClassName.get(SUPPORT, "FailingOverrides");

  private static final String SCHEMA = "dev.toolsmith.schema";

  static final ClassName NUMBER_BOUNDS = ClassName.get(SCHEMA, "NumberBounds");
  static final ClassName LENGTH_BOUNDS = ClassName.get(SCHEMA, "LengthBounds");
  static final ClassName ITEM_BOUNDS = ClassName.get(SCHEMA, "ItemBounds");

  /** The package of a tool's definition in each provider's shape. */
  private static final String DEFINITION = SCHEMA + ".definition";

  static final ClassName TOOL_HINTS = ClassName.get(DEFINITION, "ToolHints");
  static final ClassName TOOL_DEFINITION = ClassName.get(DEFINITION, "ToolDefinition");

  private RuntimeTypes() {}
}
