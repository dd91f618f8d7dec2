package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;

import com.google.testing.compile.JavaFileObjects;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which properties are required, which values may be null, and their descriptions, as the schema
 * shows them and the reader accepts them.
 */
final class PropertiesTest {

  static final JavaFileObject NULLABLE =
      JavaFileObjects.forSourceString(
          "demo.n.Nullable",
          """
          package demo.n;

          import java.lang.annotation.ElementType;
          import java.lang.annotation.Target;

          /** Like JSpecify's: a type-use annotation. */
          @Target(ElementType.TYPE_USE)
          public @interface Nullable {}
          """);

  static final JavaFileObject DECLARATION_NULLABLE =
      JavaFileObjects.forSourceString(
          "demo.n.d.Nullable",
          """
          package demo.n.d;

          /** Like javax.annotation's: a declaration annotation. */
          public @interface Nullable {}
          """);

  static final JavaFileObject TOOLS =
      JavaFileObjects.forSourceString(
          "demo.n.Notes",
"""
package demo.n;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import java.util.Optional;

public final class Notes {
  /**
   * Arguments of {@link #find}.
   *
   * @param query what to look for
   * @param limit at most this many
   */
  public record Find(String query, @Nullable Integer limit, @demo.n.d.Nullable String tag,
      @Param(description = "the page", required = false) Integer page, Optional<String> sort) {}

  /**
   * Finds notes.
   *
   * @param args ignored: the record's own tags describe its components
   */
  @Tool
  public static String find(Find args) {
    return args.query() + "/" + args.limit() + "/" + args.tag() + "/" + args.page() + "/" + args.sort().orElse("-");
  }

  /**
   * Tags a note.
   *
   * @param id the note
   * @param tag the tag to add
   */
  @Tool(description = "Adds a tag.")
  public static String tag(long id, @Nullable String tag, @demo.n.d.Nullable String color) {
    return id + ":" + tag + ":" + color;
  }
}
""");

  @Test
  void nullableOptionalAndNotRequiredPropertiesAreOptional(@TempDir Path dir) throws Exception {
    Path out =
        Compiled.writeClassOutput(Compiled.compile(NULLABLE, DECLARATION_NULLABLE, TOOLS), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      assertThat(tools.get("find").definition().schema())
          .isEqualTo(
              "{\"type\":\"object\",\"properties\":{"
                  + "\"query\":{\"type\":\"string\",\"description\":\"what to look for\"},"
                  + "\"limit\":{\"type\":[\"integer\",\"null\"],\"description\":\"at most this many\"},"
                  + "\"tag\":{\"type\":[\"string\",\"null\"]},"
                  + "\"page\":{\"type\":[\"integer\",\"null\"],\"description\":\"the page\"},"
                  + "\"sort\":{\"type\":[\"string\",\"null\"]}},"
                  + "\"required\":[\"query\"],\"additionalProperties\":false}");
      assertThat(Compiled.call(tools.get("find"), "{\"query\":\"q\"}", ToolContext.empty()))
          .isEqualTo("q/null/null/null/-");
      assertThat(
              Compiled.call(
                  tools.get("find"),
                  "{\"query\":\"q\",\"limit\":2,\"tag\":null,\"page\":3,\"sort\":\"up\"}",
                  ToolContext.empty()))
          .isEqualTo("q/2/null/3/up");

      assertThat(tools.get("tag").definition().description()).isEqualTo("Adds a tag.");
      assertThat(tools.get("tag").definition().schema())
          .isEqualTo(
              "{\"type\":\"object\",\"properties\":{"
                  + "\"id\":{\"type\":\"integer\",\"description\":\"the note\"},"
                  + "\"tag\":{\"type\":[\"string\",\"null\"],\"description\":\"the tag to add\"},"
                  + "\"color\":{\"type\":[\"string\",\"null\"]}},"
                  + "\"required\":[\"id\"],\"additionalProperties\":false}");
      assertThat(Compiled.call(tools.get("tag"), "{\"id\":1}", ToolContext.empty()))
          .isEqualTo("1:null:null");
    }
  }

  @Test
  void optionalItemsAreNullableInTheSchemaAsInTheReader(@TempDir Path dir) throws Exception {
    JavaFileObject source =
        JavaFileObjects.forSourceString(
            "demo.o.Opt",
            """
            package demo.o;

            import dev.toolsmith.annotations.Tool;
            import java.util.List;
            import java.util.Optional;

            public final class Opt {
              /** Counts the present ones. */
              @Tool
              public static int present(List<Optional<String>> values) {
                return (int) values.stream().filter(Optional::isPresent).count();
              }
            }
            """);
    Path out = Compiled.writeClassOutput(Compiled.compile(source), dir);
    try (URLClassLoader loader = Compiled.loader(out)) {
      ToolEntry present = Compiled.tools(loader, Bindings.none()).get("present");
      assertThat(present.definition().schema())
          .contains("\"items\":{\"type\":[\"string\",\"null\"]}");
      assertThat(
              Compiled.call(
                  present,
                  "{\"values\":[\"a\",null,\"b\"]}",
                  dev.toolsmith.runtime.tool.ToolContext.empty()))
          .isEqualTo("2");
      assertThat(
              Validator.accepts(
                  Validator.schema(present.definition().schema()),
                  "{\"values\":[\"a\",null,\"b\"]}"))
          .isTrue();
    }
  }
}
