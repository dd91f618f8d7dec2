"""A FastMCP 4 server for toolsmith-mcp's client tests (FastMCP serves 2026-07-28 and the legacy
revisions).

Usage: python fastmcp_server.py stdio | http PORT   (HTTP at http://127.0.0.1:PORT/mcp)
Tools: echo {message} answers "Echo: MESSAGE"; add {a, b} answers the sum (structured);
steps reports progress 1..3 of 3 and answers "stepped".
"""

import asyncio
import sys

from fastmcp import Context, FastMCP

server = FastMCP("fast")


@server.tool
def echo(message: str) -> str:
    """Echoes the message."""
    return "Echo: " + message


@server.tool
def add(a: int, b: int) -> int:
    """Adds two numbers."""
    return a + b


@server.tool
async def steps(ctx: Context) -> str:
    """Reports progress three times."""
    for i in range(1, 4):
        await ctx.report_progress(i, 3, f"step {i}")
        await asyncio.sleep(0.05)
    return "stepped"


if __name__ == "__main__":
    if sys.argv[1] == "http":
        server.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]), show_banner=False)
    else:
        server.run(show_banner=False)
