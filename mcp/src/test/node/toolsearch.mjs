// A real MCP client of one era driven against a registry served with tool search
// (ServeToolSearchFixture: Fixture.registry(), `add` always loaded).
// Usage: node toolsearch.mjs CLIENT stdio COMMAND ARGS...   |   node toolsearch.mjs CLIENT http URL
// CLIENT: modern (TypeScript SDK v2 pinned to 2026-07-28) or legacy (the v1 SDK 1.32.2).
// Prints one JSON object per line: {"step": ..., ...}; exits non-zero on any failure.
import * as v2 from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

const [kind, mode, ...rest] = process.argv.slice(2);
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const bounded = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms))]);
const info = { name: "toolsmith-toolsearch-peer", version: "1.0.0" };

let client;
let transport;
if (kind === "legacy") {
  client = new V1Client(info);
  transport = mode === "stdio"
    ? new V1Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
    : new V1Http(new URL(rest[0]));
} else {
  client = new v2.Client(info, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  transport = mode === "stdio"
    ? new V2Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
    : new v2.StreamableHTTPClientTransport(new URL(rest[0]));
}

/** A call's whole result as the client got it, or the JSON-RPC error it was refused with. */
async function call(name, args) {
  try {
    return { result: await bounded(client.callTool({ name, arguments: args }), 15000, name) };
  } catch (e) {
    return { error: { code: e.code ?? null, message: String(e.message) } };
  }
}

let changes = 0; // tools/list_changed heard, on a legacy session or a modern subscription
const onChange = () => changes++;

try {
  if (kind === "legacy") {
    client.setNotificationHandler(ToolListChangedNotificationSchema, onChange);
  } else {
    client.setNotificationHandler("notifications/tools/list_changed", onChange);
  }
  await bounded(client.connect(transport), 30000, "connect");
  let subscription = null;
  if (kind !== "legacy") {
    subscription = await bounded(client.listen({ toolsListChanged: true }), 10000, "listen");
  }
  const before = JSON.stringify(await bounded(client.listTools(), 10000, "tools/list"));
  out("list", { listing: before });
  out("search", await call("search_tools", { query: "greet someone", limit: 1 }));
  out("direct", await call("greet", { name: "Ada" }));
  out("callTool", await call("call_tool", { name: "greet", arguments: { name: "Ada" } }));
  out("directBad", await call("add", { a: "two" }));
  out("callToolBad", await call("call_tool", { name: "add", arguments: { a: "two" } }));
  out("directUnknown", await call("get_weather", { city: "Oslo" }));
  out("callToolUnknown", await call("call_tool", { name: "get_weather", arguments: { city: "Oslo" } }));
  await new Promise((resolve) => setTimeout(resolve, 1000)); // a list_changed would have come by now
  const after = JSON.stringify(await bounded(client.listTools(), 10000, "tools/list again"));
  out("relist", { listing: after, changes });
  if (subscription) {
    await subscription.close();
  }
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
