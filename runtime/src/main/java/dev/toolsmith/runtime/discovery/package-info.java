/**
 * Discovery: fills a registry from the generated indexes on the class path, the {@link
 * dev.toolsmith.runtime.spi.ToolSource sources} other modules plug in, and plugin jars, as {@code
 * toolsmith.yaml} configures it, and reports what each phase loaded.
 */
@NullMarked
package dev.toolsmith.runtime.discovery;

import org.jspecify.annotations.NullMarked;
