// The TypeScript SDK's client calling tools that declare output schemas: callTool validates each
// result's structuredContent against the tool's outputSchema (and throws when it is missing or
// invalid), so a call that succeeds here is one the SDK accepts.
// Usage: TOOLSMITH_CALLS='{"tool":[{...args}], ...}' node structured.mjs stdio COMMAND ARGS... | http URL
// Prints one JSON object per line: {"step":"tool",...} per listed tool, {"step":"call",...} per
// call; exits non-zero when a call threw.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, ...rest] = process.argv.slice(2);
const calls = JSON.parse(process.env.TOOLSMITH_CALLS || "{}");
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const bounded = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms))]);

const transport = mode === "stdio"
  ? new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
  : new StreamableHTTPClientTransport(new URL(rest[0]));
const client = new Client({ name: "toolsmith-ts-structured", version: "1.0.0" });

let threw = false;
try {
  await bounded(client.connect(transport), 30000, "connect");
  const listed = await bounded(client.listTools(), 10000, "tools/list");
  for (const tool of listed.tools) {
    out("tool", { name: tool.name, title: tool.title, annotations: tool.annotations, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema });
  }
  for (const [name, argumentsList] of Object.entries(calls)) {
    for (const args of argumentsList) {
      try {
        const result = await bounded(client.callTool({ name, arguments: args }), 20000, name);
        out("call", { name, isError: result.isError ?? false, text: result.content?.[0]?.text, structuredContent: result.structuredContent });
      } catch (e) {
        threw = true;
        out("call", { name, thrown: String(e && e.message || e) });
      }
    }
  }
  await client.close();
  process.exit(threw ? 1 : 0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
