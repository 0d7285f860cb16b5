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


command = sys.argv[1]
if command == "posts":
    posts(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:])
elif command == "cold":
    cold(sys.argv[2], sys.argv[3])
elif command == "seed":
    seed(sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5]))
elif command == "read":
    read(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
