package dev.toolsmith.runtime.spi;

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

  /**
   * The configuration section this source declares and reads, e.g. {@code mcp_servers} for the MCP
   * module: a top-level key of the configuration that neither the runtime nor a source found
   * declares is reported as unknown.
   */
  String section();

  /**
   * Registers this source's tools. A failure of one origin should be reported with {@link
   * ToolSourceContext#failed} and the others loaded; an exception thrown here is logged and
   * reported against the whole source, and discovery goes on with the next one.
   */
  void load(ToolSourceContext context) throws Exception;
}
