package dev.toolsmith.example;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.function.Supplier;

/** A class that does everything {@link NoReflectionTest} forbids, to prove the test can fail. */
final class ReflectiveFixture {

  /** Data-bound by Jackson in {@link #readBean}. */
  record Bean(String name) {}

  Object callByName(String className) throws Exception {
    return Class.forName(className).getMethod("toString").invoke(this);
  }

  Object construct(Class<?> type) throws Exception {
    return type.getDeclaredConstructor().newInstance();
  }

  String callHandle(MethodHandle handle) throws Throwable {
    return (String) handle.invokeExact("x");
  }

  Bean readBean(String json) throws Exception {
    return new ObjectMapper().readValue(json, Bean.class);
  }

  List<Supplier<String>> lambdasAreFine(Bean bean) {
    Supplier<String> concat = () -> "name: " + bean.name();
    return List.of(concat, bean::name);
  }
}
