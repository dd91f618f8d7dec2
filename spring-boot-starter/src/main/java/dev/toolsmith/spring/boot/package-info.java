/**
 * Spring Boot auto-configuration for Toolsmith: {@link
 * dev.toolsmith.spring.boot.ToolsmithAutoConfiguration} builds a {@code ToolRegistry} by discovery,
 * with {@code @BindInstance} tool classes taken from the application context, and offers its tools
 * to Spring AI as a {@code ToolCallbackProvider}; {@link
 * dev.toolsmith.spring.boot.ToolsmithProperties} holds the {@code toolsmith.*} properties.
 */
@NullMarked
package dev.toolsmith.spring.boot;

import org.jspecify.annotations.NullMarked;
