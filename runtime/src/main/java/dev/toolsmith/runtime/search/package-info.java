/**
 * Tool search: the documents a ranker matches queries against, and the ranker SPI. The lexical
 * ranker lives here; others come from optional modules through {@link
 * dev.toolsmith.runtime.search.ToolRankerFactory}.
 */
@NullMarked
package dev.toolsmith.runtime.search;

import org.jspecify.annotations.NullMarked;
