package dev.toolsmith.runtime;

/**
 * What a listing of definitions costs the request it goes into, as {@link
 * ToolRegistry#listingCost(java.util.Collection, DefinitionFormat)} measures it.
 *
 * @param tools how many tools the listing holds (the named tools that are available)
 * @param chars the length of the listing's JSON text
 * @param tokens the sum of the listed tools' compile-time token counts (o200k_base; see {@link
 *     ToolEntry#definitionTokens(DefinitionFormat)}); the array's brackets and commas add about one
 *     token per tool, and the tools in {@code uncounted} are not in it
 * @param uncounted how many listed tools have no count (not compiled by the processor, or with
 *     schema overrides)
 */
public record ListingCost(int tools, int chars, long tokens, int uncounted) {

  /** Whether every listed tool's tokens are in {@link #tokens()}. */
  public boolean fullyCounted() {
    return uncounted == 0;
  }
}
