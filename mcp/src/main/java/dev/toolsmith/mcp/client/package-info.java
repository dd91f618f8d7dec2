/**
 * MCP both ways on the official Java SDK: configured servers' tools registered in a {@link
 * dev.toolsmith.runtime.ToolRegistry}, and a registry served to MCP clients over stdio or over a
 * Streamable HTTP transport provider (the {@code toolsmith-mcp-http} module brings an HTTP server).
 */
@NullMarked
package dev.toolsmith.mcp;

import org.jspecify.annotations.NullMarked;
