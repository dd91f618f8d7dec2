/** What the runtime's packages share and users must not call; not exported by the module. */
@NullMarked
package dev.toolsmith.runtime.internal;

import org.jspecify.annotations.NullMarked;
