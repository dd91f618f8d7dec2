/**
 * The Toolsmith runtime: the tool registry ({@code dev.toolsmith.runtime}), what extenders
 * implement ({@code .spi}) and discovery with its configuration ({@code .discovery}). Generated
 * code calls {@code dev.toolsmith.runtime.support}, which is not API.
 */
module dev.toolsmith.runtime {
  // The support package's signatures (generated readers and writers) use jackson-core's types.
  requires transitive com.fasterxml.jackson.core;
  // The provider dialects, the pattern engine, string formats and JSON limits. Transitive: the
  // support package's signatures take its bounds records (NumberBounds, LengthBounds, ItemBounds).
  requires transitive dev.toolsmith.schema;
  // Only to read a toolsmith.yaml configuration: add the module to do so on the module path.
  requires static com.fasterxml.jackson.dataformat.yaml;
  // Its parser's options (the code point limit), with it.
  requires static org.yaml.snakeyaml;
  // Only for tools with JsonNode properties or results, whose code has databind anyway.
  requires static com.fasterxml.jackson.databind;
  // @NullMarked and @Nullable: read by nullness checkers at compile time, never needed at run
  // time. Transitive at compile time, as the Maven dependency passes the jar on: users' checkers
  // see the API's nullness.
  requires static transitive org.jspecify;

  exports dev.toolsmith.runtime;
  exports dev.toolsmith.runtime.tool;
  exports dev.toolsmith.runtime.availability;
  exports dev.toolsmith.runtime.result;
  exports dev.toolsmith.runtime.observation;
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
