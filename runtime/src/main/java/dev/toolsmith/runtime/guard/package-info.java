/**
 * Guards: what stands between the model and a tool's handler. A {@link
 * dev.toolsmith.runtime.guard.ToolGuard} sees each call ({@link
 * dev.toolsmith.runtime.guard.GuardedCall}) and lets it run, refuses it, or asks for approval
 * through an {@link dev.toolsmith.runtime.guard.ApprovalHandler}; {@link
 * dev.toolsmith.runtime.guard.Guards} is the ordered set a registry runs, with the built-in guards
 * (approval, budgets, loop guard) and deadlines.
 */
@NullMarked
package dev.toolsmith.runtime.guard;

import org.jspecify.annotations.NullMarked;
