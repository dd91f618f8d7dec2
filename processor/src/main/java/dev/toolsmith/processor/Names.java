package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Derives every name the processor generates, so processor, runtime and tests agree on one
 * convention.
 */
final class Names {

  /** What a tool name must match (the OpenAI and Anthropic function-name rule). */
  static final Pattern TOOL_NAME = Pattern.compile("^[a-zA-Z0-9_-]{1,64}$");

  static final String TOOL_ANNOTATION = "dev.toolsmith.annotations.Tool";
  static final String PARAM_ANNOTATION = "dev.toolsmith.annotations.Param";
  static final String BIND_INSTANCE_ANNOTATION = "dev.toolsmith.annotations.BindInstance";
  static final String JSON_NAME_ANNOTATION = "dev.toolsmith.annotations.JsonName";
  static final String DISCRIMINATOR_ANNOTATION = "dev.toolsmith.annotations.Discriminator";
  static final String SERVICE_FILE = "META-INF/services/" + RuntimeTypes.TOOL_INDEX.canonicalName();
  static final String GENERATED_ANNOTATION = "javax.annotation.processing.Generated";

  /** The processor option naming the index class ({@code -Atoolsmith.index=com.example.Tools}). */
  static final String INDEX_OPTION = "toolsmith.index";

  /**
   * The processor option that silences the warning about a toolset deferring more tools than OpenAI
   * advises in one namespace ({@code -Atoolsmith.warnCrowdedToolsets=false}), for a build that
   * treats warnings as errors and keeps such a toolset on purpose.
   */
  static final String CROWDED_TOOLSETS_OPTION = "toolsmith.warnCrowdedToolsets";

  /**
   * The option a build passes ({@code -Atoolsmith.approval=explicit}) to say each destructive tool
   * declares its approval path ({@code @Tool(requiresApproval = true)}).
   */
  static final String APPROVAL_OPTION = "toolsmith.approval";

  /** The simple name of a named module's index, in the package named after the module. */
  static final String MODULE_INDEX = "ToolsmithIndex";

  private Names() {}

  /** {@code readFile} -> {@code read_file}, {@code parseURL} -> {@code parse_url}. */
  static String snakeCase(String javaName) {
    StringBuilder out = new StringBuilder(javaName.length() + 4);
    for (int i = 0; i < javaName.length(); i++) {
      char c = javaName.charAt(i);
      if (Character.isUpperCase(c) && i > 0) {
        char before = javaName.charAt(i - 1);
        boolean nextLower =
            i + 1 < javaName.length() && Character.isLowerCase(javaName.charAt(i + 1));
        if (Character.isLowerCase(before)
            || Character.isDigit(before)
            || (Character.isUpperCase(before) && nextLower)) {
          out.append('_');
        }
      }
      out.append(Character.toLowerCase(c));
    }
    return out.toString();
  }

  /** The adapter of {@code owner}: {@code Outer_Inner_Tools} in the owner's package. */
  static ClassName adapter(ClassName owner) {
    return ClassName.get(owner.packageName(), String.join("_", owner.simpleNames()) + "_Tools");
  }

  /**
   * The index of a compilation listing {@code sortedAdapters}: {@code option} when the user named
   * it; in a named module {@code <module>.ToolsmithIndex}, a name the module's {@code provides}
   * clause can state once; on the class path a name unique to the adapters, so that indexes of
   * several jars never shadow one another.
   */
  static ClassName index(String option, String module, List<String> sortedAdapters) {
    if (!option.isEmpty()) {
      return ClassName.bestGuess(option);
    }
    if (!module.isEmpty()) {
      return ClassName.get(module, MODULE_INDEX);
    }
    String first = sortedAdapters.get(0);
    int dot = first.lastIndexOf('.');
    String packageName = dot < 0 ? "" : first.substring(0, dot);
    return ClassName.get(
        packageName, "ToolsmithIndex_" + hash8(String.join("\n", sortedAdapters) + "\n"));
  }

  /**
   * The schema constants of an adapter's tools: {@code READ_FILE_SCHEMA}, made unique within it.
   */
  static Map<String, String> schemaConstants(List<String> toolNames) {
    Map<String, String> constants = new LinkedHashMap<>();
    Map<String, Integer> used = new HashMap<>();
    for (String tool : toolNames) {
      String base = tool.toUpperCase(Locale.ROOT).replace('-', '_') + "_SCHEMA";
      int count = used.merge(base, 1, Integer::sum);
      constants.put(tool, count == 1 ? base : base + "_" + count);
    }
    return constants;
  }

  /**
   * The constant holding a tool's output schema, next to its {@code schemaConstant}: {@code
   * _SCHEMA_OUTPUT} cannot end another schema constant, which ends in {@code _SCHEMA} or a number.
   */
  static String outputSchemaConstant(String schemaConstant) {
    return schemaConstant + "_OUTPUT";
  }

  /** The {@code $defs} key of a recursive record. */
  static String definition(ClassName type) {
    return String.join("_", type.simpleNames());
  }

  /** Prefix of the adapter fields holding composed readers. */
  static final String READER_FIELD = "READER_";

  /** Prefix of the adapter fields holding the number checks of primitive properties. */
  static final String CHECK_FIELD = "CHECK_";

  /** Prefix of the adapter fields holding properties' default values. */
  static final String DEFAULT_FIELD = "DEFAULT_";

  /** Prefix of the adapter fields holding composed writers. */
  static final String WRITER_FIELD = "WRITER_";

  /**
   * A constant's name for {@code name}, a Java or tool name: {@code searchDocs} and {@code
   * search-docs} -> {@code SEARCH_DOCS}.
   */
  static String constantCase(String name) {
    return snakeCase(name).toUpperCase(Locale.ROOT).replace('-', '_');
  }

  /** The adapter field holding the {@code index}-th composed reader or writer ({@code prefix}). */
  static String composedField(String prefix, long index) {
    return prefix + index;
  }

  /**
   * Eight hex digits of {@code text}'s CRC-32: a name, not a security: CRC-32 is loaded by every
   * javac that reads a jar, where a message digest would load the security providers, and a hex
   * format the formatter, at every compilation.
   */
  private static String hash8(String text) {
    CRC32 crc = new CRC32();
    crc.update(text.getBytes(StandardCharsets.UTF_8));
    String hex = Long.toHexString(crc.getValue());
    return "0".repeat(8 - hex.length()) + hex;
  }
}
