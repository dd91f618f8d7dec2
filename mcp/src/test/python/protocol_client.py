"""The Python MCP SDK's client against a served ProtocolFixture registry.

For each protocol version asked for, it connects (asking for that version in initialize), pages
through tools/list, calls a tool with a progress callback, and prints one JSON line per version:
{"version": asked, "negotiated": ..., "pages": ..., "tools": ..., "text": ..., "progress": [...]}.
Usage: python protocol_client.py VERSIONS(comma-separated) stdio COMMAND ARGS... | http URL
Exits non-zero on any failure.
"""

import asyncio
import json
import sys

import mcp.client.session as session_module
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
import mcp_types as types


def transport(mode, rest):
    if mode == "stdio":
        return stdio_client(StdioServerParameters(command=rest[0], args=rest[1:]))
    return streamable_http_client(rest[0])


async def session_at(version, mode, rest):
    # The client asks for its latest handshake version: ask for another, as an older client would.
    session_module.LATEST_HANDSHAKE_VERSION = version
    async with transport(mode, rest) as streams:
        read, write = streams[0], streams[1]
        async with ClientSession(read, write) as session:
            result = await asyncio.wait_for(session.initialize(), 30)
            names, pages, cursor = [], 0, None
            while True:
                params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
                page = await asyncio.wait_for(session.list_tools(params=params), 30)
                pages += 1
                names += [tool.name for tool in page.tools]
                cursor = page.next_cursor
                if not cursor or pages > 10000:
                    break
            progress = []

            async def on_progress(done, total, message):
                progress.append({"progress": done, "total": total, "message": message})

            called = await asyncio.wait_for(
                session.call_tool("count", {}, progress_callback=on_progress), 30)
            return {
                "version": version,
                "negotiated": result.protocol_version,
                "pages": pages,
                "tools": len(set(names)),
                "text": called.content[0].text,
                "isError": bool(called.is_error),
                "progress": progress,
            }


async def main():
    versions, mode, rest = sys.argv[1].split(","), sys.argv[2], sys.argv[3:]
    for version in versions:
        print(json.dumps(await session_at(version, mode, rest)), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
