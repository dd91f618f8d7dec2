package dev.toolsmith.example.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.ToolRegistry;
import dev.toolsmith.runtime.discovery.Discovery;
import dev.toolsmith.runtime.discovery.DiscoveryReport;
import dev.toolsmith.runtime.discovery.SourceReport;
import dev.toolsmith.runtime.discovery.ToolsmithConfig;
import dev.toolsmith.runtime.tool.ToolOrigin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The plugin's processor-generated index, found on the class path as the plugin {@code units}. */
class UnitToolsTest {

  private final ToolRegistry registry = ToolRegistry.create();
  private final DiscoveryReport report = Discovery.builder().build().into(registry);

  @Test
  void thePluginLoadsUnderItsDescriptorsName() {
    assertEquals(
        List.of("convert_units", "list_units"), registry.toolNamesFrom(ToolOrigin.plugin("units")));
    ToolEntry convert = registry.entry("convert_units").orElseThrow();
    assertEquals("units", convert.toolset());
    assertEquals("📏", convert.emoji());
    assertEquals(
        SourceReport.Status.LOADED, report.sources(ToolOrigin.Kind.PLUGIN).get(0).status());
  }

  @Test
  void convertsLengthMassAndTemperature() {
    assertEquals(
        "{\"value\":1.609344,\"unit\":\"KILOMETRE\",\"text\":\"1 mile = 1.609344 kilometre\"}",
        registry.dispatch("convert_units", "{\"value\":1,\"from\":\"MILE\",\"to\":\"KILOMETRE\"}"));
    assertTrue(
        registry
            .dispatch("convert_units", "{\"value\":212,\"from\":\"FAHRENHEIT\",\"to\":\"CELSIUS\"}")
            .contains("\"text\":\"212 fahrenheit = 100 celsius\""));
    assertTrue(
        registry
            .dispatch("convert_units", "{\"value\":0,\"from\":\"KELVIN\",\"to\":\"CELSIUS\"}")
            .contains("\"value\":-273.15"));
    assertTrue(
        registry
            .dispatch("convert_units", "{\"value\":16,\"from\":\"OUNCE\",\"to\":\"POUND\"}")
            .contains("\"text\":\"16 ounce = 1 pound\""));
  }

  @Test
  void unitsOfDifferentKindsDoNotConvert() {
    assertEquals(
        "{\"error\":\"Tool execution failed: IllegalArgumentException: cannot convert METRE (length) "
            + "to KILOGRAM (mass)\"}",
        registry.dispatch("convert_units", "{\"value\":1,\"from\":\"METRE\",\"to\":\"KILOGRAM\"}"));
  }

  @Test
  void anUnknownUnitIsAnArgumentProblemTheModelCanFix() {
    String result =
        registry.dispatch("convert_units", "{\"value\":1,\"from\":\"LIGHTYEAR\",\"to\":\"METRE\"}");
    assertTrue(
        result.startsWith("{\"error\":\"Invalid arguments for tool convert_units\""), result);
    assertTrue(result.contains("\"path\":\"/from\""), result);
  }

  @Test
  void listsTheUnitsByKind() {
    String units = registry.dispatch("list_units", "{}");
    assertTrue(units.startsWith("{\"length\":[\"METRE\",\"KILOMETRE\""), units);
    assertTrue(units.contains("\"temperature\":[\"CELSIUS\",\"FAHRENHEIT\",\"KELVIN\"]"), units);
  }

  @Test
  void theConfigurationCanDisableThePlugin() {
    ToolsmithConfig config =
        ToolsmithConfig.parse("plugins: {disabled: [units]}", "toolsmith.yaml", Path.of("."));
    ToolRegistry without = ToolRegistry.create();
    DiscoveryReport disabled = Discovery.builder().config(config).build().into(without);
    assertEquals(List.of(), without.toolNames());
    assertEquals(
        SourceReport.Status.DISABLED, disabled.sources(ToolOrigin.Kind.PLUGIN).get(0).status());
  }

  @Test
  void largeValuesAreNotCutAtTheLongRange() {
    // 1e10 m is 32,808,398,950.13 ft; rounding through a long once gave 9.223372036854776E9
    String result =
        registry.dispatch("convert_units", "{\"value\":1e10,\"from\":\"METRE\",\"to\":\"FOOT\"}");
    assertTrue(result.startsWith("{\"value\":3.2808398950131233E10,"), result);
    assertTrue(
        registry
            .dispatch("convert_units", "{\"value\":1e300,\"from\":\"METRE\",\"to\":\"FOOT\"}")
            .startsWith("{\"value\":3.28083989501312"),
        "1e300");
  }
}
