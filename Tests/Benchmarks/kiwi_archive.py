#!/usr/bin/env python3
"""What kiwi_archive.sh measures in Python.

  kiwi_archive.py phone BASE COUNT      signs up "phone" and posts COUNT phone-sized photos (4032 x 3024
                                        JPEGs of smooth noise, a few MB each, EXIF orientation 6)
  kiwi_archive.py fetch BASE USER PID   USER's archive, read to its end while the server's (PID)
                                        resident memory is sampled every 10 ms; prints
                                        {"seconds", "bytes", "files", "resting_kb", "peak_kb"}
"""
import io
import json
import sys
import threading
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

from kiwi_api import call, member


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def phone(base, count):
    from PIL import Image
    import random

    noise = random.Random(7)
    # Noise at an eighth of the size, enlarged: a photo's detail, not a worst case for JPEG.
    small = Image.frombytes("RGB", (504, 378), bytes(noise.getrandbits(8) for _ in range(504 * 378 * 3)))
    picture = small.resize((4032, 3024), Image.BICUBIC)
    exif = Image.Exif()
    exif[0x0112] = 6
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=90, exif=exif.tobytes())
    jpeg = buffer.getvalue()
    token = member(base, "phone")

    def one(index):
        boundary = uuid.uuid4().hex
        body = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'.encode()
        body += jpeg + f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nPhoto {index}\r\n--{boundary}--\r\n'.encode()
        call("POST", f"{base}/posts", token, body, f"multipart/form-data; boundary={boundary}")

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(one, range(count)))
    print(f"posted {count} photos of {len(jpeg)} bytes")


def fetch(base, user, pid):
    token = call("POST", f"{base}/sessions", body=json.dumps({"username": user, "password": "benchmark"}).encode())["token"]
    resting = rss_kb(pid)
    peak = [resting]
    done = threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], rss_kb(pid))
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    started = time.monotonic()
    request = urllib.request.Request(f"{base}/users/me/archive", headers={"Authorization": f"Bearer {token}"})
    size = 0
    with urllib.request.urlopen(request, timeout=3600) as answer:
        files = int(answer.headers.get("Kiwi-Archive-Files", "0"))
        while chunk := answer.read(1 << 20):
            size += len(chunk)
    seconds = time.monotonic() - started
    done.set()
    sampler.join()
    print(json.dumps({"seconds": round(seconds, 3), "bytes": size, "files": files, "resting_kb": resting, "peak_kb": peak[0]}))


if __name__ == "__main__":
    if sys.argv[1] == "phone":
        phone(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "fetch":
        fetch(sys.argv[2], sys.argv[3], int(sys.argv[4]))
