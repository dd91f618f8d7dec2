package com.example;

import dev.toolsmith.annotations.Param;
import dev.toolsmith.annotations.Tool;
import dev.toolsmith.runtime.availability.RequiresEnvCheck;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Notes: an async tool, a checked one, defaults and lists. */
public final class NoteTools {
  /** A stored note. */
  public record Note(String id, String text, List<String> tags) {}

  /**
   * Stores a note.
   *
   * @param text what to remember
   * @param tags words to find it by
   */
  @Tool(toolset = "notes")
  public static CompletionStage<Note> addNote(
      @Param(minLength = 1, maxLength = 2000) String text, @Param(maxItems = 5) List<String> tags) {
    return CompletableFuture.completedFuture(new Note("n1", text, tags));
  }

  /**
   * Finds notes whose text contains the query.
   *
   * @param query the words to look for
   * @param limit how many notes at most
   */
  @Tool(toolset = "notes")
  public static List<Note> findNotes(
      String query, @Param(required = false, defaultValue = "10", minimum = 1, maximum = 50) int limit) {
    return List.of();
  }

  /**
   * Sends a note to a chat channel.
   *
   * @param id the note's id
   * @param channel the channel, such as #team
   */
  @Tool(toolset = "chat", requiresEnv = "CHAT_TOKEN", check = RequiresEnvCheck.class)
  public static String shareNote(String id, @Param(pattern = "^#[a-z0-9-]+$") String channel) {
    return "shared " + id + " to " + channel;
  }
}
