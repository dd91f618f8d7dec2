package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One valid tool: what the schema, the adapter and the index need to know about it, in three parts.
 *
 * @param definition what the model is shown
 * @param invocation the method generated code calls
 * @param registration what the registry's entry carries beyond the definition
 */
record ToolModel(Definition definition, Invocation invocation, Registration registration) {

  /** The tool name the model calls: shorthand for {@code definition().name()}. */
  String name() {
    return definition.name();
  }

  /**
   * What the model is shown of the tool, beyond its schema.
   *
   * @param name the tool name the model calls
   * @param description what the tool does, for the model
   * @param title the human-readable title, empty for none
   * @param behaviour the behaviour hints the tool states
   * @param strict whether OpenAI-style providers get the tool's strict schema
   */
  record Definition(
      String name, String description, String title, Behaviour behaviour, boolean strict) {}

  /**
   * The Java method generated code calls.
   *
   * @param methodName the method's name
   * @param isStatic whether the method is static
   * @param arguments the method's parameters in order
   * @param returns the result type (inside the CompletionStage when async)
   * @param async whether the method returns a CompletionStage
   */
  record Invocation(
      String methodName,
      boolean isStatic,
      List<Argument> arguments,
      TypeModel returns,
      boolean async) {

    /** The properties of the arguments object, in declaration order. */
    List<PropertyModel> properties() {
      return ToolModel.properties(arguments);
    }
  }

  /**
   * What the registry's entry carries beyond the definition.
   *
   * @param toolset the toolset
   * @param emoji the emoji, empty for the runtime's default
   * @param maxResultChars the result size limit, -1 for the registry's default
   * @param deadlineMillis the deadline of one call, 0 for none
   * @param requiresApproval whether every call needs approval
   * @param requiresEnv required environment variables
   * @param check the availability check class, if any
   * @param schemaOverrides the class that supplies the tool's per-listing schema overrides, if any
   * @param keywords the search keywords {@code @Tool(keywords)} gives, in order, without repeats
   * @param alwaysLoaded whether a deferred listing sends the tool in full ({@code @Tool(deferred =
   *     false)})
   */
  record Registration(
      String toolset,
      String emoji,
      int maxResultChars,
      long deadlineMillis,
      boolean requiresApproval,
      List<String> requiresEnv,
      Optional<ProvidedClass> check,
      Optional<ProvidedClass> schemaOverrides,
      List<String> keywords,
      boolean alwaysLoaded) {}

  /**
   * The tool's behaviour hints (MCP's tool annotations), each null when not said.
   *
   * @param readOnly {@code @Tool(readOnly)}
   * @param destructive {@code @Tool(destructive)}
   * @param idempotent {@code @Tool(idempotent)}
   * @param openWorld {@code @Tool(openWorld)}
   */
  record Behaviour(
      @Nullable Boolean readOnly,
      @Nullable Boolean destructive,
      @Nullable Boolean idempotent,
      @Nullable Boolean openWorld) {

    /** Whether no hint is said. */
    boolean isEmpty() {
      return readOnly == null && destructive == null && idempotent == null && openWorld == null;
    }
  }

  /**
   * A class whose instance a tool uses (its availability check, its schema overrides): taken from
   * the bindings, else created when {@code constructible} (a concrete class with a no-argument
   * constructor the generated code can call).
   */
  record ProvidedClass(ClassName type, boolean constructible) {}

  /** One parameter of the tool method. */
  sealed interface Argument {}

  /** The injected {@code ToolContext}. */
  record ContextArgument() implements Argument {}

  /** A plain parameter: one property. */
  record PropertyArgument(PropertyModel property) implements Argument {}

  /**
   * The single record parameter whose components are the properties.
   *
   * @param javaName the parameter's name
   * @param record the record
   */
  record RecordArgument(String javaName, TypeModel.RecordType record) implements Argument {}

  /** The properties of an arguments object made of {@code arguments}, in declaration order. */
  static List<PropertyModel> properties(List<Argument> arguments) {
    for (Argument argument : arguments) {
      if (argument instanceof RecordArgument record) {
        return record.record().properties();
      }
    }
    return arguments.stream()
        .filter(PropertyArgument.class::isInstance)
        .map(a -> ((PropertyArgument) a).property())
        .toList();
  }
}
