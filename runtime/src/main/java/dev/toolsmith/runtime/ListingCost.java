package dev.toolsmith.runtime;

/**
 * What a listing of definitions costs the request it goes into, as {@link
 * ToolRegistry#listingCost(java.util.Collection, DefinitionFormat)} measures it.
 *
 * @param tools how many tools the listing holds (the named tools that are available)
 * @param chars the length of the listing's JSON text
 * @param tokens the sum of the listed definitions' tokens (see {@link
 *     ToolEntry#definitionTokens(DefinitionFormat)}), counted on first need and kept per
 *     definition; the array's brackets and commas add about one token per tool
 * @param exact whether {@code tokens} are o200k_base counts (jtokkit is on the class path) rather
 *     than the estimate of a token per four characters
 */
public record ListingCost(int tools, int chars, long tokens, boolean exact) {}
