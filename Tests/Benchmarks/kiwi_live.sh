#!/usr/bin/env bash
# Kiwi's live streams at scale, release build, on loopback (kiwi_live.py): 1,000 idle streams of one
# reader on one server (memory a stream, CPU at rest), and the time from a like to its notification
# at the 1,000th stream (p50, p99); on SQLite, then on PostgreSQL with two servers (the streams on
# one, the likes through the other, so every event crosses the database's notices).
#   Tests/Benchmarks/kiwi_live.sh [CONNECTIONS [LIKES]]
# Needs root and PostgreSQL's server programs for the second part (apt-get install postgresql).
# Targets: at most 32 MB more for 1,000 streams, and a like at the 1,000th stream within 250 ms (p99);
# the exit status says whether both parts met them.
set -euo pipefail
cd "$(dirname "$0")/../.."
connections=${1:-1000} likes=${2:-100}
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
# Every stream is a connection: room for them, on both ends.
ulimit -n "$(ulimit -Hn)"
swift build -c release --static-swift-stdlib >/dev/null

echo "### SQLite, one server: $connections streams, $likes likes"
serve
status=0
python3 Tests/Benchmarks/kiwi_live.py "$base" "$base" "$pid" "$connections" "$likes" || status=1
kill "$pid"

if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit $status
fi
pg_up "$work/postgres"
echo "### PostgreSQL, two servers: $connections streams on B, $likes likes through A"
serve --database "$PG_URL"
a=$base
serve --database "$PG_URL"
python3 Tests/Benchmarks/kiwi_live.py "$base" "$a" "$pid" "$connections" "$likes" || status=1
[ $status = 0 ] && echo "### both met the targets" || echo "### a target was missed (above)"
exit $status
