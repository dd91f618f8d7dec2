/**
 * MCP both ways on the official Java SDK: configured servers' tools registered in a {@link
 * dev.toolsmith.runtime.ToolRegistry}, and a registry served to MCP clients over stdio or
 * Streamable HTTP.
 */
@NullMarked
package dev.toolsmith.mcp;

import org.jspecify.annotations.NullMarked;
