/**
 * The annotations a tool class carries: {@link dev.toolsmith.annotations.Tool} on each tool method,
 * {@link dev.toolsmith.annotations.Param} for a property's schema constraints, and the naming and
 * binding annotations the Toolsmith processor reads at compile time.
 */
@NullMarked
package dev.toolsmith.annotations;

import org.jspecify.annotations.NullMarked;
