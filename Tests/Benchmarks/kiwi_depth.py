#!/usr/bin/env python3
"""What a page costs at depth: the median of 30 answers (one keep-alive connection) for each of
page 0, page 5,000 and a member's deep page, by key (max_id) and by number (page), from a Kiwi
server on SQLite with TOP_ID the newest post's id, ids and times rising together; and, for the
pages by number the server refuses, what the same OFFSET costs SQLite on the server's file.

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
    for _ in range(30):
        start = time.perf_counter()
        client.request("GET", url)
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
    ("page 0", "/posts?pageSize=10"),
    ("page 5,000 by key", f"/posts?pageSize=10&max_id={top - 49_999}"),
    ("page 5,000 by number", "/posts?pageSize=10&page=5000"),
    ("page 1,000 by number (the deepest)", "/posts?pageSize=10&page=1000"),
    (f"{member}'s deep page by key", f"/users/{member}/posts?pageSize=10&max_id={member_deep}"),
    (f"{member}'s deep page by number", f"/users/{member}/posts?pageSize=10&page=4990"),
]
for name, url in rows:
    status, median = timed(url)
    print(f"   {name:42} {status}  median {median:6.2f} ms   {url}")
# What the refused pages would make the database do: walk 50,000 index entries.
everyone = offset_cost("SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 49990")
theirs = offset_cost(f"SELECT id FROM posts WHERE owner = '{member}' ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 49900")
print(f"   SQLite itself, OFFSET 49,990 (page 5,000): {everyone:.2f} ms; {member}'s OFFSET 49,900: {theirs:.2f} ms (refused by the server)")
