/**
 * Toolsmith tools in LangChain4j's AI services: {@link
 * dev.toolsmith.langchain4j.ToolsmithToolProvider} offers a {@code ToolRegistry}'s tools as {@code
 * ToolSpecification}s carrying the generated schema and {@code ToolExecutor}s that call {@code
 * ToolRegistry.dispatch}.
 */
@NullMarked
package dev.toolsmith.langchain4j;

import org.jspecify.annotations.NullMarked;
