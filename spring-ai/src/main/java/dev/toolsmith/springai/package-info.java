/**
 * Toolsmith tools inside Spring AI's tool-calling loop: {@link
 * dev.toolsmith.springai.ToolsmithToolCallbackProvider} offers a {@code ToolRegistry}'s tools as
 * Spring AI {@code ToolCallback}s whose definitions carry the generated schema text unchanged and
 * whose calls go to {@code ToolRegistry.dispatch}. Only JSON text crosses the bridge, so Spring
 * AI's Jackson 3 and the runtime's Jackson 2 sit side by side. {@link
 * dev.toolsmith.springai.ToolsmithToolSearch} puts the registry's tool search in front of the
 * model: a {@code search_tools} callback, and an advisor that lists only the tools found so far.
 */
@NullMarked
package dev.toolsmith.springai;

import org.jspecify.annotations.NullMarked;
