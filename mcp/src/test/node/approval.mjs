// Real MCP clients that approve (or not) the tools a guarded Toolsmith server holds back.
// Usage: node approval.mjs CLIENT ANSWERS stdio COMMAND ARGS...
// CLIENT: legacy (TypeScript SDK 1.32.2: the server sends elicitation/create), modern (v2 2.4.0
//         pinned to 2026-07-28: the server answers input_required and the client calls again),
//         or legacy-mute / modern-mute (the same clients declaring no elicitation capability).
// ANSWERS: the elicitation answers in order, comma-separated: accept, session (accept, remembered
//          for the session), decline, cancel.
// Calls delete_file twice (a.txt, b.txt), then count three times; prints one JSON object per line
// ({"step": ...}) and the questions it was asked; exits non-zero on any failure.
import * as v2 from "@modelcontextprotocol/client";
import { StdioClientTransport as V2Stdio } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1Stdio } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const [kind, answerList, mode, ...rest] = process.argv.slice(2);
const out = (step, value) => process.stdout.write(JSON.stringify({ step, ...value }) + "\n");
const bounded = (promise, ms, what) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(what + " timed out")), ms))]);
const info = { name: "toolsmith-approval-peer", version: "1.0.0" };
const answers = answerList.split(",");
const mute = kind.endsWith("-mute");
const capabilities = mute ? {} : { elicitation: { form: {} } };
if (mode !== "stdio") {
  throw new Error("stdio only");
}

const asked = [];
const answer = async (request) => {
  asked.push(request.params.message);
  const next = answers.shift() ?? "decline";
  if (next === "accept") return { action: "accept", content: {} };
  if (next === "session") return { action: "accept", content: { remember: true } };
  return { action: next };
};

let client;
let transport;
if (kind.startsWith("legacy")) {
  client = new V1Client(info, { capabilities });
  transport = new V1Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" });
  if (!mute) client.setRequestHandler(ElicitRequestSchema, answer);
} else {
  client = new v2.Client(info, { capabilities, versionNegotiation: { mode: { pin: "2026-07-28" } } });
  transport = new V2Stdio({ command: rest[0], args: rest.slice(1), stderr: "inherit" });
  if (!mute) client.setRequestHandler("elicitation/create", answer);
}

async function call(name, args) {
  try {
    const result = await bounded(client.callTool({ name, arguments: args }), 20000, name);
    return { isError: result.isError ?? false, text: result.content?.[0]?.text ?? null };
  } catch (e) {
    return { error: { code: e.code ?? null, message: String(e.message) } };
  }
}

try {
  await bounded(client.connect(transport), 30000, "connect");
  out("first", await call("delete_file", { path: "a.txt" }));
  out("second", await call("delete_file", { path: "b.txt" }));
  for (const n of [1, 2, 3]) {
    out("count" + n, await call("count", {}));
  }
  out("asked", { questions: asked });
  await client.close();
  process.exit(0);
} catch (e) {
  out("failed", { message: String(e && e.stack || e) });
  try { await client.close(); } catch (ignored) {}
  process.exit(1);
}
