package dev.toolsmith.example;

import dev.toolsmith.runtime.guard.Approval;
import dev.toolsmith.runtime.guard.ApprovalHandler;
import dev.toolsmith.runtime.guard.GuardedCall;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@code chat}'s approval: asks the person at the terminal before a tool a guard holds back (a
 * destructive one by default), on the input the user's messages come from. One question at a time,
 * even when the model calls tools side by side.
 */
final class TerminalApproval implements ApprovalHandler {

  private final BufferedReader in;
  private final PrintWriter out;

  TerminalApproval(BufferedReader in, PrintWriter out) {
    this.in = in;
    this.out = out;
  }

  @Override
  public synchronized CompletionStage<Approval> approve(GuardedCall call, String reason) {
    synchronized (out) {
      out.println(
          "approve "
              + call.name()
              + " "
              + call.arguments()
              + "? ("
              + reason
              + ") [y]es once, [a]lways this session, [N]o:");
      out.flush();
    }
    String answer;
    try {
      answer = in.readLine();
    } catch (IOException e) {
      answer = null;
    }
    if (answer == null) {
      return CompletableFuture.completedFuture(Approval.denied("no answer at the terminal"));
    }
    return CompletableFuture.completedFuture(
        switch (answer.strip().toLowerCase(Locale.ROOT)) {
          case "y", "yes" -> Approval.once();
          case "a", "always" -> Approval.forSession();
          default -> Approval.denied("the user declined at the terminal");
        });
  }
}
