package dev.toolsmith.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.toolsmith.example.SigningTools.Signature;
import org.junit.jupiter.api.Test;

final class SigningToolsTest {

  @Test
  void signsWithHmacSha256() throws Exception {
    // RFC 4231, test case 2.
    assertEquals(
        new Signature(
            "HmacSHA256", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        SigningTools.sign("Jefe", "what do ya want for nothing?"));
  }

  @Test
  void checkFollowsTheEnvironment() {
    String key = System.getenv(SigningTools.KEY_VARIABLE);
    assertEquals(key != null && !key.isEmpty(), new SigningTools.KeyPresent().getAsBoolean());
  }
}
