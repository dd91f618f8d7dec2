package dev.toolsmith.example;

import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.spi.ToolIndex;
import dev.toolsmith.runtime.tool.ToolHandler;
import java.util.ArrayList;
import java.util.List;

/**
 * A plugin's index of ten tools in one toolset, {@code crm}: more than OpenAI advises in one
 * namespace. {@link DeferredDefinitionsCliTest} puts it in a plugin jar.
 */
public final class CrowdedToolsetIndex implements ToolIndex {

  @Override
  public List<ToolEntry> tools(Bindings bindings) {
    List<ToolEntry> tools = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      String name = "crm_lookup_" + i;
      tools.add(
          ToolEntry.builder(name, "crm")
              .schema("{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}")
              .description("Looks up CRM record kind " + i + ".")
              .handler((ToolHandler.Sync) (arguments, context) -> name)
              .build());
    }
    return tools;
  }
}
