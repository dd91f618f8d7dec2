package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import com.squareup.javapoet.ClassName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The naming convention and the Javadoc reading the processor derives names and descriptions with.
 */
final class NamesAndJavadocsTest {

  @Test
  void toolNamesAreSnakeCase() {
    assertThat(Names.snakeCase("readFile")).isEqualTo("read_file");
    assertThat(Names.snakeCase("parseURL")).isEqualTo("parse_url");
    assertThat(Names.snakeCase("parseURLFast")).isEqualTo("parse_url_fast");
    assertThat(Names.snakeCase("getV2Data")).isEqualTo("get_v2_data");
    assertThat(Names.snakeCase("now")).isEqualTo("now");
    assertThat(Names.snakeCase("already_snake")).isEqualTo("already_snake");
  }

  @Test
  void adapterNamesFlattenNesting() {
    assertThat(Names.adapter(ClassName.get("a.b", "Outer", "Inner")))
        .isEqualTo(ClassName.get("a.b", "Outer_Inner_Tools"));
  }

  @Test
  void indexNameOnTheClassPathDependsOnTheAdaptersOnly() {
    List<String> both = List.of("p.A_Tools", "q.B_Tools");
    assertThat(Names.index("", "", both)).isEqualTo(Names.index("", "", both));
    assertThat(Names.index("", "", both)).isNotEqualTo(Names.index("", "", List.of("p.A_Tools")));
    assertThat(Names.index("", "", both).packageName()).isEqualTo("p");
  }

  @Test
  void indexNameInANamedModuleIsStableAndAnOptionWins() {
    assertThat(Names.index("", "com.acme.app", List.of("p.A_Tools")))
        .isEqualTo(ClassName.get("com.acme.app", "ToolsmithIndex"));
    assertThat(Names.index("", "com.acme.app", List.of("p.A_Tools", "q.B_Tools")))
        .isEqualTo(ClassName.get("com.acme.app", "ToolsmithIndex"));
    assertThat(Names.index("com.acme.Tools", "com.acme.app", List.of("p.A_Tools")))
        .isEqualTo(ClassName.get("com.acme", "Tools"));
  }

  @Test
  void schemaConstantsStayUniqueWithinAnAdapter() {
    assertThat(Names.schemaConstants(List.of("read-file", "read_file", "readFile")))
        .containsExactly(
            "read-file",
            "READ_FILE_SCHEMA",
            "read_file",
            "READ_FILE_SCHEMA_2",
            "readFile",
            "READFILE_SCHEMA")
        .inOrder();
  }

  @Test
  void summaryIsTheFirstSentenceAsPlainText() {
    assertThat(
            Javadocs.summary(
                " Reads a {@code File} via {@link java.nio.file.Files#lines the lines}. Then"
                    + " more.\n"))
        .isEqualTo("Reads a File via the lines.");
    assertThat(
            Javadocs.summary(
                "Uses {@link Foo#bar} and <b>bold</b> text\n across lines.\n@return x"))
        .isEqualTo("Uses Foo.bar and bold text across lines.");
    assertThat(Javadocs.summary("No period at all\n@param x y")).isEqualTo("No period at all");
    assertThat(Javadocs.summary("e.g.this stays. Next.")).isEqualTo("e.g.this stays.");
    assertThat(Javadocs.summary(null)).isEmpty();
    assertThat(Javadocs.summary(" @param x only tags")).isEmpty();
  }

  @Test
  void paramTagsRunToTheNextBlockTag() {
    Map<String, String> params =
        Javadocs.params(
            """
            Main text.

            @param path file path, see {@code Path}
               continued here
            @param maxLines stop after this many lines
            @return the text
            """);
    assertThat(params)
        .containsExactly(
            "path", "file path, see Path continued here", "maxLines", "stop after this many lines");
  }

  @Test
  void literalsStayAscii() {
    assertThat(Literals.string("a\"b\\c\n\u00e9\u2600\u0001"))
        .isEqualTo("\"a\\\"b\\\\c\\n\\u00e9\\u2600\\001\"");
  }
}
