/**
 * Tools the bridge modules' tests share (arithmetic, weather behind a check, the call's context),
 * compiled by the Toolsmith processor as a user's tools are. Test code only: not published.
 */
@NullMarked
package dev.toolsmith.testing;

import org.jspecify.annotations.NullMarked;
