package dev.toolsmith.runtime.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.toolsmith.runtime.internal.JsonCore;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where a spilled result may be cut: its preview's value boundary, and the parts a model reads. */
final class SpillChunks {

  private SpillChunks() {}

  /**
   * Where a JSON {@code text} (an object or array) may be cut at or before {@code max}: right after
   * the last complete member of the outer container when one ends past half of {@code max}, else
   * after the last complete value at any depth that does; 0 when {@code text} is not JSON or no
   * value ends there (inside one long string, the preview had better show the string).
   */
  static int jsonValueEnd(String text, int max) {
    String start = text.stripLeading();
    if (start.isEmpty() || (start.charAt(0) != '{' && start.charAt(0) != '[')) {
      return 0;
    }
    int outer = 0;
    int any = 0;
    try (JsonParser parser = JsonCore.FACTORY.createParser(text)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.FIELD_NAME
            || token == JsonToken.START_OBJECT
            || token == JsonToken.START_ARRAY) {
          continue; // a value ends only after its name and its opening
        }
        parser.finishToken(); // a string's end is known once it is read
        long end = parser.currentLocation().getCharOffset();
        if (end > max) {
          break;
        }
        any = (int) end;
        if (parser.getParsingContext().getNestingDepth() <= 1) {
          outer = any; // a member of the outer container, or the container itself
        }
      }
    } catch (IOException | RuntimeException notJson) {
      // text that stops being JSON: the boundaries found so far hold
    }
    return outer > max / 2 ? outer : any > max / 2 ? any : 0;
  }

  /** The part of {@code text} a read asks for, as the reading tool answers it. */
  static String chunk(String id, String text, long offset, int length) {
    int from = (int) Math.min(Math.max(0, offset), text.length());
    if (from > 0 && from < text.length() && Character.isLowSurrogate(text.charAt(from))) {
      from--; // never start inside a surrogate pair
    }
    int to = (int) Math.min((long) from + Math.max(1, length), text.length());
    if (to < text.length() && to > from && Character.isHighSurrogate(text.charAt(to - 1))) {
      to--; // nor end inside one
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("id", id);
    fields.put("offset", from);
    fields.put("length", to - from);
    fields.put("total_chars", text.length());
    fields.put("text", text.substring(from, to));
    if (to < text.length()) {
      fields.put("next_offset", to);
    }
    return ToolResults.result(fields);
  }
}
