// The TypeScript SDK's client against a served ProtocolFixture registry: pages through tools/list,
// receives progress, cancels running calls (AbortSignal), and asks what the cancelled tools saw.
// Usage: node protocol.mjs [--version V] [--steps a,b] stdio COMMAND ARGS... | http URL
//   --version V   ask for protocol version V in initialize (the client's own list must accept it)
//   --steps       any of list,call,progress,cancel,report (default: all)
// Prints one JSON object per line: {"step": ..., ...}; exits non-zero on any failure.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const args = process.argv.slice(2);
let version;
let steps = ["list", "call", "progress", "cancel", "report"];
while (args[0] && args[0].startsWith("--")) {
  const flag = args.shift();
  if (flag === "--version") version = args.shift();
  else if (flag === "--steps") steps = args.shift().split(",");
  else throw new Error("unknown flag " + flag);
}
const [mode, ...rest] = args;
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const bounded = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms))]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const transport = mode === "stdio"
  ? new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
  : new StreamableHTTPClientTransport(new URL(rest[0]));
let negotiated;
if (version) {
  // The client always asks for its latest version: ask for another one as an older client would.
  const send = transport.send.bind(transport);
  transport.send = (message, options) =>
    send(message.method === "initialize"
      ? { ...message, params: { ...message.params, protocolVersion: version } } : message, options);
}
// The version the server answered in initialize, seen on its way to the client.
let handler;
Object.defineProperty(transport, "onmessage", {
  configurable: true,
  get: () => handler,
  set: (inner) => {
    handler = (message, extra) => {
      if (message && message.result && message.result.protocolVersion) negotiated = message.result.protocolVersion;
      return inner(message, extra);
    };
  },
});
const client = new Client({ name: "toolsmith-ts-protocol", version: "1.0.0" });
const errors = [];
client.onerror = (e) => errors.push(String(e && e.message || e));

try {
  await bounded(client.connect(transport), 30000, "connect");
  out("connected", { server: client.getServerVersion(), protocolVersion: negotiated ?? null });
  if (steps.includes("list")) {
    const names = [];
    const pageSizes = [];
    let largestPageBytes = 0;
    let cursor;
    let pages = 0;
    do {
      const page = await bounded(client.listTools(cursor ? { cursor } : {}), 20000, "tools/list page " + pages);
      pages++;
      pageSizes.push(page.tools.length);
      largestPageBytes = Math.max(largestPageBytes, Buffer.byteLength(JSON.stringify(page)));
      for (const tool of page.tools) names.push(tool.name);
      cursor = page.nextCursor;
    } while (cursor && pages < 10000);
    out("list", {
      pages, total: names.length, distinct: new Set(names).size,
      sorted: names.every((n, i) => i === 0 || names[i - 1] < n),
      firstPage: pageSizes[0], lastPage: pageSizes[pageSizes.length - 1], largestPageBytes,
      has: ["count", "block", "block_async", "report"].filter((n) => names.includes(n)),
    });
  }
  if (steps.includes("call")) {
    const result = await bounded(client.callTool({ name: "count", arguments: {} }), 20000, "count");
    out("call", { isError: result.isError ?? false, text: result.content[0].text });
  }
  if (steps.includes("progress")) {
    const reports = [];
    const result = await bounded(
      client.callTool({ name: "count", arguments: {} }, undefined, { onprogress: (p) => reports.push(p) }),
      20000, "count with progress");
    out("progress", { text: result.content[0].text, reports });
  }
  if (steps.includes("cancel")) {
    for (const name of ["block", "block_async"]) {
      const controller = new AbortController();
      const started = Date.now();
      const call = client.callTool({ name, arguments: {} }, undefined, { signal: controller.signal });
      setTimeout(() => controller.abort("the user gave up"), 300);
      let outcome;
      try {
        const result = await bounded(call, 20000, name);
        outcome = { answered: result.content[0].text };
      } catch (e) {
        outcome = { rejected: String(e && e.message || e) };
      }
      out("cancel_" + name, { ...outcome, afterMs: Date.now() - started });
    }
  }
  if (steps.includes("report")) {
    await sleep(2500); // longer than the tools' own end: an answer sent anyway would come by now
    const report = await bounded(client.callTool({ name: "report", arguments: {} }), 20000, "report");
    out("report", { ...JSON.parse(report.content[0].text), clientErrors: errors });
  }
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e), clientErrors: errors });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
