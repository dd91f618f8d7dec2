/**
 * What one tool is made of apart from the registry, and what its code sees: the {@link
 * dev.toolsmith.runtime.tool.ToolHandler} that runs it, the {@link
 * dev.toolsmith.runtime.tool.ToolContext} of each call, the {@link
 * dev.toolsmith.runtime.tool.ArgumentProblem}s its argument reader reports in an {@link
 * dev.toolsmith.runtime.tool.InvalidArgumentsException}, and the {@link
 * dev.toolsmith.runtime.tool.ToolOrigin} it was registered from.
 */
@NullMarked
package dev.toolsmith.runtime.tool;

import org.jspecify.annotations.NullMarked;
