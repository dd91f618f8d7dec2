package dev.toolsmith.springai;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.deferral.DeferralPolicy;
import dev.toolsmith.runtime.deferral.DeferredDefinitions;
import dev.toolsmith.runtime.deferral.DeferredListing;
import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.schema.definition.DefinitionFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * Tool search for Spring AI's {@code ChatClient}: the model is offered a {@code search_tools} tool
 * answered by {@link ToolRegistry#search} instead of every definition, and each request of the
 * tool-calling loop also lists the tools the model has found so far in the conversation.
 *
 * <pre>{@code
 * ToolsmithToolSearch search = ToolsmithToolSearch.builder(registry)
 *     .policy(DeferralPolicy.builder().aboveTools(40).build()).build(); // one per application
 * ToolSession session = new ToolSession();                  // one per conversation
 * String answer = ChatClient.create(chatModel).prompt(question)
 *     .toolCallbacks(search.toolCallbacks(session))
 *     .advisors(search.advisor(session))
 *     .call().content();
 * }</pre>
 *
 * <p>{@link #toolCallbacks} gives Spring AI the search tool and the callbacks of every offered
 * tool, so any of them runs when called; {@link #advisor} sits inside Spring AI's {@code
 * ToolCallingAdvisor} and, before each model request, leaves out the definitions the {@link
 * DeferralPolicy} defers and the session has not found. A tool not yet found is therefore callable
 * (a model that guesses its name gets its result): deferral decides what the model is shown, never
 * what runs. The policy measures the listing in OpenAI's Chat Completions form.
 */
public final class ToolsmithToolSearch {

  private final ToolsmithToolCallbackProvider tools;
  private final DeferredDefinitions deferred;

  private ToolsmithToolSearch(Builder builder) {
    this.tools =
        ToolsmithToolCallbackProvider.builder(builder.registry)
            .toolsets(builder.toolsets, List.of())
            .build();
    this.deferred =
        DeferredDefinitions.builder(builder.registry)
            .toolsets(builder.toolsets)
            .policy(builder.policy)
            .searchLimit(builder.searchLimit)
            .build();
  }

  /** A builder over {@code registry}: every tool, deferred always, 5 tools per search. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /**
   * The callbacks to give the request: {@code search_tools}, which records what it finds in {@code
   * session}, and every offered tool's (asked on every request, as {@link
   * ToolsmithToolCallbackProvider} does).
   */
  public ToolCallbackProvider toolCallbacks(ToolSession session) {
    ToolCallback search = new SearchToolCallback(deferred, session);
    return () -> {
      List<ToolCallback> callbacks = new ArrayList<>();
      callbacks.add(search);
      callbacks.addAll(List.of(tools.getToolCallbacks()));
      return callbacks.toArray(new ToolCallback[0]);
    };
  }

  /**
   * The advisor that shows the model, on each request, only the tools the policy loads, those
   * {@code session} has found, the search tool, and any callback that is not one of the registry's;
   * when the policy does not defer the listing, every tool and no search tool.
   */
  public Advisor advisor(ToolSession session) {
    return new DeferringAdvisor(() -> hidden(session));
  }

  /**
   * The tools the next request leaves out: deferred and not found; or, when the policy does not
   * defer the listing, the search tool, which would only cost tokens.
   */
  List<String> hidden(ToolSession session) {
    DeferredListing listing = deferred.listing(DefinitionFormat.OPENAI, session);
    return listing.deferred() ? listing.deferredTools() : List.of(deferred.searchToolName());
  }

  @Override
  public String toString() {
    return "ToolsmithToolSearch{" + tools + "}";
  }

  /** Configures a {@link ToolsmithToolSearch}. */
  public static final class Builder {
    private final ToolRegistry registry;
    private List<String> toolsets = List.of("all");
    private DeferralPolicy policy = DeferralPolicy.always();
    private int searchLimit = 5;

    private Builder(ToolRegistry registry) {
      this.registry = requireNonNull(registry, "registry == null");
    }

    /**
     * The toolsets offered, as {@link ToolRegistry#resolveToolsets} selects; default {@code all}.
     */
    public Builder toolsets(Collection<String> toolsets) {
      this.toolsets = List.copyOf(requireNonNull(toolsets, "toolsets == null"));
      return this;
    }

    /** When to defer and what to keep loaded; {@link DeferralPolicy#always()} by default. */
    public Builder policy(DeferralPolicy policy) {
      this.policy = requireNonNull(policy, "policy == null");
      return this;
    }

    /** How many tools a search returns when the model does not say (1..20); 5 by default. */
    public Builder searchLimit(int searchLimit) {
      this.searchLimit = searchLimit;
      return this;
    }

    /** The tool search; throws {@code IllegalArgumentException} for a search limit out of range. */
    public ToolsmithToolSearch build() {
      return new ToolsmithToolSearch(this);
    }
  }
}
