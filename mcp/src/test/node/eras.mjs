// Real MCP clients of either era, driven against a served Toolsmith registry (Fixture.registry()).
// Usage: node eras.mjs CLIENT stdio COMMAND ARGS...   |   node eras.mjs CLIENT http URL
// CLIENT: modern (TypeScript SDK v2 pinned to 2026-07-28), dual (v2, probing the era: 'auto'),
//         legacy (the v1 SDK 1.32.2, initialize only).
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
const info = { name: "toolsmith-eras-peer", version: "1.0.0" };

let client;
let transport;
if (kind === "legacy") {
  client = new V1Client(info);
  transport = mode === "stdio"
    ? new V1Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
    : new V1Http(new URL(rest[0]));
} else {
  const negotiation = kind === "modern" ? { mode: { pin: "2026-07-28" } } : { mode: "auto" };
  client = new v2.Client(info, { versionNegotiation: negotiation });
  transport = mode === "stdio"
    ? new V2Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
    : new v2.StreamableHTTPClientTransport(new URL(rest[0]));
}

/** A call's result, or the JSON-RPC error it was refused with. */
async function call(name, args) {
  try {
    const result = await bounded(client.callTool({ name, arguments: args }), 15000, name);
    return { isError: result.isError ?? false, text: result.content?.[0]?.text ?? null,
             structured: result.structuredContent ?? null };
  } catch (e) {
    return { error: { code: e.code ?? null, message: String(e.message) } };
  }
}

let changed;
let armed = false; // only a change after register_more counts
const listChanged = new Promise((resolve) => (changed = resolve));
const onChange = () => armed && changed(true);

try {
  if (kind === "legacy") {
    client.setNotificationHandler(ToolListChangedNotificationSchema, onChange);
  } else {
    client.setNotificationHandler("notifications/tools/list_changed", onChange);
  }
  await bounded(client.connect(transport), 30000, "connect");
  const version = kind === "legacy"
    ? transport.protocolVersion ?? client.getServerVersion()?.name
    : client.getNegotiatedProtocolVersion();
  out("connected", { version: kind === "legacy" ? "legacy" : version });
  let subscription = null;
  if (kind !== "legacy" && version === "2026-07-28") {
    subscription = await bounded(client.listen({ toolsListChanged: true }), 10000, "listen");
    out("listening", { honored: subscription.honoredFilter });
  }
  const listed = await bounded(client.listTools(), 10000, "tools/list");
  out("list", { tools: listed.tools.map((t) => t.name).sort(), ttlMs: listed.ttlMs ?? null,
                cacheScope: listed.cacheScope ?? null });
  out("call", await call("add", { a: 2, b: 40 }));
  out("bad", await call("add", { a: "two" }));
  out("unknown", await call("get_weather", { city: "Oslo" }));
  out("unavailable", await call("send_sms", { to: "+4712345678", text: "hej" }));
  armed = true;
  await call("register_more", {});
  const heard = await bounded(listChanged, 20000, "tools/list_changed").catch((e) => String(e.message));
  const relisted = await bounded(client.listTools(), 10000, "tools/list again");
  out("changed", { heard, tools: relisted.tools.map((t) => t.name).sort() });
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
