/**
 * JSON Schema as the providers read it, with jackson-core alone: the provider dialects of a tool's
 * schema ({@link dev.toolsmith.schema.Dialects}: OpenAI strict mode, Gemini's OpenAPI subset), the
 * ECMA-262 {@code pattern} engine ({@link dev.toolsmith.schema.EcmaRegex}), the string formats
 * checked ({@link dev.toolsmith.schema.Formats}) and the limits a JSON document is read within
 * ({@link dev.toolsmith.schema.JsonLimits}). The processor runs these at compile time, the runtime
 * at run time, so both agree.
 */
@NullMarked
package dev.toolsmith.schema;

import org.jspecify.annotations.NullMarked;
