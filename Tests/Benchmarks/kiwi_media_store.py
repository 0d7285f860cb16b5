#!/usr/bin/env python3
"""What kiwi_media_store.sh measures in Python.

  kiwi_media_store.py posts BASE TOKEN OTHER OTHER_TOKEN FILE… each FILE posted to BASE then to OTHER, in
                                                           turn; prints each pair's seconds, "BASE OTHER"
  kiwi_media_store.py cold BASE TOKEN                      every post's 640 px version read once, in turn
                                                           (its first read since the server started);
                                                           prints p50 and p99 in ms
  kiwi_media_store.py seed BUCKET_URL PREFIX COUNT MB      COUNT photos of MB each put straight into the
                                                           bucket (a full.jpg and its manifest), as the
                                                           server would have; prints their names
  kiwi_media_store.py read BASE TOKEN PID NAMES_FILE       each name's /uploads/ read once, 8 at a time,
                                                           sampling the server's resident memory; prints
                                                           the bytes read and the peak in KiB
  kiwi_media_store.py community BASE COUNT FILE…          COUNT posts by 20 members (each with an avatar),
                                                           8 at a time, of the photos FILE… in turn
  kiwi_media_store.py pages BASE TOKEN FOLDER              what readers see, into FOLDER: feed pages as JSON
                                                           and HTML, each member's profile page, with every
                                                           media URL (host, port, signature) cut out
  kiwi_media_store.py manifests BUCKET_URL PREFIX          how many photos' manifests the bucket holds
  kiwi_media_store.py exactly BUCKET_URL PREFIX            every photo's objects exactly those its manifest
                                                           names, once; prints the photos and objects
"""
import hashlib
import json
import os
import statistics
import sys
import threading
import time
import urllib.request
import zlib
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
from kiwi_photos import post  # noqa: E402


def get(url, token):
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read()


def posts(base, token, other, other_token, files):
    for path in files:
        pair = []
        for url, key in ((base, token), (other, other_token)):
            started = time.monotonic()
            post(url, key, path)
            pair.append(time.monotonic() - started)
        print(f"{pair[0]:.3f} {pair[1]:.3f}")


def cold(base, token):
    urls = [post["imageVersions"]["640"] for page in range(100)
            for post in json.loads(get(f"{base}/posts?page={page}&pageSize=50", token)) or []]
    times = []
    for url in urls:
        started = time.monotonic()
        get(url, token)
        times.append((time.monotonic() - started) * 1000)
    times.sort()
    print(f"{len(times)} {statistics.median(times):.1f} {times[min(len(times) - 1, int(len(times) * 0.99))]:.1f}")


def seed(bucket_url, prefix, count, megabytes):
    import botocore.session
    client = botocore.session.get_session().create_client(
        "s3", endpoint_url=bucket_url, region_name="us-east-1",
        aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"], aws_secret_access_key=os.environ["AWS_SECRET_ACCESS_KEY"])
    size = int(megabytes * 1024 * 1024)

    def one(index):
        name = f"seeded-{index:05d}.jpg"
        # Bytes the server passes on without decoding: random, so nothing compresses them on the way.
        body = b"\xff\xd8" + os.urandom(size - 4) + b"\xff\xd9"
        entry = {"digest": hashlib.sha256(body).hexdigest(), "length": len(body), "width": 4032, "height": 3024,
                 "crc32": zlib.crc32(body)}
        manifest = {"made": time.time() - 978307200, "files": {"full.jpg": entry}}
        client.put_object(Bucket="kiwi", Key=f"{prefix}/{name}/full.jpg", Body=body)
        client.put_object(Bucket="kiwi", Key=f"{prefix}/{name}/versions.json", Body=json.dumps(manifest).encode())
        return name

    with ThreadPoolExecutor(8) as pool:
        for name in pool.map(one, range(count)):
            print(name)


def read(base, token, pid, names_file):
    names = open(names_file).read().split()
    peak = [0]
    done = threading.Event()

    def sample():
        while not done.is_set():
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]))
            time.sleep(0.05)

    sampler = threading.Thread(target=sample)
    sampler.start()
    with ThreadPoolExecutor(8) as pool:
        total = sum(pool.map(lambda name: len(get(f"{base}/uploads/{name}", token)), names))
    done.set()
    sampler.join()
    print(f"{total} {peak[0]}")


