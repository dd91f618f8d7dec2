// An MCP server on the TypeScript SDK v2 (2.4.0) for toolsmith-mcp's client tests: modern-only or
// dual-era, over stdio or Streamable HTTP.
//   node era-server.mjs stdio [--modern-only] [--ttl MS] [--no-list-changed]
//   node era-server.mjs http [...the same] [--port N]   prints {"port":N} on stdout once it listens on
//                                                      127.0.0.1 (a free port unless --port)
// --modern-only serves 2026-07-28 alone (a 2025 opening is refused); without it the server is
// dual-era (a 2025 client that initializes is served as the TypeScript SDK serves it).
// tools/list carries ttlMs (60000 unless --ttl) and cacheScope public; tools.listChanged is
// advertised (and list changes announced on subscriptions/listen) unless --no-list-changed.
// Tools (one definition for both eras):
//   echo {message}      answers "Echo: MESSAGE"
//   add {a, b}          answers {sum} as structuredContent (it has an output schema)
//   steps               reports progress 1..3 of 3, answers "stepped"
//   wait                waits until cancelled (at most 20 s)
//   seen                {"started":N,"cancelled":N,"eras":[...]}: wait calls started and aborted, and the
//                       era of every tools/call so far
//   grow                adds the tool extra-N (a list change, announced), answers its name
//   broken              answers an isError result
//   big {bytes}         answers a text of that many x's (over a client's line limit, to be spilled)
//   env {name}          answers the value of the environment variable NAME, or "(unset)"
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const [transport = "stdio", ...flags] = process.argv.slice(2);
const modernOnly = flags.includes("--modern-only");
const listChanged = !flags.includes("--no-list-changed");
const option = (name, fallback) =>
  flags.includes(name) ? Number(flags[flags.indexOf(name) + 1]) : fallback;
const ttlMs = option("--ttl", 60000);

const text = (value) => ({ content: [{ type: "text", text: value }] });
const object = (properties, required = []) =>
  fromJsonSchema({ type: "object", properties, required });
let started = 0;
let cancelled = 0;
const eras = [];
let extras = 0;
const stdioServers = []; // stdio: the instances of the connection, which gain the new tools
let grown = () => stdioServers.forEach((server) => addExtra(server, extras)); // announced by the SDK

function addExtra(server, i) {
  server.registerTool(
    `extra-${i}`,
    { description: `Extra tool ${i}.`, inputSchema: object({}) },
    async () => text(`extra ${i}`),
  );
}

function build(era) {
  const server = new McpServer(
    { name: "era-server", version: "1.0.0" },
    {
      capabilities: { tools: { listChanged } },
      cacheHints: { "tools/list": { ttlMs, cacheScope: "public" } },
    },
  );
  const tool = (name, config, handler) =>
    server.registerTool(name, { inputSchema: object({}), ...config }, async (args, ctx) => {
      eras.push(era);
      return handler(args, ctx);
    });
  tool(
    "echo",
    { description: "Echoes the message.", inputSchema: object({ message: { type: "string" } }, ["message"]) },
    async ({ message }) => text("Echo: " + message),
  );
  tool(
    "add",
    {
      title: "Adder",
      description: "Adds two numbers.",
      inputSchema: object({ a: { type: "number" }, b: { type: "number" } }, ["a", "b"]),
      outputSchema: object({ sum: { type: "number" } }, ["sum"]),
      annotations: { readOnlyHint: true },
    },
    async ({ a, b }) => ({ ...text(String(a + b)), structuredContent: { sum: a + b } }),
  );
  tool("steps", { description: "Reports progress three times." }, async (_args, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    for (let i = 1; i <= 3; i++) {
      if (token !== undefined) {
        await ctx.mcpReq.notify({
          method: "notifications/progress",
          params: { progressToken: token, progress: i, total: 3, message: `step ${i}` },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return text("stepped");
  });
  tool("wait", { description: "Waits until cancelled." }, async (_args, ctx) => {
    started++;
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 20000);
      ctx.mcpReq.signal.addEventListener("abort", () => {
        cancelled++;
        clearTimeout(timer);
        resolve();
      });
    });
    return text("waited");
  });
  tool("seen", { description: "What the server saw." }, async () =>
    text(JSON.stringify({ started, cancelled, eras })),
  );
  tool("grow", { description: "Adds a tool." }, async () => {
    extras++;
    grown();
    return text("extra-" + extras);
  });
  tool("broken", { description: "Fails." }, async () => ({ ...text("it broke"), isError: true }));
  tool(
    "env",
    { description: "One variable.", inputSchema: object({ name: { type: "string" } }, ["name"]) },
    async ({ name }) => text(process.env[name] ?? "(unset)"),
  );
  tool(
    "big",
    { description: "A long answer.", inputSchema: object({ bytes: { type: "integer" } }, ["bytes"]) },
    async ({ bytes }) => text("x".repeat(bytes)),
  );
  for (let i = 1; i <= extras; i++) {
    addExtra(server, i);
  }
  return server;
}

if (transport === "stdio") {
  serveStdio(
    ({ era }) => {
      const server = build(era);
      stdioServers.push(server);
      return server;
    },
    { legacy: modernOnly ? "reject" : "serve" },
  );
} else {
  const handler = createMcpHandler(({ era }) => build(era), {
    legacy: modernOnly ? "reject" : "stateless",
  });
  // Each request gets a new instance, built with the tools there are: announce the change.
  grown = () => {
    if (listChanged) {
      handler.notify.toolsChanged();
    }
  };
  const http = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      signal: abort.signal,
    });
    const response = await handler.fetch(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) {
      Readable.fromWeb(response.body).on("error", () => res.end()).pipe(res);
    } else {
      res.end();
    }
  });
  http.listen(option("--port", 0), "127.0.0.1", () => {
    process.stdout.write(JSON.stringify({ port: http.address().port }) + "\n");
  });
}
