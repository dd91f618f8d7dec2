package dev.toolsmith.spring.boot;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.CheckPolicy;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.guard.ApprovalGuard;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.CallBudget;
import dev.toolsmith.runtime.guard.Guards;
import dev.toolsmith.runtime.guard.LoopGuard;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.result.ResultBudget;
import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Toolsmith in a Spring Boot application: a {@link ToolRegistry} filled by {@link Discovery}, whose
 * {@code @BindInstance} tool classes (and any tool or check class that is a bean) are the beans of
 * that type, and its tools as a Spring AI {@link ToolsmithToolCallbackProvider}, which Spring AI's
 * MCP server starter serves and every auto-configured {@code ChatClient} offers.
 *
 * <p>Each bean backs off when the application defines its own of that type.
 */
@AutoConfiguration(
    beforeName = {
      "org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration",
      "org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration",
      "org.springframework.ai.mcp.server.common.autoconfigure.ToolCallbackConverterAutoConfiguration"
    })
@ConditionalOnClass({ToolRegistry.class, ToolsmithToolCallbackProvider.class})
@EnableConfigurationProperties(ToolsmithProperties.class)
@Import(UnknownToolsConfiguration.class)
public class ToolsmithAutoConfiguration {

  private static final Log LOG = LogFactory.getLog(ToolsmithAutoConfiguration.class);

  /** The configuration file {@code toolsmith.config} names, or the defaults. */
  @Bean
  @ConditionalOnMissingBean
  public ToolsmithConfig toolsmithConfig(ToolsmithProperties properties) {
    return properties.config() == null
        ? ToolsmithConfig.defaults()
        : ToolsmithConfig.load(properties.config());
  }

  /**
   * The registry of every tool discovery finds, tool classes bound to the context's beans; every
   * {@link ToolObserver} bean observes it, and so does a {@link ToolCallObservation} when the
   * context has an {@link ObservationRegistry} (Spring Boot's actuator makes one).
   */
  @Bean
  @ConditionalOnMissingBean
  public ToolRegistry toolRegistry(
      ToolsmithProperties properties,
      ToolsmithConfig config,
      ApplicationContext context,
      ObjectProvider<ObservationRegistry> observations,
      ObjectProvider<ToolObserver> observers,
      ObjectProvider<ApprovalHandler> approvalHandler) {
    ToolRegistry.Builder builder =
        ToolRegistry.builder()
            .resultBudget(resultBudget(properties.resultBudget()))
            .checkPolicy(checkPolicy(properties.checkPolicy()));
    if (properties.guards().enabled()) {
      builder.guards(
          guards(properties.guards(), approvalHandler.getIfUnique(() -> ApprovalHandler.NONE)));
    }
    ToolRegistry registry = builder.build();
    Discovery.Builder discovery =
        Discovery.builder().config(config).bindings(new ContextBindings(context));
    if (context.getClassLoader() != null) {
      discovery.classLoader(context.getClassLoader());
    }
    DiscoveryReport report = discovery.build().into(registry);
    report.failures().forEach(failure -> LOG.warn("Toolsmith: " + failure.describe()));
    observations.ifUnique(
        observationRegistry -> registry.addObserver(new ToolCallObservation(observationRegistry)));
    observers.orderedStream().forEach(registry::addObserver);
    return registry;
  }

  /**
   * The registry's tools for Spring AI, as the properties (or the configuration) select them; with
   * the context's {@link ObservationRegistry}, a call's id is Spring AI's tool call id.
   */
  @Bean
  @ConditionalOnMissingBean
  public ToolsmithToolCallbackProvider toolsmithToolCallbackProvider(
      ToolRegistry registry,
      ToolsmithConfig config,
      ToolsmithProperties properties,
      ObjectProvider<ObservationRegistry> observations) {
    ToolsmithProperties.Toolsets toolsets = properties.toolsets();
    return ToolsmithToolCallbackProvider.builder(registry)
        .observationRegistry(observations.getIfUnique(() -> ObservationRegistry.NOOP))
        .toolsets(
            toolsets.enabled() != null ? toolsets.enabled() : config.toolsets().enabled(),
            toolsets.disabled() != null ? toolsets.disabled() : config.toolsets().disabled())
        .errorsAsExceptions(properties.errorsAsExceptions())
        .build();
  }

  /** The guards {@code toolsmith.guards.*} turns on, {@code approvalHandler} answering. */
  static Guards guards(ToolsmithProperties.Guards properties, ApprovalHandler approvalHandler) {
    Guards.Builder guards = Guards.builder().approvalHandler(approvalHandler);
    if (properties.budgets().enabled()) {
      guards.guard(
          CallBudget.of(properties.budgets().perTool(), properties.budgets().perSession()));
    }
    if (properties.loop().enabled()) {
      guards.guard(LoopGuard.of(properties.loop().times()));
    }
    ToolsmithProperties.Approval approval = properties.approval();
    if (approval.enabled()) {
      guards.guard(
          ApprovalGuard.builder()
              .destructive(approval.destructive())
              .tools(orEmpty(approval.tools()))
              .toolsets(orEmpty(approval.toolsets()))
              .origins(orEmpty(approval.origins()))
              .build());
    }
    if (properties.deadline() != null) {
      guards.deadline(properties.deadline());
    }
    if (properties.toolsetDeadlines() != null) {
      properties.toolsetDeadlines().forEach(guards::toolsetDeadline);
    }
    if (properties.toolDeadlines() != null) {
      properties.toolDeadlines().forEach(guards::toolDeadline);
    }
    return guards.build();
  }

  private static java.util.List<String> orEmpty(java.util.List<String> names) {
    return names == null ? java.util.List.of() : names;
  }

  static ResultBudget resultBudget(ToolsmithProperties.ResultBudget properties) {
    ResultBudget.Builder budget = ResultBudget.builder();
    if (properties.defaultMaxResultChars() != null) {
      budget.defaultMaxResultChars(properties.defaultMaxResultChars());
    }
    if (properties.previewChars() != null) {
      budget.previewChars(properties.previewChars());
    }
    if (properties.maxErrorChars() != null) {
      budget.maxErrorChars(properties.maxErrorChars());
    }
    if (properties.spillDirectory() != null) {
      budget.spillDirectory(properties.spillDirectory());
    }
    return budget.build();
  }

  static CheckPolicy checkPolicy(ToolsmithProperties.CheckPolicy properties) {
    CheckPolicy.Builder policy = CheckPolicy.builder();
    if (properties.ttl() != null) {
      policy.ttl(properties.ttl());
    }
    if (properties.grace() != null) {
      policy.grace(properties.grace());
    }
    if (properties.timeout() != null) {
      policy.timeout(properties.timeout());
    }
    return policy.build();
  }

  /** Every auto-configured {@code ChatClient} offers the tools, unless switched off. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(ChatClientBuilderCustomizer.class)
  @ConditionalOnBooleanProperty(name = "toolsmith.chat-client.default-tools", matchIfMissing = true)
  static class ChatClientDefaults {

    // An ObjectProvider, not a condition: this nested class is read before the provider bean of
    // the enclosing class is defined.
    @Bean
    ChatClientBuilderCustomizer toolsmithChatClientCustomizer(
        ObjectProvider<ToolsmithToolCallbackProvider> tools) {
      return builder -> tools.ifUnique(provider -> builder.defaultTools(provider));
    }
  }
}
