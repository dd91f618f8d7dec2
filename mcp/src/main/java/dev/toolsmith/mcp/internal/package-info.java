/**
 * What the MCP client and the MCP server of this module share: the one JSON mapping and the name
 * they give in the handshake. Public for those two packages only; not API.
 */
@NullMarked
package dev.toolsmith.mcp.internal;

import org.jspecify.annotations.NullMarked;
