#!/usr/bin/env python3
"""The fault runs: a burst of posts through the load balancer, and part way through either one
server is killed (SIGKILL) or the database restarts. Afterwards every post that was acknowledged
(2xx) must be readable, with its image, through the server that lived, and no post may be there
twice. Refusals while the database is away (503) are not acknowledgements.

  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --kill PID
  kiwi_fault.py BALANCER_URL SURVIVOR_URL TOKEN POSTS --restart 'COMMAND THAT RESTARTS THE DATABASE'
"""
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

balancer, survivor, token, total, fault, target = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]
run = uuid.uuid4().hex[:8]
acknowledged = {}
lock = threading.Lock()
killed = threading.Event()


def image(index):
    return bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + index.to_bytes(4, "big") + os.urandom(1000)


def send(method, url, body=None, headers=None):
    request = urllib.request.Request(url, data=body, method=method, headers={"Authorization": f"Bearer {token}", **(headers or {})})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def post(index):
    boundary = uuid.uuid4().hex
    picture = image(index)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + picture + (
            f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n"
            f"fault {run} {index}\r\n--{boundary}--\r\n").encode()
    try:
        status, answer = send("POST", f"{balancer}/posts", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return
    if 200 <= status < 300:
        with lock:
            acknowledged[json.loads(answer)["id"]] = (index, picture)
            if len(acknowledged) == total // 4 and not killed.is_set():
                if fault == "--kill":
                    os.kill(int(target), signal.SIGKILL)
                else:
                    threading.Thread(target=subprocess.run, args=(target,), kwargs={"shell": True, "check": True}).start()
                killed.set()


with ThreadPoolExecutor(16) as pool:
    list(pool.map(post, range(total)))

missing, wrong = [], []
for post_id, (index, picture) in acknowledged.items():
    try:
        _, body = send("GET", f"{survivor}/posts/{post_id}")
        found = json.loads(body)
        _, stored = send("GET", f"{survivor}/uploads/{found['imageURL'].rsplit('/', 1)[-1]}")
        if found["caption"] != f"fault {run} {index}" or stored != picture:
            wrong.append(post_id)
    except urllib.error.HTTPError:
        missing.append(post_id)

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
what = "one server killed" if fault == "--kill" else "the database restarted"
print(f"   {total} posts sent with 16 clients, {what} after {total // 4} acknowledgements: "
      f"{len(acknowledged)} acknowledged, {len(missing)} of them missing, {len(wrong)} with the wrong caption or image, "
      f"{duplicated} duplicated, {len(set(captions)) - len(acknowledged)} stored without an acknowledgement")
sys.exit(0 if killed.is_set() and not missing and not wrong and duplicated == 0 else 1)
