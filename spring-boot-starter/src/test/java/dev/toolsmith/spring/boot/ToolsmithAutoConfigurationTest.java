package dev.toolsmith.spring.boot;

import static dev.toolsmith.testing.springai.ScriptedChatModel.call;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.availability.Availability;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import dev.toolsmith.springai.ToolsmithToolException;
import dev.toolsmith.testing.springai.ScriptedChatModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration;
import org.springframework.ai.model.tool.autoconfigure.ToolCallingAutoConfiguration;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.execution.ToolExecutionException;
import org.springframework.ai.tool.resolution.ToolCallbackResolver;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class ToolsmithAutoConfigurationTest {

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class))
          .withBean(Greeter.class, () -> new Greeter("Howdy"))
          .withBean(FeatureFlags.class, () -> new FeatureFlags(true))
          .withBean(BetaTools.BetaCheck.class)
          .withBean(GreetingTools.class);

  private static List<String> offered(ToolsmithToolCallbackProvider provider) {
    return Arrays.stream(provider.getToolCallbacks())
        .map(callback -> callback.getToolDefinition().name())
        .toList();
  }

  @Test
  void aToolClassThatIsABeanIsCalledWithItsInjectedDependencies() {
    runner.run(
        context -> {
          ToolRegistry registry = context.getBean(ToolRegistry.class);
          assertEquals("Howdy, Ada", registry.dispatch("greet", "{\"name\":\"Ada\"}"));
          assertEquals(List.of("add", "beta", "greet", "repeat"), registry.toolNames());
        });
  }

  @Test
  void aBindInstanceClassWithoutABeanHasItsToolsLeftOut() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class))
        .run(
            context -> {
              ToolRegistry registry = context.getBean(ToolRegistry.class);
              assertEquals(List.of("add", "beta", "repeat"), registry.toolNames());
              Availability beta = registry.availability().toolset("beta").orElseThrow();
              assertFalse(beta.available(), beta.reason());
            });
  }

  @Test
  void aCheckThatIsABeanDecidesItsToolsetEachRequest() {
    runner
        .withPropertyValues("toolsmith.check-policy.ttl=0s", "toolsmith.check-policy.grace=0s")
        .run(
            context -> {
              ToolsmithToolCallbackProvider provider =
                  context.getBean(ToolsmithToolCallbackProvider.class);
              assertEquals(List.of("add", "beta", "greet", "repeat"), offered(provider));
              context.getBean(FeatureFlags.class).beta = false;
              assertEquals(List.of("add", "greet", "repeat"), offered(provider));
            });
  }

  @Test
  void theProviderBeanOffersTheToolsetsThePropertiesSelect() {
    runner
        .withPropertyValues(
            "toolsmith.toolsets.enabled=all", "toolsmith.toolsets.disabled=math,beta")
        .run(
            context -> {
              assertEquals(
                  List.of("greet", "repeat"),
                  offered(context.getBean(ToolsmithToolCallbackProvider.class)));
            });
  }

  @Test
  void theConfigurationFileDefinesToolsetsAndTheDefaultSelection(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("toolsmith.yaml");
    Files.writeString(
        file,
        String.join(
            "\n",
            "toolsets:",
            "  enabled: [everyday]",
            "  definitions:",
            "    everyday: {description: Daily tools, includes: [math, greetings]}",
            ""));
    runner
        .withPropertyValues("toolsmith.config=" + file)
        .run(
            context -> {
              assertEquals(
                  "everyday", context.getBean(ToolsmithConfig.class).toolsets().enabled().get(0));
              assertEquals(
                  List.of("add", "greet"),
                  offered(context.getBean(ToolsmithToolCallbackProvider.class)));
            });
  }

  @Test
  void resultBudgetAndCheckPolicyComeFromTheProperties(@TempDir Path dir) {
    runner
        .withPropertyValues(
            "toolsmith.result-budget.default-max-result-chars=40",
            "toolsmith.result-budget.preview-chars=10",
            "toolsmith.result-budget.spill-directory=" + dir,
            "toolsmith.check-policy.ttl=5s",
            "toolsmith.check-policy.grace=0s",
            "toolsmith.check-policy.timeout=2s")
        .run(
            context -> {
              ToolRegistry registry = context.getBean(ToolRegistry.class);
              assertEquals(40, registry.resultBudget().defaultMaxResultChars());
              assertEquals(dir, registry.resultBudget().spillDirectory());
              assertEquals(Duration.ofSeconds(5), registry.checkPolicy().ttl());
              assertEquals(Duration.ZERO, registry.checkPolicy().grace());
              assertEquals(Duration.ofSeconds(2), registry.checkPolicy().timeout().orElseThrow());
              String result = registry.dispatch("repeat", "{\"times\":100}");
              assertTrue(result.startsWith("{\"truncated\":true"), result);
              assertTrue(result.contains(dir.toString()), result);
            });
  }

  @Test
  void errorsAsExceptionsHandsErrorsToSpringAi() {
    runner
        .withPropertyValues("toolsmith.errors-as-exceptions=true")
        .run(
            context -> {
              ToolCallback add =
                  Arrays.stream(
                          context.getBean(ToolsmithToolCallbackProvider.class).getToolCallbacks())
                      .filter(callback -> callback.getToolDefinition().name().equals("add"))
                      .findFirst()
                      .orElseThrow();
              ToolExecutionException e =
                  assertThrows(ToolExecutionException.class, () -> add.call("{\"a\":1}"));
              assertInstanceOf(ToolsmithToolException.class, e.getCause());
            });
  }

  @Test
  void everyBeanBacksOffWhenTheApplicationDefinesItsOwn() {
    ToolRegistry own = ToolRegistry.create();
    ToolsmithToolCallbackProvider ownProvider = ToolsmithToolCallbackProvider.of(own);
    runner
        .withBean(ToolRegistry.class, () -> own)
        .withBean(ToolsmithConfig.class, ToolsmithConfig::defaults)
        .run(
            context -> {
              assertSame(own, context.getBean(ToolRegistry.class));
              assertSame(own, context.getBean(ToolsmithToolCallbackProvider.class).registry());
            });
    runner
        .withBean(ToolsmithToolCallbackProvider.class, () -> ownProvider)
        .run(
            context -> {
              assertSame(ownProvider, context.getBean(ToolsmithToolCallbackProvider.class));
              assertEquals(1, context.getBeansOfType(ToolsmithToolCallbackProvider.class).size());
            });
  }

  @Test
  void withoutSpringAisChatClientNoCustomizerIsDefined() {
    FilteredClassLoader noChatClient =
        new FilteredClassLoader("org.springframework.ai.chat.client");
    runner
        .withClassLoader(noChatClient)
        .run(
            context -> {
              assertTrue(context.getBeansOfType(ChatClientBuilderCustomizer.class).isEmpty());
              assertEquals(1, context.getBeansOfType(ToolsmithToolCallbackProvider.class).size());
            });
  }

  @Test
  void anAutoConfiguredChatClientRunsTheToolsWithNoCode() {
    ScriptedChatModel model =
        new ScriptedChatModel(
            List.of(
                call("call_1", "greet", "{\"name\":\"Ada\"}"),
                call("call_2", "add", "{\"a\":\"two\"}")));
    runner
        .withConfiguration(
            AutoConfigurations.of(
                ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class))
        .withBean(ChatModel.class, () -> model)
        .run(
            context -> {
              String answer =
                  context
                      .getBean(ChatClient.Builder.class)
                      .build()
                      .prompt("Greet Ada and add.")
                      .call()
                      .content();

              ToolRegistry registry = context.getBean(ToolRegistry.class);
              assertEquals(registry.toolNames(), model.offeredNames(0));
              assertEquals(
                  registry.entry("greet").orElseThrow().definition().schema(),
                  model.offered(0).get(2).inputSchema());
              assertEquals(
                  "greet=Howdy, Ada\nadd=" + registry.dispatch("add", "{\"a\":\"two\"}"), answer);
              // Spring AI's own resolver knows the tools by name too.
              assertEquals(
                  "greet",
                  context
                      .getBean(ToolCallbackResolver.class)
                      .resolve("greet")
                      .getToolDefinition()
                      .name());
            });
  }

  @Test
  void chatClientDefaultsCanBeSwitchedOff() {
    ScriptedChatModel model = new ScriptedChatModel(List.of());
    runner
        .withConfiguration(
            AutoConfigurations.of(
                ToolCallingAutoConfiguration.class, ChatClientAutoConfiguration.class))
        .withBean(ChatModel.class, () -> model)
        .withPropertyValues("toolsmith.chat-client.default-tools=false")
        .run(
            context -> {
              context.getBean(ChatClient.Builder.class).build().prompt("Hi").call().content();
              assertEquals(List.of(), model.offeredNames(0));
            });
  }
}
