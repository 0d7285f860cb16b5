#!/usr/bin/env python3
"""Opens CONNECTIONS live streams (GET /events) of one new reader on BASE_URL, waits until each has
had its first event, holds them SECONDS, then closes them all and exits.

  kiwi_streams.py BASE_URL CONNECTIONS SECONDS
"""
import asyncio
import sys
import urllib.parse
import uuid

from kiwi_api import member

base, connections, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
token = member(base, f"streams{uuid.uuid4().hex[:6]}")
where = urllib.parse.urlparse(base)


async def stream(opened):
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: {where.netloc}\r\nAuthorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    while line := await reader.readline():
        if line.startswith(b"event: unread"):
            opened.release()
            break
    return writer


async def main():
    opened = asyncio.Semaphore(0)
    tasks = [asyncio.create_task(stream(opened)) for _ in range(connections)]
    for _ in range(connections):
        await asyncio.wait_for(opened.acquire(), timeout=120)
    print(f"   {connections} streams open", flush=True)
    await asyncio.sleep(seconds)
    for task in tasks:
        task.result().close()


asyncio.run(main())
