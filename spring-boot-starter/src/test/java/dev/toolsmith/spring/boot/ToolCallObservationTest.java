package dev.toolsmith.spring.boot;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.observation.ToolCall;
import dev.toolsmith.runtime.observation.ToolObserver;
import dev.toolsmith.runtime.tool.ToolContext;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter's registry reports its calls as Micrometer observations, the Spring way. */
class ToolCallObservationTest {

  private final TestObservationRegistry observations = TestObservationRegistry.create();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class))
          .withBean(ObservationRegistry.class, () -> observations);

  @Test
  void everyDispatchIsAnObservationWithItsToolAndOutcome() {
    runner.run(
        context -> {
          ToolRegistry registry = context.getBean(ToolRegistry.class);

          assertEquals(
              "5", registry.dispatch("add", "{\"a\":2,\"b\":3}", ToolContext.of("call_1")));

          assertThat(observations)
              .hasNumberOfObservationsEqualTo(1)
              .hasObservationWithNameEqualTo(ToolCallObservation.NAME)
              .that()
              .hasContextualNameEqualTo("execute_tool add")
              .hasLowCardinalityKeyValue("gen_ai.operation.name", "execute_tool")
              .hasLowCardinalityKeyValue("gen_ai.tool.name", "add")
              .hasLowCardinalityKeyValue("toolsmith.tool.toolset", "math")
              .hasLowCardinalityKeyValue("toolsmith.tool.outcome", "result")
              .doesNotHaveLowCardinalityKeyValueWithKey("error.type")
              .hasHighCardinalityKeyValue("gen_ai.tool.call.id", "call_1")
              .doesNotHaveError()
              .hasBeenStarted()
              .hasBeenStopped();
        });
  }

  @Test
  void invalidArgumentsAndUnknownToolsAreOutcomesWithAnErrorType() {
    runner.run(
        context -> {
          ToolRegistry registry = context.getBean(ToolRegistry.class);

          registry.dispatch("add", "{\"a\":\"two\",\"b\":3}");
          registry.dispatch("subtract", "{}");

          assertThat(observations)
              .hasNumberOfObservationsEqualTo(2)
              .hasAnObservation(
                  observation ->
                      observation
                          .hasLowCardinalityKeyValue("gen_ai.tool.name", "add")
                          .hasLowCardinalityKeyValue("toolsmith.tool.outcome", "invalid_arguments")
                          .hasLowCardinalityKeyValue("error.type", "invalid_arguments")
                          .hasError())
              .hasAnObservation(
                  observation ->
                      observation
                          .hasLowCardinalityKeyValue("gen_ai.tool.name", "subtract")
                          .hasLowCardinalityKeyValue("toolsmith.tool.outcome", "unknown_tool")
                          .hasLowCardinalityKeyValue("error.type", "unknown_tool"));
        });
  }

  @Test
  void aToolObserverBeanObservesTheRegistryToo() {
    List<String> seen = new ArrayList<>();
    runner
        .withBean(
            ToolObserver.class,
            () -> (ToolCall call) -> result -> seen.add(call.name() + " " + result.outcome()))
        .run(
            context -> {
              context.getBean(ToolRegistry.class).dispatch("repeat", "{\"times\":2}");
              assertEquals(List.of("repeat RESULT"), seen);
              assertThat(observations).hasNumberOfObservationsEqualTo(1);
            });
  }

  @Test
  void withoutAnObservationRegistryTheRegistryIsNotObserved() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ToolsmithAutoConfiguration.class))
        .run(
            context -> {
              ToolRegistry registry = context.getBean(ToolRegistry.class);
              assertEquals("xx", registry.dispatch("repeat", "{\"times\":2}"));
              assertTrue(context.getBeansOfType(ObservationRegistry.class).isEmpty());
            });
  }
}
