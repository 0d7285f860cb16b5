"""A reader on another server, for kiwi_cost.sh: alice's WebFinger and ActivityPub actor, as Mastodon
answers them, on 127.0.0.1:PORT (Kiwi is told --federation-allow-private), so that her page on Kiwi
(/@alice@127.0.0.1:PORT) can be measured.

    kiwi_remote_reader.py PORT
"""
import http.server
import json
import sys

port = int(sys.argv[1])
host = f"127.0.0.1:{port}"
base = f"http://{host}"
# A real RSA key's public half: Kiwi keeps it for checking her signatures, which no page does.
PEM = """-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtUS7T1Z12mvqQdCF/Moy
GqO0D+DuKLhqXWybbqZ66PT0Utjod9RDoMIiaoNH5he5VxbV2+9voT31LU3ZkRfj
tgRn8sqlAlZSlvNp0AaWoZLUxPQSADveWO7oNDhA0ZOEIQM9hcdjbL/2tRnprTUm
pI8A3UXrC4OhU+nziq5g5HrdKTtT5PRkvaNBqLUIjkVemRpWt3Ppv/cPfDM4NA7d
FcdwN/EV4W8FY6KUTjNMGfsk/a5vUhJy2nbVs/XcToPH8cuh36fw10Fx2zVDSDBq
WEYeadLWkQRi+mHx2e9UCov5bnW64aorNuOViSnDA9RfNO6FeGiBl7ecc9y8dcPh
BwIDAQAB
-----END PUBLIC KEY-----
"""
ACTOR = {
    "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
    "id": f"{base}/users/alice",
    "type": "Person",
    "preferredUsername": "alice",
    "name": "Alice Liddell",
    "url": f"{base}/@alice",
    "inbox": f"{base}/users/alice/inbox",
    "outbox": f"{base}/users/alice/outbox",
    "followers": f"{base}/users/alice/followers",
    "following": f"{base}/users/alice/following",
    "endpoints": {"sharedInbox": f"{base}/inbox"},
    "publicKey": {"id": f"{base}/users/alice#main-key", "owner": f"{base}/users/alice", "publicKeyPem": PEM},
}
FINGER = {"subject": f"acct:alice@{host}", "links": [{"rel": "self", "type": "application/activity+json", "href": ACTOR["id"]}]}


class Server(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/.well-known/webfinger?resource=acct:alice@"):
            document, kind = FINGER, "application/jrd+json"
        elif self.path == "/users/alice":
            document, kind = ACTOR, "application/activity+json"
        else:
            self.send_error(404)
            return
        body = json.dumps(document).encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", port), Server).serve_forever()
