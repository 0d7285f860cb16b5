"""What the Kiwi benchmarks ask a server, said once: kiwi_delay.py and kiwi_live.py import it."""
import json
import statistics
import urllib.request
import uuid
from kiwi_images import png

PNG = png()


def call(method, url, token=None, body=None, kind="application/json", timeout=30):
    """One request; its JSON answer (None for an empty one). A status of 400 or more raises."""
    headers = {"Content-Type": kind}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    with urllib.request.urlopen(urllib.request.Request(url, data=body, method=method, headers=headers), timeout=timeout) as response:
        return json.loads(response.read() or b"null")


def member(server, name):
    """Signs NAME up on SERVER and logs in: the session's token."""
    credentials = json.dumps({"username": name, "password": "benchmark"}).encode()
    call("POST", f"{server}/users", body=credentials)
    return call("POST", f"{server}/sessions", body=credentials)["token"]


def post(server, token, caption, book=None):
    """Posts a small picture with CAPTION, about the book with the ISBN-13 BOOK if given: the new post's id."""
    boundary = uuid.uuid4().hex
    body = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n'.encode()
    body += PNG + f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n{caption}\r\n'.encode()
    if book:
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="book"\r\n\r\n{book}\r\n'.encode()
    body += f"--{boundary}--\r\n".encode()
    return call("POST", f"{server}/posts", token, body, f"multipart/form-data; boundary={boundary}")["id"]


def isbn13(index):
    """The ISBN-13 of the benchmarks' book INDEX: 978, the index in nine digits, and its check digit."""
    digits = f"978{index:09d}"
    check = (10 - sum(int(digit) * (3 if place % 2 else 1) for place, digit in enumerate(digits)) % 10) % 10
    return digits + str(check)


def report_delays(delays):
    """Prints each kind's p50, p99 and longest delay (milliseconds); answers the longest of all."""
    width = max(len(kind) for kind in delays)
    for kind, values in delays.items():
        values.sort()
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        print(f"   {kind:{width}} p50 {statistics.median(values):6.1f} ms   p99 {p99:6.1f} ms   longest {values[-1]:6.1f} ms   ({len(values)} writes)")
    return max(values[-1] for values in delays.values())
