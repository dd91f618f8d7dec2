package dev.toolsmith.processor;

import dev.toolsmith.runtime.ToolEntry;
import org.junit.jupiter.api.Test;

final class CatalogDumpTest {
  @Test
  void dump() {
    for (ToolEntry e : Catalog.tools().values()) {
      System.out.println("SCHEMA " + e.name() + " " + e.schema());
    }
  }
}
