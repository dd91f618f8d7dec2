// A stdio MCP server (TypeScript SDK) for toolsmith-mcp's proxying tests.
// tools/call steps: reports progress 1..3 of 3 (when the request carries a progress token), answers "stepped".
// tools/call wait: waits until cancelled (at most 20 s); records its request id when it starts and
// when notifications/cancelled aborts it.
// tools/call seen: {"started":[ids of wait calls],"cancelled":[ids whose cancellation arrived]}.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "upstream-progress", version: "1.0.0" });
const started = [];
const cancelled = [];
const text = (value) => ({ content: [{ type: "text", text: value }] });

server.registerTool("steps", { description: "Reports progress three times." }, async (extra) => {
  const token = extra._meta?.progressToken;
  for (let i = 1; i <= 3; i++) {
    if (token !== undefined) {
      await extra.sendNotification({
        method: "notifications/progress",
        params: { progressToken: token, progress: i, total: 3, message: `step ${i}` },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return text("stepped");
});

server.registerTool("wait", { description: "Waits until cancelled." }, async (extra) => {
  started.push(extra.requestId);
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 20000);
    extra.signal.addEventListener("abort", () => {
      cancelled.push(extra.requestId);
      clearTimeout(timer);
      resolve();
    });
  });
  return text("waited");
});

server.registerTool("seen", { description: "The wait calls started and cancelled." }, async () =>
  text(JSON.stringify({ started, cancelled })));

await server.connect(new StdioServerTransport());
