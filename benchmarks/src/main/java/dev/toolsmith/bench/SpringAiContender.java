package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.method.MethodToolCallbackProvider;
import org.springframework.ai.util.JsonHelper;

/**
 * Spring AI 2.x without Spring Boot: {@code MethodToolCallbackProvider} over the tool objects,
 * {@code MethodToolCallback.call}, and definitions in OpenAI's shape the way its OpenAI module
 * builds them (each input schema parsed to a map, then the request written by Jackson 3).
 */
final class SpringAiContender {

  private static final JsonHelper JSON = new JsonHelper();

  private final List<ToolCallback> callbacks;
  private final Map<String, ToolCallback> byName;

  private SpringAiContender(List<ToolCallback> callbacks) {
    this.callbacks = callbacks;
    this.byName = new HashMap<>();
    for (ToolCallback callback : callbacks) {
      byName.put(callback.getToolDefinition().name(), callback);
    }
  }

  /** Start-up: instantiates the set's tool classes and builds their callbacks and schemas. */
  static SpringAiContender load(ClassLoader loader) {
    requireNonNull(loader, "loader == null");
    ToolCallback[] callbacks =
        MethodToolCallbackProvider.builder()
            .toolObjects(ToolSets.instantiate(loader).toArray())
            .build()
            .getToolCallbacks();
    List<ToolCallback> sorted = new ArrayList<>(Arrays.asList(callbacks));
    sorted.sort((a, b) -> a.getToolDefinition().name().compareTo(b.getToolDefinition().name()));
    return new SpringAiContender(sorted);
  }

  int size() {
    return callbacks.size();
  }

  /** Listing: the OpenAI tools array. */
  String definitions() {
    List<Map<String, Object>> tools = new ArrayList<>(callbacks.size());
    for (ToolCallback callback : callbacks) {
      ToolDefinition definition = callback.getToolDefinition();
      Map<String, Object> function = new LinkedHashMap<>();
      function.put("name", definition.name());
      function.put("description", definition.description());
      function.put("parameters", JSON.fromJsonToMap(definition.inputSchema()));
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("type", "function");
      tool.put("function", function);
      tools.add(tool);
    }
    return JSON.toJson(tools);
  }

  String dispatch(String name, String arguments) {
    ToolCallback callback = byName.get(name);
    if (callback == null) {
      return "{\"error\":\"Unknown tool: " + name + "\"}";
    }
    return callback.call(arguments);
  }
}
