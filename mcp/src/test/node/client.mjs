// A real MCP client, the TypeScript SDK, driven against a served Toolsmith registry.
// Usage: node client.mjs stdio COMMAND ARGS...   |   node client.mjs http URL
// Prints one JSON object per line: {"step": ..., ...}; exits non-zero on any failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [mode, ...rest] = process.argv.slice(2);
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const bounded = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms))]);

const transport = mode === "stdio"
  ? new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
  : new StreamableHTTPClientTransport(new URL(rest[0]));
const client = new Client({ name: "toolsmith-ts-peer", version: "1.0.0" });

let changed;
let armed = false; // only a change after register_more counts
const listChanged = new Promise((resolve) => (changed = resolve));
client.setNotificationHandler(ToolListChangedNotificationSchema, () => armed && changed(Date.now()));

try {
  await bounded(client.connect(transport), 30000, "connect");
  const listed = await bounded(client.listTools(), 10000, "tools/list");
  out("list", { tools: listed.tools.map((t) => t.name).sort(), add: listed.tools.find((t) => t.name === "add") });
  const sum = await bounded(client.callTool({ name: "add", arguments: { a: 2, b: 40 } }), 10000, "add");
  out("call", { isError: sum.isError ?? false, text: sum.content[0].text });
  const greet = await bounded(client.callTool({ name: "greet", arguments: { name: "Zoë" } }), 10000, "greet");
  out("greet", { isError: greet.isError ?? false, text: greet.content[0].text });
  const bad = await bounded(client.callTool({ name: "add", arguments: { a: "two" } }), 10000, "bad add");
  out("bad", { isError: bad.isError ?? false, text: bad.content[0].text });
  armed = true;
  const more = await bounded(client.callTool({ name: "register_more", arguments: {} }), 10000, "register_more");
  const notifiedAt = await bounded(listChanged, 20000, "tools/list_changed");
  const relisted = await bounded(client.listTools(), 10000, "tools/list again");
  // The server's wall clock when it changed its registry, and ours when the change was announced.
  const delayMs = notifiedAt - JSON.parse(more.content[0].text).at;
  out("changed", { tools: relisted.tools.map((t) => t.name).sort(), delayMs });
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
