/**
 * What tool search reads of a tool, made alike at compile time and at run time: the analysis of
 * text into search terms ({@link dev.toolsmith.schema.search.SearchTerms}, versioned), a tool's
 * analysed fields and their compact written form ({@link dev.toolsmith.schema.search.ToolTerms}),
 * and the parameters of a schema ({@link dev.toolsmith.schema.search.SchemaProperties}).
 */
@NullMarked
package dev.toolsmith.schema.search;

import org.jspecify.annotations.NullMarked;
