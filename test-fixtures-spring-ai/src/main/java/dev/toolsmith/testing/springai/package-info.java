/** A scripted Spring AI chat model, shared by the Spring AI bridge's and the starter's tests. */
@NullMarked
package dev.toolsmith.testing.springai;

import org.jspecify.annotations.NullMarked;
