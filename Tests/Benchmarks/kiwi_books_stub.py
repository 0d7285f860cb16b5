#!/usr/bin/env python3
"""Open Library's search and covers as the Kiwi benchmarks need them, on 127.0.0.1:PORT:
`search.json?q=isbn:X` answers one work for any ISBN-13 X, in the real service's shape (`docs` with
`key`, `title`, `author_name`, `isbn`); anything else finds nothing. `/b/isbn/X-L.jpg` answers a
cover (a 331 × 500 JPEG, as `-L` covers are) for every other book, and 404 for the rest, as the
covers service does with `default=false`.

  kiwi_books_stub.py PORT
"""
import json
import os
import re
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

COVER = open(os.path.join(os.path.dirname(__file__), "../KiwiServerTests/Fixtures/cover-331x500.jpg"), "rb").read()


class Search(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        cover = re.fullmatch(r"/b/isbn/([0-9]{13})-L\.jpg", url.path)
        if cover:
            has_cover = int(cover.group(1)[3:12]) % 2 == 0
            self.send_response(200 if has_cover else 404)
            self.send_header("Content-Type", "image/jpeg" if has_cover else "text/plain")
            self.send_header("Content-Length", str(len(COVER) if has_cover else 0))
            self.end_headers()
            if has_cover:
                self.wfile.write(COVER)
            return
        query = urllib.parse.parse_qs(url.query).get("q", [""])[0]
        docs = []
        if url.path == "/search.json" and query.startswith("isbn:"):
            isbn = query[5:]
            number = int(isbn[3:12]) if isbn.isdigit() and len(isbn) == 13 else 0
            docs = [{"key": f"/works/OL{number + 1}W", "title": f"Book {number}", "author_name": [f"Author {number % 97}"], "isbn": [isbn]}]
        body = json.dumps({"numFound": len(docs), "start": 0, "docs": docs}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Search).serve_forever()
