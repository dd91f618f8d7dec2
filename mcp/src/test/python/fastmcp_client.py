"""FastMCP's client (4.0) against a served Fixture registry, in one era.

Usage: python fastmcp_client.py MODE stdio COMMAND ARGS... | python fastmcp_client.py MODE http URL
MODE: auto (probes server/discover), 2026-07-28 (pinned), legacy (initialize).
Prints one JSON line: {"version": ..., "tools": [...], "call": ..., "unknown": ...,
"unavailable": ...}. Exits non-zero on any failure.
"""

import asyncio
import json
import sys

from fastmcp import Client
from fastmcp.client.transports import StdioTransport


async def main(mode, transport, rest):
    target = StdioTransport(rest[0], rest[1:]) if transport == "stdio" else rest[0]
    async with Client(target, mode=mode) as client:
        out = {"version": client.protocol_version}
        out["tools"] = sorted(tool.name for tool in await client.list_tools())
        out["call"] = (await client.call_tool("add", {"a": 2, "b": 40})).content[0].text
        try:
            await client.call_tool("get_weather", {"city": "Oslo"})
            out["unknown"] = None
        except Exception as e:  # the JSON-RPC error, raised
            out["unknown"] = str(e)
        unavailable = await client.call_tool("send_sms", {}, raise_on_error=False)
        out["unavailable"] = {"isError": unavailable.is_error, "text": unavailable.content[0].text}
        print(json.dumps(out))


asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
