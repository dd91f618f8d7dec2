/**
 * The Toolsmith runtime: the tool registry and its entries ({@code dev.toolsmith.runtime}); what a
 * tool's code sees ({@code .tool}), availability checks ({@code .availability}), a call's answer
 * ({@code .result}), what observers are told ({@code .observation}) and the guards a call passes
 * ({@code .guard}); what extenders implement ({@code .spi}), discovery with its configuration
 * ({@code .discovery}), tool search ({@code .search}) and deferred definitions ({@code .deferral}).
 * Generated code calls {@code dev.toolsmith.runtime.support}, which is not API; {@code .internal}
 * is not exported.
 */
module dev.toolsmith.runtime {
  // The support package's signatures (generated readers and writers) use jackson-core's types.
  requires transitive com.fasterxml.jackson.core;
  // The provider dialects, the pattern engine, string formats, JSON limits and the definition
  // writers. Transitive: the API names DefinitionFormat and ToolHints, and the support package's
  // signatures take its bounds records (NumberBounds, LengthBounds, ItemBounds).
  requires transitive dev.toolsmith.schema;
  // To read a toolsmith.yaml configuration (its event parser only; it requires java.base alone).
  requires org.yaml.snakeyaml;
  // Only for tools with JsonNode properties or results, whose code has databind anyway.
  requires static com.fasterxml.jackson.databind;
  // jtokkit (exact o200k_base token counts) names no module: it is read from the class path, where
  // the runtime is compiled to read it; on the module path a definition's count is an estimate.
  // @NullMarked and @Nullable: read by nullness checkers at compile time, never needed at run
  // time. Transitive at compile time, as the Maven dependency passes the jar on: users' checkers
  // see the API's nullness.
  requires static transitive org.jspecify;

  exports dev.toolsmith.runtime;
  exports dev.toolsmith.runtime.tool;
  exports dev.toolsmith.runtime.availability;
  exports dev.toolsmith.runtime.result;
  exports dev.toolsmith.runtime.observation;
  exports dev.toolsmith.runtime.guard;
  exports dev.toolsmith.runtime.spi;
  exports dev.toolsmith.runtime.discovery;
  exports dev.toolsmith.runtime.search;
  exports dev.toolsmith.runtime.deferral;
  exports dev.toolsmith.runtime.support;

  uses dev.toolsmith.runtime.spi.ToolIndex;
  uses dev.toolsmith.runtime.spi.ToolSource;
  uses dev.toolsmith.runtime.search.ToolRankerFactory;

  provides dev.toolsmith.runtime.search.ToolRankerFactory with
      dev.toolsmith.runtime.search.LexicalRankerFactory;
}
