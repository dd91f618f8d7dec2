package dev.toolsmith.runtime;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.function.ToIntFunction;
import org.jspecify.annotations.Nullable;

/**
 * How many tokens a definition's text is, counted at run time on first need: the o200k_base tokens
 * (OpenAI's GPT-4o and later tokenizer) when jtokkit is on the class path, else an estimate of one
 * token per four characters, rounded up. Loading the o200k vocabulary takes about half a second,
 * paid once by the first counted listing of a process; a process that never counts never loads it.
 */
final class DefinitionTokens {

  private DefinitionTokens() {}

  /** The token count of {@code text}; at least 1. */
  static int count(String text) {
    ToIntFunction<String> counter = Chosen.COUNTER;
    return Math.max(1, counter == null ? estimate(text) : counter.applyAsInt(text));
  }

  /** Whether counts are exact o200k_base counts: jtokkit is on the class path. */
  static boolean exact() {
    return Chosen.COUNTER != null;
  }

  /** The estimate without a tokenizer: a token per four characters, rounded up. */
  static int estimate(String text) {
    return (text.length() + 3) / 4;
  }

  /** The tokenizer, chosen on the first count; jtokkit's types stay out of this class. */
  private static final class Chosen {
    static final @Nullable ToIntFunction<String> COUNTER = load();

    private static @Nullable ToIntFunction<String> load() {
      try {
        return new O200k();
      } catch (LinkageError absent) { // jtokkit is an optional dependency
        return null;
      } catch (RuntimeException broken) { // its vocabulary cannot be read: estimate, never fail
        return null;
      }
    }
  }

  /** The o200k_base encoding: loading this class is what needs jtokkit. */
  private static final class O200k implements ToIntFunction<String> {
    private final Encoding encoding =
        Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    @Override
    public int applyAsInt(String text) {
      return encoding.countTokens(text);
    }
  }
}
