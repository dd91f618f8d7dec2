/**
 * Toolsmith tools inside Spring AI's tool-calling loop: {@link
 * dev.toolsmith.springai.ToolsmithToolCallbackProvider} offers a {@code ToolRegistry}'s tools as
 * Spring AI {@code ToolCallback}s whose definitions carry the generated schema text unchanged and
 * whose calls go to {@code ToolRegistry.dispatch}. Only JSON text crosses the bridge, so Spring
 * AI's Jackson 3 and the runtime's Jackson 2 sit side by side.
 */
@NullMarked
package dev.toolsmith.springai;

import org.jspecify.annotations.NullMarked;
