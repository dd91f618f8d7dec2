package dev.toolsmith.runtime.support;

import static dev.toolsmith.runtime.support.ObjectShape.optional;
import static dev.toolsmith.runtime.support.ObjectShape.required;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.tool.ArgumentProblem;
import dev.toolsmith.runtime.tool.InvalidArgumentsException;
import dev.toolsmith.schema.ItemBounds;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Where a problem is: the reader takes the JSON Pointer from the parser only when it records one,
 * so these check it wherever a value can be (records in arrays, union variants and distinct items
 * read again from a copy, objects of more than 64 properties around a nested one), and that each
 * object's own problems decide whether it is built.
 */
final class ArgumentReaderTest {

  /** A point: {@code x} and {@code y} required integers. */
  private record Point(int x, int y) {}

  private static final ObjectShape POINT =
      ObjectShape.of(required("x", "integer"), required("y", "integer"));

  private static final ObjectShape DOT = ObjectShape.variant("kind", required("r", "integer"));

  private static final ValueReader<Point> POINTS_ITEM = Readers.object(ArgumentReaderTest::point);

  private static final ValueReader<Object> SHAPE =
      Values.union("kind", new String[] {"dot"}, Readers.object(ArgumentReaderTest::dot));

  private static final ObjectShape CALL =
      ObjectShape.of(
          optional("points"), optional("shapes"), optional("distinct"), optional("point"));

  private static final List<ValueReader<?>> CALL_READERS =
      List.of(
          Readers.list(POINTS_ITEM),
          Readers.list(SHAPE),
          Constraints.items(
              Readers.list(POINTS_ITEM), ItemBounds.builder().uniqueItems(true).build()),
          POINTS_ITEM);

  private static @Nullable Point point(ArgumentReader in) {
    int x = 0;
    int y = 0;
    while (in.nextProperty(POINT)) {
      switch (in.property()) {
        case 0 -> x = in.readInt();
        case 1 -> y = in.readInt();
        default -> throw new AssertionError();
      }
    }
    return in.endObject(POINT) ? new Point(x, y) : null;
  }

  private static @Nullable Object dot(ArgumentReader in) {
    int r = 0;
    while (in.nextProperty(DOT)) {
      r = in.readInt();
    }
    return in.endObject(DOT) ? r : null;
  }

  private static List<@Nullable Object> call(String arguments) throws InvalidArgumentsException {
    ArgumentReader in = ArgumentReader.of(arguments);
    List<@Nullable Object> values = new ArrayList<>(List.of("", "", "", ""));
    while (in.nextProperty(CALL)) {
      values.set(in.property(), in.read(CALL_READERS.get(in.property())));
    }
    in.endArguments(CALL);
    return values;
  }

  private static List<ArgumentProblem> problems(String arguments) {
    return assertThrows(InvalidArgumentsException.class, () -> call(arguments)).problems();
  }

  @Test
  void aDateThatIsNotOnTheCalendarSaysWhichDayDoesNotExist() {
    assertEquals(
        "\"2026-02-30\" (no such day: February 2026 has 28 days)", Problems.gotText("2026-02-30"));
    assertEquals(
        "\"2023-04-31T10:00:00Z\" (no such day: April 2023 has 30 days)",
        Problems.gotText("2023-04-31T10:00:00Z"));
    assertEquals("\"2024-02-29x\"", Problems.gotText("2024-02-29x")); // a day that exists
    assertEquals("\"2024-13-01\"", Problems.gotText("2024-13-01")); // no such month: as it is
    assertEquals("\"soon\"", Problems.gotText("soon"));
  }

  @Test
  void problemsInsideRecordsInArraysPointAtTheProperty() {
    assertEquals(
        List.of(
            new ArgumentProblem("/points/0/x", "integer", "\"a\""),
            new ArgumentProblem("/points/1/y", "integer", "missing"),
            new ArgumentProblem("/points/2", "object", "3"),
            new ArgumentProblem("/point/x", "integer", "array")),
        problems(
            "{\"points\":[{\"x\":\"a\",\"y\":1},{\"x\":2},3,{\"x\":1,\"y\":1}],"
                + "\"point\":{\"x\":[],\"y\":1}}"));
  }

  @Test
  void problemsInsideCopiesPointWhereTheOriginalIs() {
    assertEquals(
        List.of(
            new ArgumentProblem("/shapes/1/r", "integer", "true"),
            new ArgumentProblem("/shapes/2/kind", "one of [dot]", "\"box\""),
            new ArgumentProblem("/shapes/3/r", "integer", "missing"),
            new ArgumentProblem("/distinct/1/y", "integer", "\"b\""),
            new ArgumentProblem(
                "/unknown", "one of [points, shapes, distinct, point]", "unknown property")),
        problems(
            "{\"shapes\":[{\"kind\":\"dot\",\"r\":1},{\"r\":true,\"kind\":\"dot\"},"
                + "{\"kind\":\"box\"},{\"kind\":\"dot\"}],"
                + "\"distinct\":[{\"x\":1,\"y\":1},{\"x\":1,\"y\":\"b\"}],\"unknown\":0}"));
    assertEquals(
        List.of(
            new ArgumentProblem("/distinct", "array, all distinct", "array of 2 with duplicates")),
        problems("{\"distinct\":[{\"x\":1,\"y\":1},{\"y\":1.0,\"x\":1}]}"));
  }

  @Test
  void eachObjectIsBuiltWhenItHadNoProblemOfItsOwn() throws Exception {
    List<@Nullable Object> values = call("{\"points\":[{\"x\":1,\"y\":2},{\"x\":3,\"y\":4}]}");
    assertEquals(List.of(new Point(1, 2), new Point(3, 4)), values.get(0));
    assertEquals(
        List.of(new ArgumentProblem("/points/0/y", "integer", "missing")),
        problems("{\"points\":[{\"x\":1},{\"x\":3,\"y\":4}]}"));
  }

  @Test
  void anObjectOfMoreThanSixtyFourPropertiesKeepsItsOwnAroundANestedOne() {
    List<ObjectShape.Property> properties = new ArrayList<>();
    for (int i = 0; i < 70; i++) {
      properties.add(i == 0 ? required("p0", "integer") : optional("p" + i));
    }
    ObjectShape wide = ObjectShape.of(properties.toArray(new ObjectShape.Property[0]));
    ValueReader<Object> nestedWide =
        in -> {
          while (in.nextProperty(wide)) {
            if (in.property() == 69) {
              in.read(POINTS_ITEM);
            } else {
              in.readInt();
            }
          }
          return in.endObject(wide) ? "built" : null;
        };
    ObjectShape outer = ObjectShape.of(required("w", "object"));
    // p68 before and after a nested object: the wide object's bits come back after it
    String sent = "{\"w\":{\"p68\":1,\"p69\":{\"x\":1,\"y\":2},\"p67\":2,\"p68\":3}}";
    List<ArgumentProblem> problems =
        assertThrows(
                InvalidArgumentsException.class,
                () -> {
                  ArgumentReader in = ArgumentReader.of(sent);
                  while (in.nextProperty(outer)) {
                    in.read(nestedWide);
                  }
                  in.endArguments(outer);
                })
            .problems();
    assertEquals(
        List.of(new ArgumentProblem("", "valid JSON", "invalid JSON: Duplicate field 'p68'")),
        problems);
  }
}
