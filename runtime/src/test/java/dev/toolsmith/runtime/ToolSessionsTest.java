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
    ToolSessions<String> sessions = new ToolSessions<>(2);
    ToolSession a = sessions.of("a");
    ToolSession b = sessions.of("b");
    assertSame(a, sessions.of("a")); // a is now the more recently used
    sessions.of("c"); // past the bound: b goes, not a (which came first)
    assertSame(a, sessions.of("a"));
    assertNotSame(b, sessions.of("b"));
    for (int round = 0; round < 20; round++) { // ten times the bound come and go
      sessions.of("d" + round);
    }
    assertNotSame(a, sessions.of("a"), "forgotten after newer conversations");
    ToolSession again = sessions.of("a");
    assertSame(again, sessions.of("a"));
  }

  @Test
  void aBoundBelowOneIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new ToolSessions<String>(0));
  }
}
