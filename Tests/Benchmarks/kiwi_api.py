"""What the Kiwi benchmarks ask a server, said once: kiwi_delay.py and kiwi_live.py import it."""
import json
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


def post(server, token, caption):
    """Posts a small picture with CAPTION: the new post's id."""
    boundary = uuid.uuid4().hex
    body = f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n'.encode()
    body += PNG + f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n{caption}\r\n--{boundary}--\r\n'.encode()
    return call("POST", f"{server}/posts", token, body, f"multipart/form-data; boundary={boundary}")["id"]
