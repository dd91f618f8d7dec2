package dev.toolsmith.runtime.search;

import static java.util.Objects.requireNonNull;

/**
 * One ranked tool.
 *
 * @param name the tool's registry name
 * @param score how well it matches the query; higher is better, comparable only within one search
 */
public record SearchHit(String name, double score) {

  public SearchHit {
    requireNonNull(name, "name == null");
  }
}
