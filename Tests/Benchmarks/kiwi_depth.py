#!/usr/bin/env python3
"""What a page costs at depth: the median of 30 answers (one keep-alive connection) for each of
page 0, page 5,000 and a member's deep page, by key (max_id) and by number (page), from a Kiwi
server on SQLite with TOP_ID the newest post's id, ids and times rising together; and, for the
pages by number the server refuses, what the same OFFSET costs SQLite on the server's file.
Page 0 is asked as readers ask it (the server keeps it); every other request is a page of its
own (the next key, the page before), so none is answered from what the server keeps.

  kiwi_depth.py BASE_URL SQLITE_FILE TOP_ID MEMBER MEMBERS_DEEP_ID
"""
import http.client
import sqlite3
import statistics
import sys
import time
from urllib.parse import urlparse

base, path, top, member, member_deep = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
target = urlparse(base)
client = http.client.HTTPConnection(target.hostname, target.port, timeout=30)


def timed(url):
    times, status = [], None
    for step in range(30, 35):  # the file's pages and the connection warmed, untimed
        client.request("GET", url(step))
        client.getresponse().read()
    for step in range(30):
        start = time.perf_counter()
        client.request("GET", url(step))
        response = client.getresponse()
        response.read()
        times.append((time.perf_counter() - start) * 1000)
        status = response.status
    return status, statistics.median(times)


def offset_cost(sql):
    database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    times = []
    for _ in range(10):
        start = time.perf_counter()
        database.execute(sql).fetchall()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


rows = [
    ("page 0 (kept by the server)", lambda _: "/posts?pageSize=10"),
    ("page 0 by key (a page of its own each time)", lambda step: f"/posts?pageSize=10&max_id={top + 1 - step}"),
    ("page 5,000 by key", lambda step: f"/posts?pageSize=10&max_id={top - 49_999 - step}"),
    ("page 5,000 by number", lambda step: f"/posts?pageSize=10&page={5000 - step}"),
    ("pages 971-1,000 by number (the deepest)", lambda step: f"/posts?pageSize=10&page={1000 - step}"),
    (f"{member}'s deep page by key", lambda step: f"/users/{member}/posts?pageSize=10&max_id={member_deep + 20 * step}"),
    (f"{member}'s deep page by number", lambda step: f"/users/{member}/posts?pageSize=10&page={4990 - step}"),
]
for name, url in rows:
    status, median = timed(url)
    print(f"   {name:45} {status}  median {median:6.2f} ms   {url(0)}")
# What the refused pages would make the database do: walk 50,000 index entries.
everyone = offset_cost("SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 49990")
theirs = offset_cost(f"SELECT id FROM posts WHERE owner = '{member}' ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 49900")
print(f"   SQLite itself, OFFSET 49,990 (page 5,000): {everyone:.2f} ms; {member}'s OFFSET 49,900: {theirs:.2f} ms (refused by the server)")
