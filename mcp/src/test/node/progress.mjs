// The TypeScript SDK v2 client pinned to 2026-07-28 calls `tick` (a tool that reports progress every
// 100 ms until cancelled) with a progress callback, and cancels the call after three reports.
// Usage: node progress.mjs stdio COMMAND ARGS...   |   node progress.mjs http URL
// Prints one JSON object per line: {"step": ..., ...}; exits non-zero on any failure.
import * as v2 from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";

const [mode, ...rest] = process.argv.slice(2);
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const client = new v2.Client({ name: "toolsmith-progress-peer", version: "1.0.0" },
  { versionNegotiation: { mode: { pin: "2026-07-28" } } });
const transport = mode === "stdio"
  ? new V2Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
  : new v2.StreamableHTTPClientTransport(new URL(rest[0]));

try {
  await client.connect(transport);
  const progress = [];
  const abort = new AbortController();
  const started = Date.now();
  let outcome;
  try {
    const result = await client.callTool({ name: "tick", arguments: {} }, {
      signal: abort.signal,
      timeout: 20000,
      onprogress: (p) => {
        progress.push({ progress: p.progress, total: p.total ?? null, message: p.message ?? null });
        if (progress.length === 3) {
          abort.abort("enough");
        }
      },
    });
    outcome = { result };
  } catch (e) {
    outcome = { error: String(e && e.message || e) };
  }
  out("cancelled", { progress, ...outcome, afterMs: Date.now() - started });
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
