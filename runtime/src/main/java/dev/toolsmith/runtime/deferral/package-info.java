/**
 * Deferred definitions: a request offers the model a few tools and a way to search for the rest, in
 * each provider's own form ({@link dev.toolsmith.runtime.deferral.DeferredDefinitions}), under a
 * {@link dev.toolsmith.runtime.deferral.DeferralPolicy}; a {@link
 * dev.toolsmith.runtime.tool.ToolSession} remembers what the model has found.
 */
@NullMarked
package dev.toolsmith.runtime.deferral;

import org.jspecify.annotations.NullMarked;
