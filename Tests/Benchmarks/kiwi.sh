#!/usr/bin/env bash
# Kiwi server under load on loopback (release build, SQLite store):
# seeds 2,000 posts from 20 users through the API, then wrk with 2 threads and
# 32 connections for 10 s each on GET /health, then page 0 and page 90 of GET /posts
# (20 a page), each page also as a share of /health's rate.
#   Tests/Benchmarks/kiwi.sh [SERVE FLAGS…]    (needs wrk: apt-get install wrk)
# e.g. `Tests/Benchmarks/kiwi.sh --metrics` measures the server with its metrics on.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

swift build -c release --static-swift-stdlib --product toolbox >/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
XDG_DATA_HOME="$work" .build/release/toolbox kiwi serve --port "$port" --quiet "$@" &
server=$!
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -sf "$base/health" >/dev/null && break; sleep 0.1; done

python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000

# /health is the framework's ceiling in the same process: each page's ratio to it says what the feed costs.
rate() { wrk -t2 -c32 -d10s --latency "$base$1" | tee "$work/wrk.txt" | grep -E "Requests/sec|^\s+(50|99)%|Non-2xx|Socket errors" >&2
    awk '/Requests\/sec/{print $2}' "$work/wrk.txt"; }
echo "== GET /health" >&2
health=$(rate /health)
for page in 0 90; do
    echo "== GET /posts?page=$page&pageSize=20" >&2
    posts=$(rate "/posts?page=$page&pageSize=20")
    printf '   %.0f%% of /health\n' "$(python3 -c "print(100*$posts/$health)")"
done
