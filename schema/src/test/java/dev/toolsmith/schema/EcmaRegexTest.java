package dev.toolsmith.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Patterns run with ECMA-262's semantics, and Java-only syntax is refused. */
final class EcmaRegexTest {

  @Test
  void patternsAreEcma262() {
    assertFalse(EcmaRegex.compile("^[A-Z]{1,5}$").matcher("IBM\n").find());
    assertFalse(EcmaRegex.compile("^[A-Z]{1,5}$").matcher("IBM\u2028").find());
    assertTrue(EcmaRegex.compile("^[A-Z]{1,5}$").matcher("IBM").find());
    assertTrue(EcmaRegex.compile("^\\s$").matcher("\u00a0").find());
    assertFalse(EcmaRegex.compile("\\S").matcher("\u2003\ufeff").find());
    assertTrue(EcmaRegex.compile("^.$").matcher("\u0085").find());
    assertTrue(EcmaRegex.compile("\\bfoo").matcher("\u00e9foo").find()); // é is no word char
    for (String javaOnly :
        List.of(
            "(?i)abc",
            "a++",
            "\\Aabc",
            "abc\\Z",
            "\\p{javaLowerCase}",
            "[a-z&&[^e]]",
            "(?>a)",
            "\\h")) {
      assertNotNull(EcmaRegex.problem(javaOnly), javaOnly);
    }
  }
}
