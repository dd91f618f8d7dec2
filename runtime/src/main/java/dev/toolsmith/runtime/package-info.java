/**
 * The Toolsmith runtime: the {@link dev.toolsmith.runtime.ToolRegistry} that gathers tools, hands
 * the model their definitions and dispatches its calls.
 *
 * <p>Tools arrive through {@link dev.toolsmith.runtime.discovery.Discovery} in three phases: the
 * generated {@link dev.toolsmith.runtime.spi.ToolIndex indexes} on the class path, the {@link
 * dev.toolsmith.runtime.spi.ToolSource sources} other modules plug in (the MCP module), and plugin
 * jars. {@link dev.toolsmith.runtime.discovery.ToolsmithConfig} reads {@code toolsmith.yaml};
 * {@link dev.toolsmith.runtime.availability.CheckPolicy} and {@link
 * dev.toolsmith.runtime.result.ResultBudget} set how availability checks are cached and how large a
 * result may be.
 *
 * <p>The subpackages hold what other readers need, below the registry: {@code tool} what a tool's
 * code sees, {@code availability} the checks, {@code result} a call's answer and its bounds, {@code
 * observation} what observers are told; above it, {@code spi} what extenders implement, {@code
 * discovery} and {@code deferral}; {@code support} what generated code calls. The repository's
 * docs/LAYERS.md shows which package uses which.
 *
 * <p>The registry keeps the contracts of the tool registry of the Python agent Hermes Agent (called
 * "the reference contract" in this code): tools register themselves into one registry that knows
 * none of them, discovery survives any one source failing, each distinct availability check runs
 * once per listing, and {@code dispatch} always returns a string and never throws. The guide's
 * "Calling the registry" page lists where this library keeps them exactly and where it differs.
 */
@NullMarked
package dev.toolsmith.runtime;

import org.jspecify.annotations.NullMarked;
