#!/usr/bin/env bash
# Kiwi against impolite clients, on loopback, release build, bounded in count and time. One server
# on SQLite, started under `ulimit -n 1024` (prlimit: soft and hard, so it cannot raise it) with its
# default limits, 2,000 posts seeded beforehand (through a server with the limits lifted). Honest
# readers (wrk, 2 threads, 32 connections, 10 s, from 127.0.0.1) load page 0 of GET /posts: alone,
# then while each attack runs from a loopback address of its own:
#   (a) 2,000 slow connections (a request line, then a header line every 5 s), from 127.0.0.2;
#   (b) one client signing up in a loop, from 127.0.0.3;
#   (c) one account posting in a loop, from 127.0.0.4;
#   (d) with the community grown to 1,000,000 posts (seeded straight into the SQLite file in one
#       statement, not through the API) and the readers measured alone again: one client walking
#       deep pages, by key anywhere and by number down to the deepest page, from 127.0.0.5.
# For each: the readers' rate as a share of their rate alone, their p99, what the attacker got, and
# the server's resident memory at the end (it must not exit). Then, at 1,000,000 posts, page 0,
# page 5,000 and a member's deep page by key and by number (kiwi_depth.py).
#   Tests/Benchmarks/kiwi_hostile.sh [SERVE FLAGS…]
# Needs wrk (apt-get install wrk; installed here when run as root) and prlimit (util-linux).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v wrk >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq wrk >/dev/null; } || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
work=$(mktemp -d)
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
swift build -c release --static-swift-stdlib >/dev/null

data="$work/data" serve
python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000
# What a password costs at the default bcrypt cost: sign-ups a second from one client, one hash each.
python3 Tests/Benchmarks/kiwi_hostile.py signups "$base" 127.0.0.1 5 >"$work/bcrypt.json"
python3 -c "import json, sys; n = json.load(open(sys.argv[1]))['answers'].get('201', 0); print(f'== bcrypt (cost 10): {n / 5:.1f} sign-ups a second, one client (one hash each)')" "$work/bcrypt.json"
kill "$pid" && wait "$pid" 2>/dev/null || true

launcher=(prlimit --nofile=1024:1024)
keep_limits=1 data="$work/data" serve "$@"
grep -m1 "open files" "$work/serve.log" || true
# Readers of page 0 for 10 s, on the server started last: "RATE P99_MS".
readers() {
    wrk -t2 -c32 -d10s --latency "$base/posts?page=0&pageSize=20" >"$work/wrk.txt"
    python3 - "$work/wrk.txt" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
value, unit = re.search(r"\s99%\s+([\d.]+)(us|ms|s)", text).groups()
print(rate, float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit])
PY
}
memory() { ps -o rss= -p "$pid" | awk '{printf "%.0f MiB", $1/1024}'; }
read -r alone alone_p99 < <(readers)
printf '== readers alone: %.0f req/s, p99 %.1f ms, server %s\n' "$alone" "$alone_p99" "$(memory)"

attack() {
    local name=$1; shift
    python3 Tests/Benchmarks/kiwi_hostile.py "$@" >"$work/attack.json" &
    local attacker=$!
    sleep 1
    read -r rate p99 < <(readers)
    wait "$attacker"
    kill -0 "$pid" 2>/dev/null || { echo "the server exited during $name"; cat "$work/serve.log" | tail -5; exit 1; }
    printf '== %s: readers %.0f req/s (%.0f%% of alone), p99 %.1f ms, server %s\n   the attacker got %s\n' \
        "$name" "$rate" "$(python3 -c "print(100*$rate/$alone)")" "$p99" "$(memory)" "$(cat "$work/attack.json")"
}
attack "(a) 2,000 slow connections" slow "$base" 127.0.0.2 14 2000
attack "(b) sign-ups in a loop" signups "$base" 127.0.0.3 12
attack "(c) one account posting in a loop" posts "$base" 127.0.0.4 12

# (d) A million posts: the server stops, the rest are written into its file in one transaction
# (round robin over the 20 readers, times rising with ids, as the API would have made them), and
# it starts again under the same limits.
kill "$pid" && wait "$pid" 2>/dev/null || true
file="$work/data/toolbox/kiwi/kiwi.sqlite"
top=$(python3 - "$file" <<'PY'
import sqlite3, sys
database = sqlite3.connect(sys.argv[1])
count, newest = database.execute("SELECT count(*), max(created_at) FROM posts").fetchone()
with database:
    database.execute("""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO posts (owner, image, caption, created_at)
        SELECT 'reader' || (i % 20), 'seeded.png', 'Reflection ' || i || ' on the book I am reading', ? + i * 0.0001 FROM n
        """, (1_000_000 - count, newest))
print(database.execute("SELECT max(id) FROM posts").fetchone()[0])
PY
)
deep_id=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(\"SELECT id FROM posts WHERE owner = 'reader7' ORDER BY id LIMIT 1 OFFSET 25\").fetchone()[0])" "$file")
keep_limits=1 data="$work/data" serve "$@"
printf '== a community of %s posts\n' "$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM posts').fetchone()[0])" "$file")"
read -r alone alone_p99 < <(readers)
printf '== readers alone: %.0f req/s, p99 %.1f ms, server %s\n' "$alone" "$alone_p99" "$(memory)"
attack "(d) one client walking deep pages" deep "$base" 127.0.0.5 12 "$top"
echo "== pages at depth (median of 30, one connection, nothing else running):"
python3 Tests/Benchmarks/kiwi_depth.py "$base" "$file" "$top" reader7 "$deep_id"
