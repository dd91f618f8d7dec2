package dev.toolsmith.runtime.support;

import java.util.List;

/**
 * Copies the list a primitive array reader read into the array; every element is present (the
 * reader returns null before, when one is missing).
 */
final class PrimitiveArrays {

  private PrimitiveArrays() {}

  static int[] ints(List<Integer> list) {
    int[] array = new int[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static long[] longs(List<Long> list) {
    long[] array = new long[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static double[] doubles(List<Double> list) {
    double[] array = new double[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static boolean[] booleans(List<Boolean> list) {
    boolean[] array = new boolean[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static float[] floats(List<Float> list) {
    float[] array = new float[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static short[] shorts(List<Short> list) {
    short[] array = new short[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static byte[] bytes(List<Byte> list) {
    byte[] array = new byte[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }

  static char[] chars(List<Character> list) {
    char[] array = new char[list.size()];
    for (int i = 0; i < array.length; i++) {
      array[i] = list.get(i);
    }
    return array;
  }
}
