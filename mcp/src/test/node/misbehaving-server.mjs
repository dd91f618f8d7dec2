// A stdio MCP server written by hand (no SDK) to misbehave on purpose, for toolsmith-mcp's tests.
// It speaks the legacy revisions only.
//   node misbehaving-server.mjs [--tools N] [--page-size P] [--endless-pages] [--discover silent|refuse]
//        [--log-methods]
// --discover silent: no answer at all to server/discover (legacy servers may stay silent to an
// unknown method before initialize); refuse: answers it -32022, supported ["2099-01-01"], as a
// modern server of a later revision would. Otherwise it is -32601 like every unknown method.
// --log-methods: writes "method NAME" to stderr for each request.
// tools/list: N tools (ok, huge, flood, stderr, tool-5 ...; 4 by default) in pages of P; --endless-pages always sends a next cursor.
// tools/call huge {"bytes": B, "idFirst": bool}: answers one line of about B bytes; the TypeScript
// SDK writes "id" after the result, so that is the default.
// tools/call flood {"bytes": B}: writes a line of B bytes that is not JSON and never answers.
// tools/call stderr {"bytes": B}: writes B bytes to stderr without a newline, then "after", answers.
import { createInterface } from "node:readline";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const toolCount = option("--tools", 4);
const pageSize = option("--page-size", 1000);
const endless = args.includes("--endless-pages");
const discover = args.includes("--discover") ? args[args.indexOf("--discover") + 1] : "";
const logMethods = args.includes("--log-methods");

const schema = { type: "object", properties: {} };
const named = ["ok", "huge", "flood", "stderr"];
const toolName = (i) => named[i] ?? `tool-${i + 1}`;

async function write(text, stream = process.stdout) {
  if (!stream.write(text)) {
    await new Promise((resolve) => stream.once("drain", resolve));
  }
}

async function answerHuge(id, bytes, idFirst) {
  const head = idFirst
    ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[{"type":"text","text":"`
    : `{"result":{"content":[{"type":"text","text":"`;
  const tail = idFirst ? `"}]}}\n` : `"}]},"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n`;
  await write(head);
  const chunk = "x".repeat(1 << 20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    await write(left >= chunk.length ? chunk : chunk.slice(0, left));
  }
  await write(tail);
}

let queue = Promise.resolve();
const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  queue = queue.then(() => handle(line)); // one answer at a time: lines never interleave
});
lines.on("close", () => queue.then(() => process.exit(0)));

async function handle(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = message;
  if (id === undefined) {
    return; // a notification
  }
  const reply = (result) => write(JSON.stringify({ jsonrpc: "2.0", id, result }) + "\n");
  if (logMethods) {
    await write(`method ${method}\n`, process.stderr);
  }
  if (method === "server/discover" && discover === "silent") {
    return;
  }
  if (method === "server/discover" && discover === "refuse") {
    const error = {
      code: -32022,
      message: "Unsupported protocol version",
      data: { supported: ["2099-01-01"], requested: "2026-07-28" },
    };
    return write(JSON.stringify({ jsonrpc: "2.0", id, error }) + "\n");
  }
  switch (method) {
    case "initialize":
      return reply({
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "misbehaving", version: "1.0" },
      });
    case "tools/list": {
      const start = params && params.cursor ? Number(params.cursor) : 0;
      const end = Math.min(start + pageSize, toolCount);
      const tools = [];
      for (let i = start; i < end; i++) {
        tools.push({ name: toolName(i), description: `Tool ${i + 1}.`, inputSchema: schema });
      }
      const more = endless || end < toolCount;
      return reply(more ? { tools, nextCursor: String(endless ? start + 1 : end) } : { tools });
    }
    case "tools/call":
      if (params.name === "flood") {
        const chunk = "x".repeat(1 << 20);
        for (let left = params.arguments.bytes; left > 0; left -= chunk.length) {
          await write(left >= chunk.length ? chunk : chunk.slice(0, left));
        }
        return write("\n");
      }
      if (params.name === "stderr") {
        const chunk = "e".repeat(1 << 20);
        for (let left = params.arguments.bytes; left > 0; left -= chunk.length) {
          await write(left >= chunk.length ? chunk : chunk.slice(0, left), process.stderr);
        }
        await write("\nafter\n", process.stderr);
        return reply({ content: [{ type: "text", text: "fine" }] });
      }
      if (params.name === "huge") {
        const a = params.arguments || {};
        return answerHuge(id, a.bytes, a.idFirst === true);
      }
      return reply({ content: [{ type: "text", text: "fine" }] });
    case "ping":
      return reply({});
    default:
      return write(
        JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "no " + method } }) +
          "\n",
      );
  }
}
