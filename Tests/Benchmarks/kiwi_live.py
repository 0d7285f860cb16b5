#!/usr/bin/env python3
"""Live streams at scale: CONNECTIONS streams of one reader (GET /events, ada) open on READERS_URL.
Measures the server's (PID) resident memory before and after they open (per stream), its CPU at
rest over 30 s with them open, then WRITES likes on ada's post (bob's, through WRITER_URL, one at a
time): for each, the time from sending it to its notification at the last of the streams; p50, p99.

  kiwi_live.py READERS_URL WRITER_URL PID CONNECTIONS WRITES
"""
import asyncio
import statistics
import sys
import time
import urllib.parse
import uuid

from kiwi_api import call, member, post

readers_url, writer_url, pid, connections, writes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
run = uuid.uuid4().hex[:6]


def resident_kb():
    return int(next(line for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS")).split()[1])


def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100


ada, bob = member(writer_url, f"la{run}"), member(writer_url, f"lb{run}")
target = post(writer_url, ada, f"live {run}")

arrivals = []  # per stream: the times its notifications arrived
opened = 0


async def stream(index):
    global opened
    where = urllib.parse.urlparse(readers_url)
    reader, writer = await asyncio.open_connection(where.hostname, where.port)
    writer.write(f"GET /events HTTP/1.1\r\nHost: {where.netloc}\r\nAuthorization: Bearer {ada}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    times = arrivals[index]
    counted = False
    while line := await reader.readline():
        if line.startswith(b"event: notification"):
            times.append(time.perf_counter())
        elif line.startswith(b"event: unread") and not counted:
            counted = True
            opened += 1


async def main():
    before = resident_kb()
    for index in range(connections):
        arrivals.append([])
    tasks = [asyncio.create_task(stream(index)) for index in range(connections)]
    while opened < connections:
        await asyncio.sleep(0.05)
    await asyncio.sleep(2)
    after = resident_kb()
    print(f"   {connections} streams open: the server's memory {before / 1024:.1f} MB before, {after / 1024:.1f} MB after: "
          f"{(after - before) / 1024:.1f} MB, {(after - before) / connections:.1f} KB a stream")
    cpu = cpu_seconds()
    await asyncio.sleep(30)
    at_rest = cpu_seconds() - cpu
    print(f"   at rest with them open: {at_rest:.2f} s of CPU in 30 s ({100 * at_rest / 30:.2f}% of a core; a heartbeat to each every 15 s)")

    latencies = []
    loop = asyncio.get_running_loop()
    for number in range(1, writes + 1):
        sent = time.perf_counter()
        await loop.run_in_executor(None, call, "POST", f"{writer_url}/posts/{target}/like", bob)
        while any(len(times) < number for times in arrivals):
            await asyncio.sleep(0.001)
        latencies.append((max(times[number - 1] for times in arrivals) - sent) * 1000)
        await loop.run_in_executor(None, call, "DELETE", f"{writer_url}/posts/{target}/like", bob)
        await asyncio.sleep(0.05)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"   a like, to its notification at the last of the {connections} streams: p50 {statistics.median(latencies):.0f} ms, "
          f"p99 {p99:.0f} ms, longest {latencies[-1]:.0f} ms ({writes} likes)")
    for task in tasks:
        task.cancel()
    return after - before, p99


growth, p99 = asyncio.run(main())
print(f"result {growth} {p99:.1f}")
