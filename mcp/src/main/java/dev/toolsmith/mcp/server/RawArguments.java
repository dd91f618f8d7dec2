package dev.toolsmith.mcp.server;

import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code arguments} object of a {@code tools/call} as the client wrote it: the exact JSON text,
 * which goes to the registry's reader (so duplicate keys and exact numbers get the verdict {@code
 * dispatch} gives), plus a map view of it for anything in the SDK that reads it as a map.
 */
final class RawArguments extends AbstractMap<String, Object> {

  private final String json;
  private final Map<String, Object> view;

  RawArguments(String json, Map<String, Object> view) {
    this.json = json;
    this.view = view;
  }

  /** The JSON object text as received. */
  String json() {
    return json;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return view.entrySet();
  }
}
