package dev.toolsmith.processor;

import com.sun.source.util.DocTrees;
import com.sun.source.util.Trees;
import java.lang.reflect.Field;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;
import org.jspecify.annotations.Nullable;

/**
 * What the processor may assume about where an element comes from: its source or a class file, and
 * the module it is compiled into.
 *
 * <p>The one use of reflection in Toolsmith's main code is here, in the compiler, once per build:
 * reading the {@code delegate} field of a build tool's wrapped environment. The runtime and the
 * generated code never reflect (the no-reflection test checks their bytecode).
 */
final class Origins {

  private Origins() {}

  /**
   * Whether {@code element} is being compiled from source. Build tools hand unchanged classes to
   * processors as class files (Gradle's incremental mode does); those carry no Javadoc and, without
   * {@code -parameters}, no parameter names, so nothing may be generated from them.
   */
  static boolean fromSource(ProcessingEnvironment env, Element element) {
    Trees trees = docTrees(env);
    // Another compiler: no way to tell, and it compiles sources.
    return trees == null || trees.getPath(element) != null;
  }

  /**
   * javac's {@link DocTrees}, also behind the wrapper a build tool puts around javac's environment
   * (Gradle's incremental processing keeps javac's in a field named {@code delegate}); null when
   * the compiler is not javac.
   */
  static @Nullable DocTrees docTrees(ProcessingEnvironment env) {
    ProcessingEnvironment current = env;
    for (int wrappers = 0; current != null && wrappers < 4; wrappers++) {
      try {
        return DocTrees.instance(current);
      } catch (IllegalArgumentException notJavac) {
        current = delegateOf(current);
      }
    }
    return null;
  }

  /** The environment {@code wrapper} delegates to, read from its {@code delegate} field. */
  private static @Nullable ProcessingEnvironment delegateOf(ProcessingEnvironment wrapper) {
    for (Class<?> type = wrapper.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField("delegate");
        field.setAccessible(true);
        Object delegate = field.get(wrapper);
        return delegate instanceof ProcessingEnvironment environment ? environment : null;
      } catch (NoSuchFieldException notHere) {
        // look in the superclass
      } catch (ReflectiveOperationException | RuntimeException inaccessible) {
        return null;
      }
    }
    return null;
  }

  /** The name of the named module {@code element} belongs to, or empty for the class path. */
  static String moduleName(ProcessingEnvironment env, Element element) {
    ModuleElement module = env.getElementUtils().getModuleOf(element);
    return module == null || module.isUnnamed() ? "" : module.getQualifiedName().toString();
  }
}
