/**
 * A tool's definition as each provider reads it: {@link
 * dev.toolsmith.schema.definition.DefinitionFormat} names a provider's shape and writes a {@link
 * dev.toolsmith.schema.definition.ToolDefinition} (what a definition shows of one tool) in it, with
 * the tool's {@link dev.toolsmith.schema.definition.ToolHints}. The runtime lists a registry's
 * tools with these writers; the processor counts each definition's tokens on the same text at
 * compile time.
 */
@NullMarked
package dev.toolsmith.schema.definition;

import org.jspecify.annotations.NullMarked;
