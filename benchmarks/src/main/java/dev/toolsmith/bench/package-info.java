/**
 * JMH benchmarks of Toolsmith against the hand-written limit, LangChain4j and Spring AI: dispatch,
 * start-up, listing and compile time, over generated tool sets of 50, 500 and 2000 tools.
 */
@NullMarked
package dev.toolsmith.bench;

import org.jspecify.annotations.NullMarked;
