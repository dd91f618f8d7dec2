/**
 * Toolsmith's JSON Schema support (provider dialects, the ECMA-262 regex engine, string formats),
 * each provider's shape of a tool's definition, and the analysis of a tool's search terms, shared
 * by the processor and the runtime. jackson-core only.
 */
module dev.toolsmith.schema {
  // JsonLimits.constraints() returns a jackson-core type.
  requires transitive com.fasterxml.jackson.core;
  // @NullMarked and @Nullable: for nullness checkers at compile time only.
  requires static transitive org.jspecify;

  exports dev.toolsmith.schema;
  exports dev.toolsmith.schema.definition;
  exports dev.toolsmith.schema.search;
}
