#!/usr/bin/env bash
# Kiwi's books at scale: POSTS posts (20,000 unless given) by 20 readers about BOOKS books (2,000),
# a few read by many and most by few (kiwi_seed.py), the server's book search and covers a local
# stub (kiwi_books_stub.py; every other book has a cover, fetched as its first post is made).
#  1. SQLite, one server: the most read book's page 0 (GET /books/<isbn13>/posts) and
#     GET /books/popular, anonymous and logged in, each as a share of GET /health's rate (the median
#     of three pairs of runs, /health just before the route each time).
#  2. PostgreSQL (the same community moved with `kiwi migrate`), two servers: the same on one; then
#     how long a post through one server takes to show on the other's book page and popular list,
#     and its deletion to leave them (kiwi_books.py).
# The targets: a book's page 0 at ≥ 50 % of /health's rate, GET /books/popular at ≥ 80 %.
# Needs wrk, and for part 2 root and PostgreSQL's server programs (apt-get install wrk postgresql).
#   Tests/Benchmarks/kiwi_books.sh [POSTS] [BOOKS] [SERVE FLAGS…]
set -euo pipefail
cd "$(dirname "$0")/../.."
posts=${1:-20000} books=${2:-2000}
# The rest are `kiwi serve` flags.
shift $(($# < 2 ? $# : 2))
command -v wrk >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq wrk >/dev/null; } || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT

swift build -c release --static-swift-stdlib >/dev/null
library=$(free_port)
python3 Tests/Benchmarks/kiwi_books_stub.py "$library" &
pids+=($!)
export TOOLBOX_KIWI_BOOKS_URL="http://127.0.0.1:$library" TOOLBOX_KIWI_COVERS_URL="http://127.0.0.1:$library"
book=$(python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); from kiwi_api import isbn13; print(isbn13(0))')

login() { curl -sf "$1/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'; }
# The book's page 0 and the popular list, anonymous and logged in, each as a share of /health's rate.
reads() {
    local token
    token=$(login "$1")
    for path in "/books/$book/posts?page=0&pageSize=20" "/books/popular"; do
        share_of_health "GET $path, anonymous" "$1" "$path"
        share_of_health "GET $path, logged-in" "$1" "$path" -H "Authorization: Bearer $token"
    done
}

echo "### SQLite, one server: $posts posts about $books books"
serve "$@"
start=$(date +%s)
python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 "$posts" "$books"
echo "   seeded in $(($(date +%s) - start)) s; the most read book has $(curl -sf "$base/books/$book" | python3 -c 'import json, sys; print(json.load(sys.stdin)["reflections"])') reflections"
reads "$base"
kill "$pid"; wait "$pid" 2>/dev/null || true

if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit 0
fi
pg_up "$work/postgres"
"$toolbox" kiwi migrate --from "sqlite:$work/data/toolbox/kiwi/kiwi.sqlite" --to "$PG_URL" --plain >/dev/null
PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d kiwi -qc "VACUUM ANALYZE"
echo "### PostgreSQL, two servers: the same reads on one"
serve --database "$PG_URL" "$@"
first=$base
serve --database "$PG_URL" "$@"
second=$base
reads "$first"
echo "### A post through one server, on the other's book page and popular list (100 posts, then deleted)"
python3 Tests/Benchmarks/kiwi_books.py "$first" "$second" 100
