#!/usr/bin/env python3
"""How long a write made through one server takes to show on another's answers (servers sharing
PostgreSQL, kept exact by its notices), while readers load the other's first page the whole time.
WRITES of each kind: a post, a like, an unlike, a comment, a delete, a profile change, a follow;
prints p50, p99 and the longest of each. Exits non-zero when any took a second or more.

  kiwi_delay.py URL_A URL_B WRITES
"""
import json
import sys
import threading
import time
import uuid

from kiwi_api import call, member, post, report_delays

a, b, writes = sys.argv[1], sys.argv[2], int(sys.argv[3])
run = uuid.uuid4().hex[:6]

ada, bob, carol = (member(a, f"{name}{run}") for name in ("da", "db", "dc"))
page = f"{b}/posts?page=0&pageSize=20"
stop = threading.Event()


def reader():
    while not stop.is_set():
        call("GET", page)


readers = [threading.Thread(target=reader) for _ in range(4)]
for thread in readers:
    thread.start()


def first():
    return (call("GET", page) or [{}])[0]


def seen(write, check, url=page, token=None):
    """Makes the write on A, then asks B until `check` holds; the delay in milliseconds."""
    write()
    started = time.perf_counter()
    while not check(call("GET", url, token)):
        if time.perf_counter() - started > 5:
            return 5000.0
    return (time.perf_counter() - started) * 1000


delays = {kind: [] for kind in ["post", "like", "unlike", "comment", "delete", "profile change", "follow"]}
for index in range(writes):
    ids = {}

    def make():
        ids["post"] = post(a, ada, f"delay {run} {index}")

    delays["post"].append(seen(make, lambda answer: answer and answer[0]["id"] == ids["post"]))
    target = ids["post"]
    delays["like"].append(seen(lambda: call("POST", f"{a}/posts/{target}/like", bob), lambda answer: answer[0]["likes"] == 1))
    delays["unlike"].append(seen(lambda: call("DELETE", f"{a}/posts/{target}/like", bob), lambda answer: answer[0]["likes"] == 0))
    form = f"operation=create&postid={target}&text=note {index}".encode()
    delays["comment"].append(
        seen(lambda: call("POST", f"{a}/comments", bob, form, "application/x-www-form-urlencoded"), lambda answer: answer[0]["commentCount"] == 1)
    )
    name = json.dumps({"fullname": f"Ada {index}"}).encode()
    delays["profile change"].append(
        seen(lambda: call("PUT", f"{a}/users/da{run}", ada, name), lambda answer: answer[0]["author"]["displayName"] == f"Ada {index}")
    )
    method = "POST" if index % 2 == 0 else "DELETE"
    delays["follow"].append(
        seen(
            lambda: call(method, f"{a}/users/da{run}/follow", carol),
            lambda answer: (len(answer) > 0) == (method == "POST"),
            f"{b}/feed?pageSize=1",
            carol,
        )
    )
    delays["delete"].append(seen(lambda: call("DELETE", f"{a}/posts/{target}", ada), lambda answer: not answer or answer[0]["id"] != target))

stop.set()
for thread in readers:
    thread.join()
sys.exit(0 if report_delays(delays) < 1000 else 1)
