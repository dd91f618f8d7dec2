/**
 * A {@link dev.toolsmith.runtime.ToolRegistry} served to MCP clients: {@link
 * dev.toolsmith.mcp.server.McpRegistryServer} on stdio, or on a Streamable HTTP transport provider
 * (the {@code toolsmith-mcp-http} module brings an HTTP server).
 */
@NullMarked
package dev.toolsmith.mcp.server;

import org.jspecify.annotations.NullMarked;
