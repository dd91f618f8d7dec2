package dev.toolsmith.runtime;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;

/**
 * A class file's constant pool, as the bytecode tests read it: each entry's tag, its UTF-8 text,
 * and its one or two index operands (Class, String, MethodType, Module, Package: {@code first};
 * field, method and interface method refs, NameAndType, dynamic constants: {@code first} and {@code
 * second}).
 */
final class ConstantPool {

  final int[] tags;
  final String[] utf8;
  final int[] first;
  final int[] second;

  private ConstantPool(int count) {
    tags = new int[count];
    utf8 = new String[count];
    first = new int[count];
    second = new int[count];
  }

  static ConstantPool read(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    ConstantPool pool = new ConstantPool(in.readUnsignedShort());
    for (int i = 1; i < pool.tags.length; i++) {
      int tag = in.readUnsignedByte();
      pool.tags[i] = tag;
      switch (tag) {
        case 1 -> pool.utf8[i] = in.readUTF();
        case 3, 4 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++; // a long or double takes two slots
        }
        case 7, 8, 16, 19, 20 -> pool.first[i] = in.readUnsignedShort();
        case 9, 10, 11, 12, 17, 18 -> {
          pool.first[i] = in.readUnsignedShort();
          pool.second[i] = in.readUnsignedShort();
        }
        case 15 -> {
          in.readUnsignedByte();
          in.readUnsignedShort();
        }
        default -> throw new IOException("unknown constant pool tag " + tag);
      }
    }
    return pool;
  }

  int size() {
    return tags.length;
  }
}
