#!/usr/bin/env python3
"""Seeds a Kiwi server through its API: USERS members, POSTS posts in all (round robin).

  kiwi_seed.py BASE_URL USERS POSTS
"""
import json
import sys
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from kiwi_images import png

base, users, posts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
PNG = png()


def call(method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def member(index):
    name = f"reader{index}"
    credentials = json.dumps({"username": name, "password": "benchmark"}).encode()
    call("POST", "/users", credentials, {"Content-Type": "application/json"})
    return call("POST", "/sessions", credentials, {"Content-Type": "application/json"})["token"]


def post(args):
    index, token = args
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
            f"Content-Type: image/png\r\n\r\n").encode() + PNG + (
            f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n"
            f"Reflection number {index} on the book I am reading\r\n--{boundary}--\r\n").encode()
    call("POST", "/posts", body, {"Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"})


with ThreadPoolExecutor(8) as pool:
    tokens = list(pool.map(member, range(users)))
    list(pool.map(post, [(i, tokens[i % users]) for i in range(posts)]))
print(f"seeded {users} users and {posts} posts")
