/**
 * Availability checks, for whoever writes or configures them: {@link
 * dev.toolsmith.runtime.availability.CheckPolicy} (how a registry caches, forgives and bounds its
 * checks), {@link dev.toolsmith.runtime.availability.ExplainedCheck} (a check that says why it
 * fails) and {@link dev.toolsmith.runtime.availability.Availability} (whether a tool or toolset is
 * offered now, and why). The registry runs the checks.
 */
@NullMarked
package dev.toolsmith.runtime.availability;

import org.jspecify.annotations.NullMarked;
