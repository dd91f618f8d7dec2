package dev.toolsmith.userbuilds;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A guide page as a user reads it: the files it gives (the first block after a paragraph that
 * starts with a path in backticks) and its other fenced blocks, by language, in page order.
 */
final class GuidePage {

  private static final Pattern FILE = Pattern.compile("^`([^`\\s]+)`(?:[,:].*)?$");
  private static final Pattern FENCE = Pattern.compile("^```(\\w*)\\s*$");

  /** One fenced block: its language (after the fence) and its text. */
  record Block(String language, String text) {}

  private final Map<String, String> files = new LinkedHashMap<>();
  private final List<Block> blocks = new ArrayList<>();

  private GuidePage(List<String> lines) {
    String file = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher named = FILE.matcher(line);
      Matcher fence = FENCE.matcher(line);
      if (named.matches()) {
        file = named.group(1);
      } else if (fence.matches()) {
        StringBuilder text = new StringBuilder();
        for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
          text.append(lines.get(i)).append('\n');
        }
        if (file != null) {
          files.put(file, text.toString());
        } else {
          blocks.add(new Block(fence.group(1), text.toString()));
        }
        file = null;
      }
    }
  }

  static GuidePage read(Path page) throws IOException {
    return new GuidePage(Files.readAllLines(page));
  }

  /** The files the page gives, by path. */
  Map<String, String> files() {
    return files;
  }

  /** The other blocks of {@code language}, in page order. */
  List<String> blocks(String language) {
    return blocks.stream().filter(b -> b.language().equals(language)).map(Block::text).toList();
  }
}
