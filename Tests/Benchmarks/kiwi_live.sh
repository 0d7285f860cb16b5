#!/usr/bin/env bash
# Kiwi's live streams at scale, release build, on loopback (kiwi_live.py): 1,000 idle streams of one
# reader on one server (memory a stream, CPU at rest), and the time from a like to its notification
# at the 1,000th stream (p50, p99); on SQLite, then on PostgreSQL with two servers (the streams on
# one, the likes through the other, so every event crosses the database's notices). Each part runs
# ROUNDS times on fresh servers: a server's resident memory after 1,000 connects at once moves by a
# few megabytes from run to run (how its heap fragments), so the targets are checked on medians.
#   Tests/Benchmarks/kiwi_live.sh [CONNECTIONS [LIKES [ROUNDS]]]
# KIWI_BENCH_BASELINE=PATH (another build of toolbox, e.g. main's before a change) runs each part's rounds
# on that build first, in the same run, for comparison; the targets are checked on this build.
# Needs root and PostgreSQL's server programs for the second part (apt-get install postgresql).
# Targets: at most 32 MB more for 1,000 streams, and a like at the 1,000th stream within 250 ms (p99);
# the exit status says whether both parts met them.
set -euo pipefail
cd "$(dirname "$0")/../.."
connections=${1:-1000} likes=${2:-100} rounds=${3:-3}
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
# Every stream is a connection: room for them, on both ends.
ulimit -n "$(ulimit -Hn)"
swift build -c release --static-swift-stdlib >/dev/null

# part: the rounds on the baseline build, when there is one, then on this build, which must meet the targets.
part() {
    if [ -n "${KIWI_BENCH_BASELINE:-}" ]; then
        echo "   the baseline ($KIWI_BENCH_BASELINE):"
        toolbox=$KIWI_BENCH_BASELINE rounds || true
        echo "   this build:"
    fi
    rounds
}

# rounds: runs kiwi_live.py ROUNDS times, `start` serving fresh each time (it sets
# $readers, $writer and $pid), and checks the medians against the targets.
rounds() {
    local results=()
    for round in $(seq "$rounds"); do
        start
        python3 Tests/Benchmarks/kiwi_live.py "$readers" "$writer" "$pid" "$connections" "$likes" | tee "$work/round"
        results+=("$(awk '$1 == "result" {print $2, $3}' "$work/round")")
        stop
    done
    printf '%s\n' "${results[@]}" | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin if line.strip()]
growth = statistics.median(float(kb) for kb, _ in rows) / 1024
p99 = statistics.median(float(ms) for _, ms in rows)
print(f"   median of {len(rows)} rounds: {growth:.1f} MB for the streams, p99 {p99:.0f} ms")
sys.exit(0 if growth <= 32 and p99 <= 250 else 1)'
}

echo "### SQLite, one server: $connections streams, $likes likes, $rounds rounds"
start() { serve; readers=$base writer=$base; }
stop() { kill "$pid"; wait "$pid" 2>/dev/null || true; }
status=0
part || status=1

if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit $status
fi
pg_up "$work/postgres"
echo "### PostgreSQL, two servers: $connections streams on B, $likes likes through A, $rounds rounds"
start() {
    serve --database "$PG_URL"
    writer=$base first=$pid
    serve --database "$PG_URL"
    readers=$base
}
stop() { kill "$pid" "$first"; wait "$pid" "$first" 2>/dev/null || true; }
part || status=1
[ $status = 0 ] && echo "### both met the targets" || echo "### a target was missed (above)"
exit $status
