package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.toolsmith.langchain4j.ToolsmithToolProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LangChain4j over Toolsmith: the Toolsmith-compiled set in a registry, offered through {@code
 * ToolsmithToolProvider}; listing and dispatch exactly as {@link LangChain4jContender} does them
 * with LangChain4j's own tools (each specification to OpenAI's shape, then Jackson; {@code
 * ToolExecutor.execute(request, memoryId)}).
 */
final class LangChain4jBridgeContender {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ToolProviderRequest REQUEST =
      new ToolProviderRequest("memory", UserMessage.from("list the tools"));

  private final ToolsmithToolProvider provider;
  private final Map<String, ToolExecutor> executors = new HashMap<>();

  private LangChain4jBridgeContender(ToolsmithToolProvider provider) {
    this.provider = provider;
    for (AiServiceTool tool : provider.provideTools(REQUEST).aiServiceTools()) {
      executors.put(tool.name(), tool.toolExecutor());
    }
  }

  /** Start-up: discovers the Toolsmith set on {@code loader} and builds its specifications. */
  static LangChain4jBridgeContender load(ClassLoader loader) {
    requireNonNull(loader, "loader == null");
    ToolsmithContender toolsmith = ToolsmithContender.load(loader);
    return new LangChain4jBridgeContender(ToolsmithToolProvider.of(toolsmith.registry()));
  }

  int size() {
    return executors.size();
  }

  /** Listing: the OpenAI tools array of what an AI service call gets (availability checked). */
  String definitions() {
    List<AiServiceTool> provided = provider.provideTools(REQUEST).aiServiceTools();
    List<Map<String, Object>> tools = new ArrayList<>(provided.size());
    for (AiServiceTool one : provided) {
      ToolSpecification spec = one.toolSpecification();
      Map<String, Object> function = new LinkedHashMap<>();
      function.put("name", spec.name());
      function.put("description", spec.description());
      function.put("parameters", JsonSchemaElementUtils.toMap(spec.parameters()));
      Map<String, Object> tool = new LinkedHashMap<>();
      tool.put("type", "function");
      tool.put("function", function);
      tools.add(tool);
    }
    try {
      return MAPPER.writeValueAsString(tools);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  String dispatch(String name, String arguments) {
    ToolExecutor executor = executors.get(name);
    if (executor == null) {
      return "{\"error\":\"Unknown tool: " + name + "\"}";
    }
    ToolExecutionRequest request =
        ToolExecutionRequest.builder().id("call_1").name(name).arguments(arguments).build();
    return executor.execute(request, "memory");
  }
}
