package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One request's tools array as {@link DeferredDefinitions#listing} wrote it, with what it holds.
 *
 * @param tools the JSON array text to send as the request's tools
 * @param deferred whether the policy deferred the listing (false: {@code tools} is the full one)
 * @param loaded the tools listed in full, in the order listed
 * @param deferredTools the tools left to the search (listed with {@code defer_loading}, or not at
 *     all in the portable form)
 * @param fullChars the length of the full listing in the same format, for comparison
 */
public record DeferredListing(
    String tools,
    boolean deferred,
    List<String> loaded,
    List<String> deferredTools,
    long fullChars) {

  public DeferredListing {
    requireNonNull(tools, "tools == null");
    loaded = List.copyOf(requireNonNull(loaded, "loaded == null"));
    deferredTools = List.copyOf(requireNonNull(deferredTools, "deferredTools == null"));
  }
}
