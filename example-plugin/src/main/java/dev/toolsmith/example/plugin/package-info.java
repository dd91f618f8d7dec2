/**
 * Unit conversion tools shipped as a plugin jar, loaded by an application from a plugin directory.
 */
@NullMarked
package dev.toolsmith.example.plugin;

import org.jspecify.annotations.NullMarked;
