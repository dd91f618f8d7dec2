package dev.toolsmith.springai;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.OfferedTools;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * A {@link ToolRegistry}'s tools as Spring AI tool callbacks: every tool, or the tools a toolset
 * selection resolves to, less those unavailable at the time of the call: what {@link
 * ToolRegistry#offered} offers.
 *
 * <p>{@code ChatClient} asks a provider for its callbacks on every request, so each request offers
 * the tools available then (availability checks are cached as the registry's {@code CheckPolicy}
 * says). A tool registered or removed later (an MCP server's tools) is picked up the same way.
 *
 * <pre>{@code
 * ToolCallbackProvider tools = ToolsmithToolCallbackProvider.of(Discovery.discover());
 * String answer = ChatClient.create(chatModel).prompt("What is 2^10?")
 *     .toolCallbacks(tools).call().content();
 * }</pre>
 */
public final class ToolsmithToolCallbackProvider implements ToolCallbackProvider {

  private final ToolRegistry registry;
  private final List<String> enabled;
  private final List<String> disabled;
  private final boolean errorsAsExceptions;
  private final ObservationRegistry observations;

  /** Callbacks, rebuilt when the registry holds another entry under that name. */
  private final OfferedTools.Conversion<ToolCallback> callbacks;

  private ToolsmithToolCallbackProvider(Builder builder) {
    this.registry = builder.registry;
    this.enabled = builder.enabled;
    this.disabled = builder.disabled;
    this.errorsAsExceptions = builder.errorsAsExceptions;
    this.observations = builder.observations;
    Conversations conversations = new Conversations(builder.approvalHandler);
    this.callbacks =
        OfferedTools.Conversion.of(
            entry ->
                ToolsmithToolCallback.of(
                    registry, entry, errorsAsExceptions, observations, conversations));
  }

  /** Every tool of {@code registry}, errors answered as results. */
  public static ToolsmithToolCallbackProvider of(ToolRegistry registry) {
    return builder(registry).build();
  }

  /** A builder over {@code registry}: every tool, errors answered as results. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /** The registry the callbacks dispatch to. */
  public ToolRegistry registry() {
    return registry;
  }

  /**
   * The callbacks of the selected tools that are available now, sorted by name; each call runs
   * their checks (as cached by the registry's {@code CheckPolicy}).
   */
  @Override
  public ToolCallback[] getToolCallbacks() {
    return registry.offered(enabled, disabled).convert(callbacks).toArray(new ToolCallback[0]);
  }

  @Override
  public String toString() {
    return "ToolsmithToolCallbackProvider{enabled=" + enabled + ", disabled=" + disabled + "}";
  }

  /** Configures a {@link ToolsmithToolCallbackProvider}. */
  public static final class Builder {
    private final ToolRegistry registry;
    private List<String> enabled = List.of("all");
    private List<String> disabled = List.of();
    private boolean errorsAsExceptions;
    private ObservationRegistry observations = ObservationRegistry.NOOP;
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
     * Whether an error result is thrown as a {@code ToolExecutionException} for Spring AI's {@code
     * ToolExecutionExceptionProcessor} (which by default hands the model the same error text, or
     * rethrows when configured to); default false: the error is the tool's result.
     */
    public Builder errorsAsExceptions(boolean errorsAsExceptions) {
      this.errorsAsExceptions = errorsAsExceptions;
      return this;
    }

    /**
     * The registry Spring AI's {@code ToolCallingManager} observes with: a call's {@code
     * ToolContext.callId()} is then the model's tool call id, read from Spring AI's tool call
     * observation (Spring AI passes it nowhere else); default none, and an empty call id.
     */
    public Builder observationRegistry(ObservationRegistry observations) {
      this.observations = requireNonNull(observations, "observations == null");
      return this;
    }

    /**
     * Who approves the calls the registry's guards hold back (destructive tools, those a policy
     * names), instead of the handler the guards configure; in Spring Boot, an {@code
     * ApprovalHandler} bean.
     */
    public Builder approvalHandler(ApprovalHandler approvalHandler) {
      this.approvalHandler = requireNonNull(approvalHandler, "approvalHandler == null");
      return this;
    }

    /** The provider. */
    public ToolsmithToolCallbackProvider build() {
      return new ToolsmithToolCallbackProvider(this);
    }
  }
}
