package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.NameAllocator;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.Set;

/**
 * The method names of one {@code Calls} class, as a reader would have chosen them ({@code
 * callBook}, {@code readRequest}, {@code writeChecksum}), each allocated once by JavaPoet's {@link
 * NameAllocator}; and the record methods the code asked for, so that exactly those are written.
 */
final class CallNames {

  /** What a record method does with its record. */
  enum Role {
    READ("read", ""),
    /** Reads a union's variant, accepting the discriminator the union's reader checked. */
    READ_VARIANT("read", "Variant"),
    WRITE("write", "");

    private final String prefix;
    private final String suffix;

    Role(String prefix, String suffix) {
      this.prefix = prefix;
      this.suffix = suffix;
    }
  }

  /** A record method the code refers to. */
  record Method(Role role, ClassName type) {}

  private final ClassName calls;
  private final NameAllocator allocator = new NameAllocator();
  private final Set<String> simpleNamesTaken = new HashSet<>();
  private final Queue<Method> unwritten = new ArrayDeque<>();

  CallNames(ClassName calls) {
    this.calls = calls;
    // the dispatchers' names, which no handler may take
    allocator.newName("call", "call");
    allocator.newName("callAsync", "callAsync");
  }

  /** The class the methods are in. */
  ClassName calls() {
    return calls;
  }

  /**
   * The method handling calls of the tool named {@code toolName}: {@code file_checksum} -> {@code
   * callFileChecksum}.
   */
  String handler(String toolName) {
    try {
      return allocator.get(toolName);
    } catch (IllegalArgumentException notYet) {
      return allocator.newName("call" + upperCamel(toolName), toolName);
    }
  }

  /** The method doing {@code role} for {@code type}, written once the code is complete. */
  String method(Role role, ClassName type) {
    Method method = new Method(role, type);
    try {
      return allocator.get(method);
    } catch (IllegalArgumentException notYet) {
      unwritten.add(method);
      // the simple name reads best; a second record of that name gets its enclosing class's too
      List<String> simpleNames = type.simpleNames();
      String name = role.prefix + type.simpleName() + role.suffix;
      if (!simpleNamesTaken.add(role + ":" + type.simpleName()) && simpleNames.size() > 1) {
        name =
            role.prefix
                + String.join("", simpleNames.subList(simpleNames.size() - 2, simpleNames.size()))
                + role.suffix;
      }
      return allocator.newName(name, method);
    }
  }

  /** The next record method referred to and not yet written, or null when none is left. */
  Method nextUnwritten() {
    return unwritten.poll();
  }

  /** {@code file_checksum} or {@code file-checksum} -> {@code FileChecksum}. */
  private static String upperCamel(String name) {
    StringBuilder out = new StringBuilder(name.length());
    boolean upper = true;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_' || c == '-') {
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.length() == 0 ? name.toUpperCase(Locale.ROOT) : out.toString();
  }
}
