package demo.bound;

import dev.toolsmith.annotations.BindInstance;
import dev.toolsmith.annotations.Tool;

/** A counter the application creates and binds. */
@BindInstance
public class Counter {
  private long count;

  /**
   * Adds to the counter.
   *
   * @param amount how much to add
   */
  @Tool(toolset = "counting")
  public long add(long amount) {
    count += amount;
    return count;
  }
}
