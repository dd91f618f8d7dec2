package dev.toolsmith.runtime.spi;

import dev.toolsmith.runtime.discovery.ToolsmithConfig;

/**
 * Phase 2 of discovery: a module that brings tools from elsewhere (the MCP module: each configured
 * server's tools), found through {@link java.util.ServiceLoader} so the runtime depends on none.
 *
 * <p>{@link #load} receives the source's own configuration section and registers each of its
 * origins (e.g. each server) through the {@link ToolSourceContext}, which applies the override
 * policy and records the report. The context stays usable afterwards, for sources whose tools
 * change (an MCP server's {@code tools/list_changed}).
 */
public interface ToolSource {

  /** The configuration section this source reads, e.g. {@value ToolsmithConfig#MCP_SERVERS}. */
  String section();

  /**
   * Registers this source's tools. A failure of one origin should be reported with {@link
   * ToolSourceContext#failed} and the others loaded; an exception thrown here is logged and
   * reported against the whole source, and discovery goes on with the next one.
   */
  void load(ToolSourceContext context) throws Exception;
}
