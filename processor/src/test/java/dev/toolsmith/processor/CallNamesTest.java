package dev.toolsmith.processor;

import static com.google.common.truth.Truth.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import com.squareup.javapoet.ClassName;
import dev.toolsmith.runtime.Bindings;
import dev.toolsmith.runtime.ToolEntry;
import dev.toolsmith.runtime.tool.ToolContext;
import java.io.IOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated methods' names read as hand-chosen ones, and stay distinct. */
class CallNamesTest {

  private static final ClassName CALLS = ClassName.get("demo", "Owner_Tools", "Calls");

  @Test
  void handlersAreTheToolNameInCamelCaseAfterCall() {
    CallNames names = new CallNames(CALLS);
    assertEquals("callFileChecksum", names.handler("file_checksum"));
    assertEquals("callReadFile", names.handler("read-file"));
    assertEquals("callFileChecksum", names.handler("file_checksum"), "asked twice, one name");
  }

  @Test
  void aToolNamedLikeADispatcherGetsAnotherName() {
    CallNames names = new CallNames(CALLS);
    assertEquals("callAsync_", names.handler("async"));
    assertEquals("callFileChecksum", names.handler("fileChecksum"));
    assertEquals(
        "callFileChecksum_", names.handler("file_checksum"), "a second tool, same camel case");
  }

  @Test
  void recordMethodsUseTheSimpleNameAndTheEnclosingOnesWhenTwoRecordsShareIt() {
    CallNames names = new CallNames(CALLS);
    ClassName booking = ClassName.get("demo", "Booking", "Request");
    ClassName refund = ClassName.get("demo", "Refunds", "Request");
    assertEquals("readRequest", names.method(CallNames.Role.READ, booking));
    assertEquals("readRefundsRequest", names.method(CallNames.Role.READ, refund));
    assertEquals("writeRequest", names.method(CallNames.Role.WRITE, booking));
    assertEquals("readRequestVariant", names.method(CallNames.Role.READ_VARIANT, booking));
    assertEquals("readRequest", names.method(CallNames.Role.READ, booking), "asked twice");
  }

  @Test
  void eachRecordMethodAskedForIsToBeWrittenOnce() {
    CallNames names = new CallNames(CALLS);
    ClassName node = ClassName.get("demo", "Trees", "Node");
    names.method(CallNames.Role.READ, node);
    names.method(CallNames.Role.WRITE, node);
    names.method(CallNames.Role.READ, node);
    assertEquals(new CallNames.Method(CallNames.Role.READ, node), names.nextUnwritten());
    assertEquals(new CallNames.Method(CallNames.Role.WRITE, node), names.nextUnwritten());
    assertNull(names.nextUnwritten());
  }

  @Test
  void twoRecordsOfOneSimpleNameAreReadAndWrittenByTheirOwnMethods(@TempDir Path dir)
      throws Exception {
    JavaFileObject source =
        JavaFileObjects.forSourceLines(
            "demo.Desk",
            "package demo;",
            "import dev.toolsmith.annotations.Tool;",
            "public final class Desk {",
            "  public static final class Rooms { public record Request(String room) {} }",
            "  public static final class Meals { public record Request(String meal, int count) {} }",
            "  public record Order(Rooms.Request room, Meals.Request meal) {}",
            "  /** Echoes an order. */",
            "  @Tool public static Order order(Order order) { return order; }",
            "}");
    Compilation compilation = Compiled.compile(source);
    String adapter = generated(compilation, "demo/Desk_Tools.java");
    assertThat(adapter).contains("Calls::readRequest)");
    assertThat(adapter).contains("Calls::readMealsRequest)");
    assertThat(adapter).contains("private static void writeOrder(");
    // the tool's arguments are the record's properties: its reader reads them, as a nested one
    assertThat(adapter).contains("Desk.Order order = readOrder(in);");
    try (URLClassLoader loader = Compiled.loader(Compiled.writeClassOutput(compilation, dir))) {
      Map<String, ToolEntry> tools = Compiled.tools(loader, Bindings.none());
      String order = "{\"room\":{\"room\":\"A101\"},\"meal\":{\"meal\":\"soup\",\"count\":2}}";
      assertEquals(order, Compiled.call(tools.get("order"), order, ToolContext.empty()));
    }
  }

  private static String generated(Compilation compilation, String path) throws IOException {
    return compilation
        .generatedFile(StandardLocation.SOURCE_OUTPUT, path)
        .orElseThrow()
        .getCharContent(true)
        .toString();
  }
}
