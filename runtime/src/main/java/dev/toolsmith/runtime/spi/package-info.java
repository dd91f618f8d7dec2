/**
 * What extenders implement: the generated {@link dev.toolsmith.runtime.spi.ToolIndex}, and {@link
 * dev.toolsmith.runtime.spi.ToolSource}s that bring tools from elsewhere with their configuration
 * section.
 */
@NullMarked
package dev.toolsmith.runtime.spi;

import org.jspecify.annotations.NullMarked;
