/**
 * The example application: real tools compiled by the Toolsmith processor and a command line that
 * lists, shows, calls and serves them.
 */
@NullMarked
package dev.toolsmith.example;

import org.jspecify.annotations.NullMarked;
