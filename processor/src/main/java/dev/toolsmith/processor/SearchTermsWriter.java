package dev.toolsmith.processor;

import dev.toolsmith.schema.search.SchemaProperties;
import dev.toolsmith.schema.search.ToolTerms;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool's search terms as its entry carries them: its name, description, parameters (read from the
 * schema the adapter writes, as the runtime reads them), toolset and keywords analysed by the
 * runtime's own analysis, written in its compact form with the analysis' version, so the first
 * search reads them instead of analysing the text and a runtime of another analysis ignores them.
 */
final class SearchTermsWriter {

  private SearchTermsWriter() {}

  /**
   * The written terms of {@code tool} with arguments {@code schema}, in the form of {@link
   * SearchTerms#VERSION}.
   */
  static String of(ToolModel tool, String schema) {
    List<String> names = new ArrayList<>();
    List<String> descriptions = new ArrayList<>();
    SchemaProperties.forEach(
        schema,
        (name, description) -> {
          names.add(name);
          descriptions.add(description);
        });
    ToolTerms terms =
        ToolTerms.analyse(
            tool.name(),
            tool.definition().description(),
            names,
            descriptions,
            tool.registration().toolset(),
            tool.registration().keywords());
    return terms.write();
  }
}
