/**
 * MCP servers' tools in a {@link dev.toolsmith.runtime.ToolRegistry}: {@link
 * dev.toolsmith.mcp.client.McpClients} connects the servers an application configures, and {@link
 * dev.toolsmith.mcp.client.McpToolSource} those of the {@code mcp_servers} section during
 * discovery.
 */
@NullMarked
package dev.toolsmith.mcp.client;

import org.jspecify.annotations.NullMarked;
