/**
 * The Toolsmith annotation processor: {@link dev.toolsmith.processor.ToolProcessor} reads and
 * validates {@code @Tool} methods into an immutable model, then generates per owning class an
 * adapter and per compilation a {@code ToolIndex}, its service entry and schema resources.
 */
@NullMarked
package dev.toolsmith.processor;

import org.jspecify.annotations.NullMarked;
