#!/usr/bin/env python3
"""One impolite client against a Kiwi server, from a loopback address of its own, for at most
SECONDS, and what it got: one line of JSON.

  kiwi_hostile.py slow BASE_URL SOURCE SECONDS COUNT   COUNT connections that send a request line,
        then a header line every 5 s, never finishing: how many were answered 503 at once, how
        many the server closed and after how long, how many were still open at the end
  kiwi_hostile.py signups BASE_URL SOURCE SECONDS      sign-ups in a loop: answers by status
  kiwi_hostile.py posts BASE_URL SOURCE SECONDS        one account posting in a loop: answers by status
  kiwi_hostile.py deep BASE_URL SOURCE SECONDS TOP_ID  one client walking deep pages as fast as it is
        answered (by key anywhere below TOP_ID, by number down to the deepest page, a member's by
        key): answers by status and a second
"""
import http.client
import json
import random
import select
import socket
import sys
import time
import uuid
from collections import Counter
from urllib.parse import urlparse
from kiwi_images import png

mode, base, source, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
target = urlparse(base)
PNG = png()


def connection():
    return http.client.HTTPConnection(target.hostname, target.port, timeout=10, source_address=(source, 0))


def call(client, method, path, body=None, headers=None):
    client.request(method, path, body=body, headers=headers or {})
    response = client.getresponse()
    data = response.read()
    return response.status, data


def slow(count):
    opened, said, closed = {}, {}, []
    refused = 0
    for _ in range(count):
        s = socket.socket()
        s.bind((source, 0))
        s.setblocking(True)
        try:
            s.connect((target.hostname, target.port))
            s.sendall(b"GET /posts HTTP/1.1\r\nHost: kiwi\r\n")
        except OSError:
            s.close()
            refused += 1
            continue
        opened[s] = time.monotonic()
    end = time.monotonic() + seconds
    trickle = time.monotonic()
    while opened and time.monotonic() < end:
        for s in poll_many(opened):
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if data:
                said[s] = said.get(s, b"") + data
                continue
            if said.get(s, b"").startswith(b"HTTP/1.1 503"):
                refused += 1
            else:
                closed.append(time.monotonic() - opened[s])
            del opened[s]
            s.close()
        if time.monotonic() - trickle > 5:
            for s in list(opened):
                try:
                    s.sendall(b"X-Slow: yes\r\n")
                except OSError:
                    pass
            trickle = time.monotonic()
    still = len(opened)
    for s in opened:
        s.close()
    closed.sort()
    median = closed[len(closed) // 2] if closed else None
    return {"connections": count, "refused_503": refused, "closed_by_server": len(closed),
            "closed_after_s": {"first": closed[0] if closed else None, "median": median, "last": closed[-1] if closed else None},
            "still_open": still}


def poll_many(sockets):
    poller = select.poll()
    for s in sockets:
        poller.register(s, select.POLLIN | select.POLLHUP | select.POLLERR)
    by_fd = {s.fileno(): s for s in sockets}
    return [by_fd[fd] for fd, _ in poller.poll(200)]


def signups():
    statuses = Counter()
    client = connection()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        body = json.dumps({"username": "x" + uuid.uuid4().hex[:12], "password": "hostile"})
        status, _ = call(client, "POST", "/users", body, {"Content-Type": "application/json"})
        statuses[status] += 1
    return {"answers": dict(statuses)}


def posts():
    client = connection()
    name = "poster" + uuid.uuid4().hex[:8]
    credentials = json.dumps({"username": name, "password": "hostile"})
    call(client, "POST", "/users", credentials, {"Content-Type": "application/json"})
    _, data = call(client, "POST", "/sessions", credentials, {"Content-Type": "application/json"})
    token = json.loads(data)["token"]
    statuses = Counter()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        boundary = uuid.uuid4().hex
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + PNG + f"\r\n--{boundary}--\r\n".encode()
        status, _ = call(client, "POST", "/posts", body,
                         {"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"})
        statuses[status] += 1
    return {"answers": dict(statuses)}


def deep(top):
    client = connection()
    statuses = Counter()
    start = time.monotonic()
    end = start + seconds
    while time.monotonic() < end:
        path = random.choice([
            f"/posts?pageSize=20&max_id={random.randint(1, top)}",
            f"/posts?pageSize=10&page={random.randint(0, 1000)}",
            f"/users/reader{random.randint(0, 19)}/posts?pageSize=20&max_id={random.randint(1, top)}",
        ])
        status, _ = call(client, "GET", path)
        statuses[status] += 1
    return {"answers": dict(statuses), "per_second": round(sum(statuses.values()) / (time.monotonic() - start))}


result = {"slow": lambda: slow(int(sys.argv[5])), "signups": signups, "posts": posts, "deep": lambda: deep(int(sys.argv[5]))}[mode]()
print(json.dumps(result))
