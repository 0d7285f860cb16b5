#!/usr/bin/env python3
"""How long a post about a book, made through one server, takes to show on the other server's
book page (page 0 of GET /books/<isbn13>/posts) and in its GET /books/popular (the book's count
moved), both kept in memory there and read before each post; and the same for its deletion.
WRITES of each; prints p50, p99 and the longest. Exits non-zero when any took a second or more.

  kiwi_books.py URL_A URL_B WRITES
"""
import sys
import time
import uuid

from kiwi_api import call, isbn13, member, post, report_delays

a, b, writes = sys.argv[1], sys.argv[2], int(sys.argv[3])
writer = member(a, f"bk{uuid.uuid4().hex[:6]}")
book = isbn13(0)  # the most read of the seeded books: first in the ranking
page, popular = f"{b}/books/{book}/posts?page=0&pageSize=20", f"{b}/books/popular"


def count():
    return next((row["reflections"] for row in call("GET", popular) if row["isbn13"] == book), 0)


def delay(write, shown):
    """Makes the write on A, then asks B until `shown` holds: milliseconds."""
    write()
    started = time.perf_counter()
    while not shown():
        if time.perf_counter() - started > 5:
            return 5000.0
    return (time.perf_counter() - started) * 1000


delays = {"post on the book's page": [], "post in the popular list": [], "deletion from both": []}
for index in range(writes):
    before = count()
    call("GET", page)  # both kept on B before the write
    made = {}

    def make():
        made["id"] = post(a, writer, f"books delay {index}", book)

    delays["post on the book's page"].append(delay(make, lambda: call("GET", page)[0]["id"] == made["id"]))
    delays["post in the popular list"].append(delay(lambda: None, lambda: count() == before + 1))
    delays["deletion from both"].append(
        delay(lambda: call("DELETE", f"{a}/posts/{made['id']}", writer), lambda: call("GET", page)[0]["id"] != made["id"] and count() == before)
    )

sys.exit(0 if report_delays(delays) < 1000 else 1)
