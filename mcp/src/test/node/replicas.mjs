// A 2026-07-28 client (the TypeScript SDK v2, pinned) against a load-balanced endpoint: every
// request may go to another replica. Usage: node replicas.mjs URL CALLS
// Prints one JSON object per line: {"step": ..., ...}; exits non-zero on any failure.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const [url, calls] = process.argv.slice(2);
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const client = new Client({ name: "toolsmith-replicas-peer", version: "1.0.0" },
  { versionNegotiation: { mode: { pin: "2026-07-28" } } });
try {
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  out("connected", { version: client.getNegotiatedProtocolVersion() });
  const listed = await client.listTools();
  out("list", { tools: listed.tools.map((t) => t.name).sort() });
  const errors = [];
  let answered = 0;
  for (let i = 0; i < Number(calls); i++) {
    try {
      const result = await client.callTool({ name: "calculate", arguments: { expression: `${i}*2` } });
      if (result.isError || JSON.parse(result.content[0].text).value !== i * 2) {
        errors.push(result.content[0].text);
      } else {
        answered++;
      }
    } catch (e) {
      errors.push(String(e.message));
    }
  }
  out("calls", { answered, errors });
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  process.exit(1);
}
