package dev.toolsmith.runtime;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.toolsmith.runtime.tool.ToolSession;
import dev.toolsmith.runtime.tool.ToolSessions;
import org.junit.jupiter.api.Test;

class ToolSessionsTest {

  @Test
  void aConversationKeepsItsSessionAndTheLeastRecentlyUsedIsForgottenPastTheBound() {
    ToolSessions<String> sessions = new ToolSessions<>(3);
    ToolSession a = sessions.of("a");
    ToolSession b = sessions.of("b");
    sessions.of("c");
    assertSame(a, sessions.of("a")); // a is now the most recently used
    for (int round = 0; round < 10; round++) { // ten times the bound come and go
      sessions.of("d" + round);
    }
    assertNotSame(a, sessions.of("a"), "forgotten after ten newer conversations");
    assertNotSame(b, sessions.of("b"));
    ToolSession again = sessions.of("b");
    assertSame(again, sessions.of("b"));
  }

  @Test
  void aBoundBelowOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new ToolSessions<String>(0));
  }
}
