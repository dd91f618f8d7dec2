package demo.shapes;

import dev.toolsmith.annotations.Discriminator;
import dev.toolsmith.annotations.JsonName;
import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;

/** Geometry. */
public final class Shapes {
  private Shapes() {}

  /** A shape. */
  @Discriminator("kind")
  public sealed interface Shape permits Circle, Rect {}

  /**
   * A circle.
   *
   * @param radius its radius
   */
  @JsonName("circle")
  public record Circle(@Param(exclusiveMinimum = 0) double radius) implements Shape {}

  /**
   * A rectangle.
   *
   * @param width its width
   * @param height its height
   */
  @JsonName("rectangle")
  public record Rect(double width, double height) implements Shape {}

  /** Computes a shape's area. */
  @Tool
  public static double area(Shape shape) {
    if (shape instanceof Circle circle) {
      return Math.PI * circle.radius() * circle.radius();
    }
    Rect rect = (Rect) shape;
    return rect.width() * rect.height();
  }
}
