/**
 * A {@link dev.toolsmith.runtime.ToolRegistry} served to MCP clients over Streamable HTTP, on an
 * embedded Jetty that refuses foreign {@code Host} and {@code Origin} headers.
 */
@NullMarked
package dev.toolsmith.mcp.http;

import org.jspecify.annotations.NullMarked;
