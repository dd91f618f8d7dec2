/**
 * The Toolsmith runtime: the {@link dev.toolsmith.runtime.ToolRegistry} that gathers tools, hands
 * the model their definitions and dispatches its calls.
 *
 * <p>Tools arrive through {@link dev.toolsmith.runtime.discovery.Discovery} in three phases: the
 * generated {@link dev.toolsmith.runtime.spi.ToolIndex indexes} on the class path, the {@link
 * dev.toolsmith.runtime.spi.ToolSource sources} other modules plug in (the MCP module), and plugin
 * jars. {@link dev.toolsmith.runtime.discovery.ToolsmithConfig} reads {@code toolsmith.yaml};
 * {@link dev.toolsmith.runtime.CheckPolicy} and {@link dev.toolsmith.runtime.ResultBudget} set how
 * availability checks are cached and how large a result may be. The {@code support} subpackage
 * holds what generated code calls.
 */
@NullMarked
package dev.toolsmith.runtime;

import org.jspecify.annotations.NullMarked;
