package dev.toolsmith.runtime.support;

/**
 * Where a tool's precomputed search terms are read from, on the first search that needs them. A
 * generated adapter is one: it keeps its tools' terms in a class that loads then, so a registry
 * that never searches never loads them.
 */
public interface SearchTermsSource {

  /** The terms, with the version of the analysis that made them. */
  PrecomputedTerms searchTerms();
}
