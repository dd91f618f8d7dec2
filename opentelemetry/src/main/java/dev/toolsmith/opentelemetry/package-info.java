/**
 * Tool calls as OpenTelemetry traces and metrics: {@link
 * dev.toolsmith.opentelemetry.ToolsmithTelemetry}, a {@link
 * dev.toolsmith.runtime.observation.ToolObserver} that follows the GenAI semantic conventions for
 * tool execution.
 */
@NullMarked
package dev.toolsmith.opentelemetry;

import org.jspecify.annotations.NullMarked;
