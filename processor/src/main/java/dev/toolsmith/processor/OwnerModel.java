package dev.toolsmith.processor;

import com.squareup.javapoet.ClassName;
import java.util.List;

/**
 * A class owning valid tools, from which one adapter is generated.
 *
 * @param owner the class declaring the tools
 * @param bound whether instance tools run on an instance the application binds
 *     ({@code @BindInstance})
 * @param constructs whether the adapter creates the instance with {@code new}
 * @param tools the tools, sorted by name
 */
record OwnerModel(ClassName owner, boolean bound, boolean constructs, List<ToolModel> tools) {

  /** Whether the tools run on an instance, bound or constructed. */
  boolean hasInstanceTools() {
    return bound || constructs;
  }

  /** The adapter's name. */
  ClassName adapter() {
    return Names.adapter(owner);
  }
}
