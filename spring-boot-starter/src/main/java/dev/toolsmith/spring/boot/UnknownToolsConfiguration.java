package dev.toolsmith.spring.boot;

import dev.toolsmith.springai.UnknownToolResolver;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.model.tool.DefaultToolCallingManager;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingProperties;
import org.springframework.ai.tool.execution.ToolExecutionExceptionProcessor;
import org.springframework.ai.tool.observation.ToolCallingObservationConvention;
import org.springframework.ai.tool.resolution.DelegatingToolCallbackResolver;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code toolsmith.unknown-tools=error}: Spring AI's tool-calling manager, built as its own
 * auto-configuration builds it (its observation registry and convention, its resolver, exception
 * processor and {@code spring.ai.tools.*} limits), that answers a call of a tool the request did
 * not offer with {@code {"error":"Unknown tool: NAME"}} instead of ending the turn.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(ToolCallingProperties.class)
@ConditionalOnProperty(name = "toolsmith.unknown-tools", havingValue = "error")
class UnknownToolsConfiguration {

  @Bean
  @ConditionalOnMissingBean
  ToolCallingManager toolsmithToolCallingManager(
      ObjectProvider<ToolCallbackResolver> resolvers,
      ObjectProvider<ToolExecutionExceptionProcessor> exceptionProcessor,
      ObjectProvider<ToolCallingProperties> properties,
      ObjectProvider<ObservationRegistry> observations,
      ObjectProvider<ToolCallingObservationConvention> convention) {
    // Spring AI's resolver first (tools that are beans), then ours for any name still unknown.
    List<ToolCallbackResolver> chain = new ArrayList<>();
    resolvers.ifUnique(chain::add);
    chain.add(new UnknownToolResolver());
    DefaultToolCallingManager.Builder manager =
        ToolCallingManager.builder()
            .observationRegistry(observations.getIfUnique(() -> ObservationRegistry.NOOP))
            .toolCallbackResolver(new DelegatingToolCallbackResolver(chain))
            .resolutionFallbackEnabled(
                true); // Spring AI asks the resolver only for names not offered
    exceptionProcessor.ifUnique(manager::toolExecutionExceptionProcessor);
    properties.ifAvailable(p -> limits(manager, p.getLimits()));
    DefaultToolCallingManager built = manager.build();
    convention.ifAvailable(built::setObservationConvention);
    return built;
  }

  /** The {@code spring.ai.tools.limits.*} properties, applied as Spring AI applies them. */
  private static void limits(
      DefaultToolCallingManager.Builder manager, ToolCallingProperties.Limits limits) {
    Integer perTool = limits.getMaxCallsPerToolDefault();
    if (perTool != null) {
      if (perTool == -1) {
        manager.unlimitedCallsPerTool();
      } else {
        manager.maxCallsPerTool(perTool);
      }
    }
    limits.getMaxCallsPerTool().forEach(manager::maxCallsPerTool);
    limits.getExcludedTools().forEach(manager::excludeToolFromLimit);
    Integer total = limits.getMaxTotalToolCalls();
    if (total != null) {
      if (total == -1) {
        manager.unlimitedTotalToolCalls();
      } else {
        manager.maxTotalToolCalls(total);
      }
    }
    manager.onLimitExceeded(limits.getOnLimitExceeded());
  }
}