def client(bucket_url):
    import botocore.session
    return botocore.session.get_session().create_client(
        "s3", endpoint_url=bucket_url, region_name="us-east-1",
        aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"], aws_secret_access_key=os.environ["AWS_SECRET_ACCESS_KEY"])


def keys(bucket_url, prefix):
    pages = client(bucket_url).get_paginator("list_objects_v2").paginate(Bucket="kiwi", Prefix=prefix + "/")
    return [item["Key"][len(prefix) + 1:] for page in pages for item in page.get("Contents", [])]


def community(base, count, files):
    """COUNT posts by 20 members, each with an avatar, of the photos FILES in turn, 8 at a time."""
    from kiwi_api import call, member
    tokens = [member(base, f"reader{index}") for index in range(20)]
    photos = [open(path, "rb").read() for path in files]
    boundary = "kiwi-media-store"
    kind = f"multipart/form-data; boundary={boundary}"

    def form(data, caption=None):
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + data + b"\r\n"
        if caption:
            body += f"--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\n{caption}\r\n".encode()
        return body + f"--{boundary}--\r\n".encode()

    for index, token in enumerate(tokens):
        call("PUT", f"{base}/users/reader{index}/avatar", body=form(photos[index % len(photos)]), token=token, kind=kind)
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda index: call("POST", f"{base}/posts", body=form(photos[index % len(photos)], f"page {index}"),
                                         token=tokens[index % 20], kind=kind, timeout=120), range(count)))


def pages(base, token, folder):
    import re
    os.makedirs(folder, exist_ok=True)
    media = re.compile(r"https?://[^\"'\s)]*/(media|uploads)/[^\"'\s)]*")

    # How long ago, which moves on between the two readings, beside the time itself, which does not.
    ago = re.compile(r'(<time datetime="[^"]*"[^>]*>)[^<]*(</time>)')

    def keep(name, body):
        with open(os.path.join(folder, name), "wb") as file:
            file.write(ago.sub(r"\1\2", media.sub("MEDIA", body.decode())).replace(base, "BASE").encode())

    for page in range(0, 200):
        answer = get(f"{base}/posts?page={page}&pageSize=20", token)
        if answer.strip() == b"[]":
            break
        keep(f"feed-{page}.json", answer)
    for index in range(20):
        keep(f"reader{index}.json", get(f"{base}/users/reader{index}", token))
        request = urllib.request.Request(f"{base}/@reader{index}", headers={"Authorization": f"Bearer {token}", "Accept": "text/html"})
        keep(f"reader{index}.html", urllib.request.urlopen(request, timeout=60).read())


command = sys.argv[1]
if command == "posts":
    posts(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:])
elif command == "cold":
    cold(sys.argv[2], sys.argv[3])
elif command == "seed":
    seed(sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5]))
elif command == "read":
    read(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
elif command == "community":
    community(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
elif command == "pages":
    pages(sys.argv[2], sys.argv[3], sys.argv[4])
elif command == "manifests":
    print(sum(key.endswith("/versions.json") for key in keys(sys.argv[2], sys.argv[3])))
elif command == "exactly":
    everything = keys(sys.argv[2], sys.argv[3])
    assert len(everything) == len(set(everything)), "a key listed twice"
    bucket = client(sys.argv[2])
    photos = {key.split("/")[0] for key in everything if "/" in key}
    wrong = []
    for name in sorted(photos):
        body = bucket.get_object(Bucket="kiwi", Key=f"{sys.argv[3]}/{name}/versions.json")["Body"].read()
        named = {f"{name}/{file}" for file in json.loads(body)["files"]} | {f"{name}/versions.json"}
        held = {key for key in everything if key.startswith(name + "/")}
        if named != held:
            wrong.append(name)
    print(f"{len(photos)} {len(everything)} {len(wrong)}")
