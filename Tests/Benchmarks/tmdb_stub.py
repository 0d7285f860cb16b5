#!/usr/bin/env python3
"""A stub TMDB for the benchmarks, on 127.0.0.1 only.

  tmdb_stub.py PORT_FILE FIXTURES_DIR LATENCY_MS PAGES [POSTER_JPEG]

Serves /3/movie/<id>/similar (a fixture page), /3/movie/<id> (the details
fixture, with the poster /poster.jpg), /3/discover/movie pages 1..PAGES, and
every image /t/p/<size>/<name> (POSTER_JPEG), each answer delayed by LATENCY_MS;
GET /__count returns how many requests it has answered. Writes its port to PORT_FILE.
"""
import json
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port_file, fixtures, latency_ms, pages = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
with open(f"{fixtures}/discover-movie.json", "rb") as f:
    similar = f.read()
with open(f"{fixtures}/movie-details.json", "rb") as f:
    details = json.load(f)
details["poster_path"] = "/poster.jpg"
details = json.dumps(details).encode()
poster = open(sys.argv[5], "rb").read() if len(sys.argv) > 5 else None
count = 0
lock = threading.Lock()


def page_body(page):
    results = [{"id": page * 100 + i, "title": f"Movie {page}-{i}", "release_date": "2001-01-01",
                "vote_average": 7.0, "vote_count": 10, "popularity": 1.0, "poster_path": None} for i in range(20)]
    return json.dumps({"page": page, "total_pages": pages, "total_results": pages * 20, "results": results}).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without this, Nagle and delayed ACKs add ~40 ms.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        global count
        url = urllib.parse.urlparse(self.path)
        if url.path == "/__count":
            return self.reply(str(count).encode())
        with lock:
            count += 1
        time.sleep(latency_ms / 1000)
        if url.path.startswith("/3/movie/") and url.path.endswith("/similar"):
            return self.reply(similar)
        if url.path.startswith("/3/movie/") and url.path.count("/") == 3:
            return self.reply(details)
        if poster and url.path.startswith("/t/p/"):
            return self.reply(poster, "image/jpeg")
        if url.path == "/3/discover/movie":
            page = int(urllib.parse.parse_qs(url.query).get("page", ["1"])[0])
            return self.reply(page_body(page))
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def reply(self, body, content_type="application/json"):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(port_file, "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
