package dev.toolsmith.bench;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LangChain4j 1.x as an AI service registers tools: {@code ToolService.findTools} on each tool
 * object (ToolSpecifications from reflection, one DefaultToolExecutor per method), definitions in
 * OpenAI's shape the way its OpenAI module maps them (schema element to map, then Jackson).
 */
final class LangChain4jContender {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final List<ToolSpecification> specifications;
  private final Map<String, ToolExecutor> executors;

  private LangChain4jContender(
      List<ToolSpecification> specifications, Map<String, ToolExecutor> executors) {
    this.specifications = specifications;
    this.executors = executors;
  }

  /** Start-up: instantiates the set's tool classes and builds specifications and executors. */
  static LangChain4jContender load(ClassLoader loader) {
    requireNonNull(loader, "loader == null");
    List<ToolSpecification> specifications = new ArrayList<>();
    Map<String, ToolExecutor> executors = new HashMap<>();
    for (Object tools : ToolSets.instantiate(loader)) {
      for (AiServiceTool tool : ToolService.findTools(tools)) {
        specifications.add(tool.toolSpecification());
        executors.put(tool.name(), tool.toolExecutor());
      }
    }
    specifications.sort((a, b) -> a.name().compareTo(b.name()));
    return new LangChain4jContender(specifications, executors);
  }

  int size() {
    return specifications.size();
  }

  /** Listing: the OpenAI tools array. */
  String definitions() {
    List<Map<String, Object>> tools = new ArrayList<>(specifications.size());
    for (ToolSpecification spec : specifications) {
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
