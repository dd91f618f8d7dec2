/**
 * What an observer of a registry sees: a {@link dev.toolsmith.runtime.observation.ToolObserver} is
 * told of each {@link dev.toolsmith.runtime.observation.ToolCall} as it begins and of how it ended,
 * and of each {@link dev.toolsmith.runtime.observation.ToolListing}; for logs, traces and metrics.
 */
@NullMarked
package dev.toolsmith.runtime.observation;

import org.jspecify.annotations.NullMarked;
