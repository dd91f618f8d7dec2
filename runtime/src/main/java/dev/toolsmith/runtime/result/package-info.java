/**
 * A call's answer, for whoever reads or bounds it: {@link
 * dev.toolsmith.runtime.result.ToolCallResult} (how a call ended), {@link
 * dev.toolsmith.runtime.result.ToolResults} (the JSON texts tools return), {@link
 * dev.toolsmith.runtime.result.ResultBudget} and {@link dev.toolsmith.runtime.result.ResultSpill}
 * (how long a result may be, and where a longer one goes) and {@link
 * dev.toolsmith.runtime.result.ErrorSanitizer} (what error messages lose before the model sees
 * them). The registry applies the budget and the sanitizer to every call.
 */
@NullMarked
package dev.toolsmith.runtime.result;

import org.jspecify.annotations.NullMarked;
