package dev.toolsmith.runtime;

import static dev.toolsmith.runtime.support.ObjectShape.optional;
import static dev.toolsmith.runtime.support.ObjectShape.required;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.support.ArgumentReader;
import dev.toolsmith.runtime.support.JsonNodes;
import dev.toolsmith.runtime.support.ObjectShape;
import dev.toolsmith.runtime.support.Readers;
import dev.toolsmith.runtime.support.ValueReader;
import dev.toolsmith.runtime.support.Values;
import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * A property sent twice in one object is invalid JSON for a tool wherever it appears: arguments,
 * nested records, maps, free-form values, a union's discriminator, and objects of more than 64
 * properties (past the shape's bits). Arguments are parsed without Jackson's duplicate detection,
 * so these readers are what catches them.
 */
final class DuplicatePropertiesTest {

  private static final ObjectShape VARIANT = ObjectShape.variant("type", optional("n"));

  private static final ValueReader<Integer> RECORD =
      Readers.object(DuplicatePropertiesTest::readVariant);

  private static final ObjectShape SHAPE =
      ObjectShape.of(
          required("a", "integer"),
          optional("record"),
          optional("map"),
          optional("json"),
          optional("records"),
          optional("maps"),
          optional("union"));

  private static final List<ValueReader<?>> READERS =
      List.of(
          Readers.INT,
          RECORD,
          Readers.map(Readers.INT),
          JsonNodes.READER,
          Readers.list(RECORD),
          Readers.list(Readers.map(Readers.INT)),
          Values.union("type", new String[] {"x"}, RECORD));

  /** A record of one optional property {@code n}, read as generated code reads a variant. */
  private static @Nullable Integer readVariant(ArgumentReader in) {
    Integer n = null;
    while (in.nextProperty(VARIANT)) {
      n = in.read(Readers.INT);
    }
    return in.endObject(VARIANT) ? n : null;
  }

  /** The values of {@link #SHAPE}'s properties, read as generated code reads arguments. */
  private static @Nullable Object[] read(String arguments) throws InvalidArgumentsException {
    ArgumentReader in = ArgumentReader.of(arguments);
    Object[] values = new Object[READERS.size()];
    while (in.nextProperty(SHAPE)) {
      values[in.property()] = in.read(READERS.get(in.property()));
    }
    in.endArguments(SHAPE);
    return values;
  }

  @Test
  void aRepeatedPropertyIsReportedWhereverItIs() {
    assertDuplicate("{\"a\":1,\"a\":1}", "a");
    assertDuplicate("{\"a\":1,\"record\":{\"n\":1,\"n\":2}}", "n");
    assertDuplicate("{\"a\":1,\"map\":{\"k\":1,\"k\":1}}", "k");
    assertDuplicate("{\"a\":1,\"json\":{\"deep\":{\"k\":1,\"k\":2}}}", "k");
    assertDuplicate("{\"a\":1,\"union\":{\"type\":\"x\",\"type\":\"x\"}}", "type");
    assertDuplicate("{\"a\":1,\"union\":{\"type\":\"x\",\"n\":1,\"n\":1}}", "n");
  }

  @Test
  void aRepeatedPropertyInsideAnArrayIsTheOnlyProblem() {
    // Reading stops there: the rest of that object is not taken for more items.
    assertDuplicate(
        "{\"a\":1,\"records\":[{\"n\":1,\"n\":2,\"type\":\"x\"},{\"n\":3},{\"n\":4}]}", "n");
    assertDuplicate("{\"a\":1,\"maps\":[{\"k\":1,\"k\":2,\"l\":[1]},{\"k\":3}]}", "k");
  }

  @Test
  void objectsPastSixtyFourPropertiesStillCatchRepeats() throws Exception {
    List<ObjectShape.Property> properties = new ArrayList<>();
    StringBuilder json = new StringBuilder("{");
    for (int i = 0; i < 70; i++) {
      properties.add(optional("p" + i));
      json.append("\"p").append(i).append("\":").append(i).append(',');
    }
    ObjectShape wide = ObjectShape.of(properties.toArray(new ObjectShape.Property[0]));
    int[] values = readWide(wide, json.substring(0, json.length() - 1) + "}");
    assertEquals(69, values[69]);
    InvalidArgumentsException e =
        assertThrows(InvalidArgumentsException.class, () -> readWide(wide, json + "\"p68\":1}"));
    assertEquals(
        List.of(new ArgumentProblem("", "valid JSON", "invalid JSON: Duplicate field 'p68'")),
        e.problems());
  }

  /** Reads the {@code int} properties of {@code wide}, more than 64 of them. */
  private static int[] readWide(ObjectShape wide, String arguments)
      throws InvalidArgumentsException {
    ArgumentReader in = ArgumentReader.of(arguments);
    int[] values = new int[70];
    while (in.nextProperty(wide)) {
      values[in.property()] = in.readInt();
    }
    in.endArguments(wide);
    return values;
  }

  @Test
  void distinctPropertiesAreRead() throws Exception {
    @Nullable Object[] values =
        read(
            "{\"a\":1,\"record\":{\"n\":2},\"map\":{\"k\":3,\"l\":4},\"json\":{\"k\":{\"k\":5}},"
                + "\"union\":{\"n\":6,\"type\":\"x\"}}");
    assertEquals(1, values[0]);
  }

  private static void assertDuplicate(String arguments, String name) {
    InvalidArgumentsException e =
        assertThrows(InvalidArgumentsException.class, () -> read(arguments));
    assertEquals(1, e.problems().size(), e.problems().toString());
    assertEquals("valid JSON", e.problems().get(0).expected());
    assertEquals("invalid JSON: Duplicate field '" + name + "'", e.problems().get(0).got());
  }
}
