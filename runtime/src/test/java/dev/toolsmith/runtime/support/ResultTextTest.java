package dev.toolsmith.runtime.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A primitive result is written without boxing, exactly as Jackson's generator writes it (the
 * oracle: the writer a boxed result goes through).
 */
final class ResultTextTest {

  @Test
  void numbersAreWrittenAsTheGeneratorWritesThem() {
    for (double d :
        new double[] {
          0,
          -0.0,
          0.1,
          1e-5,
          1e21,
          123456789012345678.0,
          Double.MIN_VALUE,
          Double.MAX_VALUE,
          Double.NaN,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY
        }) {
      assertEquals(ResultText.json(d, Writers.DOUBLE), ResultText.json(d), "double " + d);
    }
    for (float f :
        new float[] {
          0, -0.0f, 0.1f, 1e-5f, 3.4e38f, Float.MIN_VALUE, Float.NaN, Float.NEGATIVE_INFINITY
        }) {
      assertEquals(ResultText.json(f, Writers.FLOAT), ResultText.json(f), "float " + f);
    }
    for (long l : new long[] {0, -1, 42, Long.MIN_VALUE, Long.MAX_VALUE}) {
      assertEquals(ResultText.json(l, Writers.INTEGER), ResultText.json(l), "long " + l);
    }
    int i = Integer.MIN_VALUE;
    assertEquals(ResultText.json(i, Writers.INTEGER), ResultText.json(i));
    assertEquals(ResultText.json(true, Writers.BOOLEAN), ResultText.json(true));
    assertEquals(ResultText.json(false, Writers.BOOLEAN), ResultText.json(false));
  }
}
