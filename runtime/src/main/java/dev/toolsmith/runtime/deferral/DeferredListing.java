package dev.toolsmith.runtime.deferral;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One request's tools array as {@link DeferredDefinitions#listing} wrote it, with what it holds.
 *
 * @param tools the JSON array text to send as the request's tools
 * @param deferred whether the policy deferred the listing (false: {@code tools} is the full one)
 * @param loaded the tools listed in full, in the order listed
 * @param deferredTools the tools left to the search (listed with {@code defer_loading}, or not at
 *     all in the portable form)
 * @param namespaces the tools left to the search by the namespace OpenAI Responses groups them into
 *     (their toolset, or {@link DeferredDefinitions#DEFAULT_NAMESPACE}), whatever the format:
 *     OpenAI advises fewer than {@link DefinitionFormat#NAMESPACE_FUNCTIONS_ADVISED_BELOW} in each
 *     ({@link #crowdedNamespaces()})
 * @param fullChars the length of the full listing in the same format, for comparison
 */
public record DeferredListing(
    String tools,
    boolean deferred,
    List<String> loaded,
    List<String> deferredTools,
    Map<String, List<String>> namespaces,
    long fullChars) {

  public DeferredListing {
    requireNonNull(tools, "tools == null");
    loaded = List.copyOf(requireNonNull(loaded, "loaded == null"));
    deferredTools = List.copyOf(requireNonNull(deferredTools, "deferredTools == null"));
    Map<String, List<String>> copy = new TreeMap<>();
    requireNonNull(namespaces, "namespaces == null").forEach((k, v) -> copy.put(k, List.copyOf(v)));
    namespaces = Collections.unmodifiableMap(copy);
  }

  /**
   * The namespaces holding as many deferred tools as OpenAI advises against or more ({@link
   * DefinitionFormat#NAMESPACE_FUNCTIONS_ADVISED_BELOW}), by name, with their tools.
   */
  public Map<String, List<String>> crowdedNamespaces() {
    Map<String, List<String>> crowded = new TreeMap<>();
    namespaces.forEach(
        (name, tools) -> {
          if (tools.size() >= DefinitionFormat.NAMESPACE_FUNCTIONS_ADVISED_BELOW) {
            crowded.put(name, tools);
          }
        });
    return crowded;
  }
}
