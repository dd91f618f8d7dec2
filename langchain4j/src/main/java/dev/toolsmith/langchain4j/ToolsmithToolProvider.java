package dev.toolsmith.langchain4j;

import static java.util.Objects.requireNonNull;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import dev.toolsmith.runtime.OfferedTools;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.schema.definition.ToolDefinition;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;

/**
 * A {@link ToolRegistry}'s tools for LangChain4j's AI services: every tool, or a toolset selection
 * (fixed, or chosen per request), less those unavailable when the AI service is called: what {@link
 * ToolRegistry#offered} offers. Each tool's {@link ToolSpecification} carries the registry's
 * schema: the top-level object's keywords as LangChain4j's {@code JsonObjectSchema} fields, each
 * property's and definition's schema as a raw schema holding its original text.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *     .chatModel(chatModel)
 *     .toolProvider(ToolsmithToolProvider.of(Discovery.discover()))
 *     .build();
 * }</pre>
 *
 * <p>LangChain4j asks a provider for its tools once per AI service call, so each call offers the
 * tools available then (availability checks cached as the registry's {@code CheckPolicy} says).
 */
public final class ToolsmithToolProvider implements ToolProvider {

  private static final Logger LOG = Logger.getLogger(ToolsmithToolProvider.class.getName());

  private final ToolRegistry registry;
  private final List<String> enabled;
  private final List<String> disabled;
  private final @Nullable Function<ToolProviderRequest, ? extends Collection<String>> perRequest;
  private final ToolsmithToolExecutor executor;

  /** Specifications, rebuilt when the registry holds another entry under that name. */
  private final OfferedTools.Conversion<ToolSpecification> specifications =
      OfferedTools.Conversion.of(entry -> build(entry.definition()));

  private ToolsmithToolProvider(Builder builder) {
    this.registry = builder.registry;
    this.enabled = builder.enabled;
    this.disabled = builder.disabled;
    this.perRequest = builder.perRequest;
    this.executor =
        builder.approvalHandler == null
            ? ToolsmithToolExecutor.of(registry)
            : ToolsmithToolExecutor.of(registry, builder.approvalHandler);
  }

  /** Every tool of {@code registry}. */
  public static ToolsmithToolProvider of(ToolRegistry registry) {
    return builder(registry).build();
  }

  /** A builder over {@code registry}: every tool. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /** The selected tools whose toolset is available now, sorted by name. */
  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    Collection<String> chosen = perRequest == null ? null : perRequest.apply(request);
    OfferedTools offered = registry.offered(chosen == null ? enabled : chosen, disabled);
    ToolProviderResult.Builder result = ToolProviderResult.builder();
    for (ToolSpecification specification : offered.convert(specifications)) {
      result.add(specification, executor);
    }
    return result.build();
  }

  /** {@code definition} as LangChain4j's specification of a tool. */
  static ToolSpecification build(ToolDefinition definition) {
    SchemaSplitter.Split split = SchemaSplitter.split(definition.schema());
    if (!split.dropped().isEmpty()) {
      LOG.log(
          Level.WARNING,
          () ->
              "Tool "
                  + definition.name()
                  + ": LangChain4j's JsonObjectSchema"
                  + " cannot carry the top-level schema keywords "
                  + split.dropped()
                  + "; left out");
    }
    return ToolSpecification.builder()
        .name(definition.name())
        .description(definition.description().isEmpty() ? null : definition.description())
        .parameters(split.schema())
        .build();
  }

  @Override
  public String toString() {
    return "ToolsmithToolProvider{enabled=" + enabled + ", disabled=" + disabled + "}";
  }

  /** Configures a {@link ToolsmithToolProvider}. */
  public static final class Builder {
    private final ToolRegistry registry;
    private List<String> enabled = List.of("all");
    private List<String> disabled = List.of();
    private @Nullable Function<ToolProviderRequest, ? extends Collection<String>> perRequest;
    private @Nullable ApprovalHandler approvalHandler;

    private Builder(ToolRegistry registry) {
      this.registry = requireNonNull(registry, "registry == null");
    }

    /**
     * Offers the tools of the toolsets {@code enabled} less those of {@code disabled}, as {@link
     * ToolRegistry#resolveToolsets} resolves them; default every tool ({@code all}).
     */
    public Builder toolsets(Collection<String> enabled, Collection<String> disabled) {
      this.enabled = List.copyOf(requireNonNull(enabled, "enabled == null"));
      this.disabled = List.copyOf(requireNonNull(disabled, "disabled == null"));
      return this;
    }

    /**
     * Chooses the enabled toolsets for each AI service call, for instance from its {@code
     * InvocationParameters}; a null answer keeps the fixed selection. The disabled toolsets of
     * {@link #toolsets} are still taken away.
     */
    public Builder toolsetsPerRequest(
        Function<ToolProviderRequest, ? extends Collection<String>> enabled) {
      this.perRequest = requireNonNull(enabled, "enabled == null");
      return this;
    }

    /**
     * Who approves the calls the registry's guards hold back (destructive tools, those a policy
     * names): asked instead of the handler the guards configure.
     */
    public Builder approvalHandler(ApprovalHandler approvalHandler) {
      this.approvalHandler = requireNonNull(approvalHandler, "approvalHandler == null");
      return this;
    }

    /** The provider. */
    public ToolsmithToolProvider build() {
      return new ToolsmithToolProvider(this);
    }
  }
}
