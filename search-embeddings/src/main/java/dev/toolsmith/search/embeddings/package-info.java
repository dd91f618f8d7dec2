/**
 * Semantic and hybrid tool search: rankers for {@link dev.toolsmith.runtime.search} backed by an
 * in-process embedding models (all-MiniLM-L6-v2 and bge-small-en-v1.5), found through {@link
 * java.util.ServiceLoader}.
 */
@NullMarked
package dev.toolsmith.search.embeddings;

import org.jspecify.annotations.NullMarked;
