package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import dev.toolsmith.springai.ToolsmithToolCallbackProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.util.JsonHelper;

/**
 * Spring AI over Toolsmith: the Toolsmith-compiled set in a registry, offered through {@code
 * ToolsmithToolCallbackProvider}; listing and dispatch exactly as {@link SpringAiContender} does
 * them with Spring AI's own callbacks (definitions each parsed to a map and the array written by
 * Jackson 3, as its OpenAI module does; {@code ToolCallback.call(json)}).
 */
final class SpringAiBridgeContender {

  private static final JsonHelper JSON = new JsonHelper();

  private final ToolsmithToolCallbackProvider provider;
  private final Map<String, ToolCallback> byName = new HashMap<>();

  private SpringAiBridgeContender(ToolsmithToolCallbackProvider provider) {
    this.provider = provider;
    for (ToolCallback callback : provider.getToolCallbacks()) {
      byName.put(callback.getToolDefinition().name(), callback);
    }
  }

  /** Start-up: discovers the Toolsmith set on {@code loader} and builds its callbacks. */
  static SpringAiBridgeContender load(ClassLoader loader) {
    requireNonNull(loader, "loader == null");
    ToolsmithContender toolsmith = ToolsmithContender.load(loader);
    return new SpringAiBridgeContender(ToolsmithToolCallbackProvider.of(toolsmith.registry()));
  }

  int size() {
    return byName.size();
  }

  /** Listing: the OpenAI tools array of the callbacks a request gets (availability checked). */
  String definitions() {
    ToolCallback[] callbacks = provider.getToolCallbacks();
    List<Map<String, Object>> tools = new ArrayList<>(callbacks.length);
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
