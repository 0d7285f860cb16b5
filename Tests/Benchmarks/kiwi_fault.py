#!/usr/bin/env python3
"""The fault runs: a burst of posts through the load balancer; part way through, one server is
killed (SIGKILL), the database restarts, the balancer reloads, or the media store is killed and started again. Each client sends its post with an
Idempotency-Key and, on any failure (no answer, a reset, 5xx, 409, 429), sends it again with the
same key until it is acknowledged (2xx), as `toolbox kiwi` does. Afterwards, through the server that
lived: every post acknowledged, none missing (acknowledged but not readable, or with another
caption, or a photo not made from its own picture), none duplicated, none stored without an
acknowledgement. The server keeps a photo re-encoded as a JPEG, so a post's photo is known by its
size (each post's picture has its own content, and a width of its own per 256) and by being no
other post's.

  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --kill PID
  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --restart 'COMMAND THAT RESTARTS THE DATABASE'
  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --reload 'COMMAND THAT RELOADS THE BALANCER'
  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --store 'COMMAND THAT KILLS AND RESTARTS THE MEDIA STORE'
"""
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from kiwi_images import jpeg_size, png

balancer, survivor, token, total, fault, target = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
run = uuid.uuid4().hex[:8]
acknowledged = {}
sendings = [0]
lock = threading.Lock()
struck = threading.Event()
# Bounded: a post is given up after this long (it then counts as not acknowledged).
PATIENCE = 120


def image(index):
    """Each index's own picture: 256 contents (a seed changes every byte), then a wider width."""
    return png(seed=index % 256, width=image_width(index))


def image_width(index):
    return 16 + index // 256


def send(method, url, body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers={"Authorization": f"Bearer {token}", **(headers or {})})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def strike():
    if fault == "--kill":
        os.kill(int(target), signal.SIGKILL)
    else:
        threading.Thread(target=subprocess.run, args=(target,), kwargs={"shell": True, "check": True}).start()
    struck.set()


def post(index):
    picture = image(index)
    key = f"fault-{run}-{index}"
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        boundary = uuid.uuid4().hex  # a new encoding each time, as a client's retry makes
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + picture + (
                f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n"
                f"fault {run} {index}\r\n--{boundary}--\r\n").encode()
        with lock:
            sendings[0] += 1
        try:
            status, answer = send("POST", f"{balancer}/posts", body,
                                  {"Content-Type": f"multipart/form-data; boundary={boundary}", "Idempotency-Key": key})
        except urllib.error.HTTPError as refused:
            if refused.code < 500 and refused.code not in (409, 429):
                print(f"   post {index} refused for good: HTTP {refused.code}", file=sys.stderr)
                return
            time.sleep(0.2)
            continue
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            time.sleep(0.2)
            continue
        with lock:
            acknowledged[index] = json.loads(answer)["id"]
            if len(acknowledged) == total // 4 and not struck.is_set():
                strike()
        return


started = time.monotonic()
with ThreadPoolExecutor(16) as pool:
    list(pool.map(post, range(total)))
elapsed = time.monotonic() - started

missing, wrong = [], []
photos = {}
for index, post_id in acknowledged.items():
    try:
        _, body = send("GET", f"{survivor}/posts/{post_id}")
        found = json.loads(body)
        _, stored = send("GET", f"{survivor}/uploads/{found['imageURL'].rsplit('/', 1)[-1]}")
        photos.setdefault(stored, []).append(post_id)
        if found["caption"] != f"fault {run} {index}" or jpeg_size(stored) != (image_width(index), 16):
            wrong.append(post_id)
    except urllib.error.HTTPError:
        missing.append(post_id)
# A photo that shows under two posts is another post's under one of them.
wrong += [post_id for sharing in photos.values() if len(sharing) > 1 for post_id in sharing]

captions = []
page = 0
while True:
    _, body = send("GET", f"{survivor}/posts?pageSize=100&page={page}")
    posts = json.loads(body)
    captions += [p["caption"] for p in posts if (p.get("caption") or "").startswith(f"fault {run} ")]
    if len(posts) < 100:
        break
    page += 1
duplicated = len(captions) - len(set(captions))
unacknowledged = len(set(captions) - {f"fault {run} {index}" for index in acknowledged})
what = {"--kill": "one server killed (SIGKILL)", "--restart": "the database restarted", "--reload": "nginx reloaded",
        "--store": "the media store killed (SIGKILL) and started again"}[fault]
print(f"   {total} posts, 16 clients retrying with their key, {what} after {total // 4} acknowledgements: "
      f"{len(acknowledged)} acknowledged ({sendings[0]} sendings, {elapsed:.1f} s), {len(missing) + len(wrong)} missing, "
      f"{duplicated} duplicated, {unacknowledged} stored without an acknowledgement")
sys.exit(0 if struck.is_set() and len(acknowledged) == total and not missing and not wrong and duplicated == 0 and unacknowledged == 0 else 1)
