package dev.toolsmith.bench;

import dev.toolsmith.runtime.search.SearchDocument;
import dev.toolsmith.runtime.search.SearchParameter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real catalog grown to any size with tools that are not copies: each further round renames the
 * toolsets to invented service names and replaces about a third of the words of every name,
 * description and parameter with invented words, drawn from a pool that grows with the catalog and
 * favours its first words (as a real vocabulary grows: new products, new jargon, common words
 * reused). Deterministic: the same catalog and size give the same tools.
 */
final class GrownCatalog {

  private static final Pattern WORD = Pattern.compile("[A-Za-z]{3,}");
  private static final String[] SYLLABLES = {
    "ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "bra", "dor", "fen", "gil", "hux", "jor",
    "kel", "mar", "nox", "pel", "qui", "ras", "sol", "tam", "ulm", "vex", "wim", "yar", "zed"
  };

  /** The share of words replaced in each round. */
  private static final double REPLACED = 0.35;

  /** Invented words added to the pool per round. */
  private static final int POOL_PER_ROUND = 600;

  private GrownCatalog() {}

  /** The catalog's tools, then rounds of grown tools, {@code size} in all. */
  static List<SearchDocument> of(List<SearchDocument> catalog, int size) {
    List<SearchDocument> tools = new ArrayList<>(size);
    for (int i = 0; tools.size() < size; i++) {
      SearchDocument d = catalog.get(i % catalog.size());
      int round = i / catalog.size();
      tools.add(round == 0 ? d : grown(d, round, new Random(31L * i + round)));
    }
    return tools;
  }

  private static SearchDocument grown(SearchDocument d, int round, Random random) {
    Map<String, String> replaced = new HashMap<>();
    String toolset = invented(100_000 + round * 1_000 + Math.floorMod(d.toolset().hashCode(), 997));
    List<SearchParameter> parameters = new ArrayList<>();
    for (SearchParameter p : d.parameters()) {
      parameters.add(
          new SearchParameter(
              vary(p.name(), round, random, replaced),
              vary(p.description(), round, random, replaced)));
    }
    return new SearchDocument(
        toolset + "__" + vary(d.name(), round, random, replaced) + "_" + round,
        vary(d.description(), round, random, replaced),
        toolset,
        vary(d.toolsetDescription(), round, random, replaced),
        parameters,
        d.keywords());
  }

  /** {@code text} with about {@link #REPLACED} of its words replaced, the same word alike. */
  private static String vary(String text, int round, Random random, Map<String, String> replaced) {
    Matcher words = WORD.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (words.find()) {
      String word = words.group();
      String replacement =
          replaced.computeIfAbsent(
              word.toLowerCase(Locale.ROOT),
              w -> random.nextDouble() < REPLACED ? pick(round, random) : w);
      words.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    words.appendTail(out);
    return out.toString();
  }

  /** How many different words (three letters or more, any case) the tools' texts hold. */
  static int distinctWords(List<SearchDocument> tools) {
    Set<String> words = new HashSet<>();
    for (SearchDocument d : tools) {
      StringBuilder text = new StringBuilder(d.name()).append(' ').append(d.description());
      text.append(' ').append(d.toolset()).append(' ').append(d.toolsetDescription());
      d.parameters()
          .forEach(p -> text.append(' ').append(p.name()).append(' ').append(p.description()));
      Matcher m = WORD.matcher(text);
      while (m.find()) {
        words.add(m.group().toLowerCase(Locale.ROOT));
      }
    }
    return words.size();
  }

  /** An invented word from the pool of {@code round}, the pool's first words the likeliest. */
  private static String pick(int round, Random random) {
    double u = random.nextDouble();
    return invented((int) (POOL_PER_ROUND * round * u * u));
  }

  /** The {@code n}th invented word: syllables spelled from n's digits in base 28. */
  static String invented(int n) {
    StringBuilder word = new StringBuilder();
    int rest = n;
    do {
      word.append(SYLLABLES[rest % SYLLABLES.length]);
      rest /= SYLLABLES.length;
    } while (rest > 0);
    return word.append(SYLLABLES[n % 7]).toString();
  }
}
