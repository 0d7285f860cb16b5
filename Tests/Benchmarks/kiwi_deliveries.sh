#!/usr/bin/env bash
# Kiwi's deliveries to other servers, on loopback, release build, one server on SQLite with
# --federation on: a member with 1,000 followers on 100 other servers (a stub farm, each server on
# a loopback address of its own; the first 50 with a shared inbox; 10 of the 100 down, 5 of each
# kind) posts a
# phone's photo, and
#   1. the time until every live inbox has the post's `Create`, and how many got it more than once
#      (target: all of them within 30 s, none twice);
#   2. what is kept for the down ones: their deliveries still queued, each tried and due again;
#   3. the post's own answer time, the median of 7 posts of the photo, and (KIWI_BENCH_BASELINE set
#      to another build's toolbox, such as one from before deliveries) the same on that build in
#      the same run, in turn, with no followers elsewhere: posting must not wait for a delivery
#      (target: within 5 %).
#   Tests/Benchmarks/kiwi_deliveries.sh
# Needs libvips's tools (apt-get install libvips-tools).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v vips >/dev/null || { echo "vips is not installed"; exit 1; }
work=$(mktemp -d)
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
swift build -c release --static-swift-stdlib >/dev/null
hosts=100 down=10 followers=1000
federated=(--federation on --public-url https://kiwi.test --federation-allow-private)

port=$(free_port) control=$(free_port)
python3 Tests/Benchmarks/kiwi_deliveries.py farm "$port" "$control" "$hosts" "$down" >"$work/farm.log" 2>&1 &
pids+=("$!")
for _ in $(seq 100); do grep -q "farm listening" "$work/farm.log" && break; sleep 0.1; done
phone_photo 1 4032 3024 6 90 "$work/photo.jpg"

# A member on a server of the build named, and how long a post of the photo takes there (seconds).
member() {
    curl -sf -X POST "$base/users" -d '{"username":"ada","password":"benchmark"}' >/dev/null
    curl -sf -X POST "$base/sessions" -d '{"username":"ada","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}
timed_post() { python3 - "$1" "$2" "$work/photo.jpg" <<'PY'
import sys, time
sys.path.insert(0, "Tests/Benchmarks")
from kiwi_photos import post
started = time.monotonic()
answer = post(*sys.argv[1:4])
print(f"{time.monotonic() - started:.3f} {answer['id']}")
PY
}

toolbox=.build/release/toolbox data="$work/data" serve "${federated[@]}"
now_base=$base token=$(member)
python3 Tests/Benchmarks/kiwi_deliveries.py seed "$(find "$work/data" -name kiwi.sqlite)" ada "$port" "$hosts" "$followers"
read -r live dead < <(python3 Tests/Benchmarks/kiwi_deliveries.py expect "$port" "$hosts" "$down" "$followers")
printf '== %s followers on %s servers (%s down): %s live inboxes to reach, %s down\n' "$followers" "$hosts" "$down" "$live" "$dead"

read -r answered post < <(timed_post "$base" "$token")
started=$(date +%s.%N)
reached=0
while :; do
    read -r reached twice < <(python3 Tests/Benchmarks/kiwi_deliveries.py tally "$control" "/posts/$post/activity")
    elapsed=$(python3 -c "print(f'{$(date +%s.%N) - $started:.1f}')")
    [ "$reached" -ge "$live" ] && break
    python3 -c "import sys; sys.exit(0 if $elapsed < 120 else 1)" || break
    sleep 0.1
done
printf '== the post (answered in %s s) reached %s of %s live inboxes %s s after its answer; more than once: %s\n' \
    "$answered" "$reached" "$live" "$elapsed" "$twice"
sleep 3
database=$(find "$work/data" -name kiwi.sqlite)
python3 - "$database" "/posts/$post/activity" <<'PY'
import sqlite3, sys, time
rows = sqlite3.connect(sys.argv[1]).execute(
    "SELECT COUNT(*), MIN(attempts), MIN(due) FROM deliveries WHERE activity_id LIKE ?", ("%" + sys.argv[2],)).fetchone()
print(f"== kept for the down servers: {rows[0]} deliveries, each tried at least {rows[1]} time(s), due again in {rows[2] - time.time():.0f} s at the soonest")
PY

# The post's own answer, this build (with its 1,000 followers elsewhere) and the baseline in turn.
if [ -n "${KIWI_BENCH_BASELINE:-}" ]; then
    # A build from before deliveries may not have the switch for private addresses; it sends nothing.
    toolbox=$KIWI_BENCH_BASELINE data="$work/baseline" serve "${federated[@]:0:4}"
    before_base=$base before_token=$(member)
fi
now=() before=()
for _ in 1 2 3 4 5 6 7; do
    [ -n "${KIWI_BENCH_BASELINE:-}" ] && before+=("$(timed_post "$before_base" "$before_token" | cut -d' ' -f1)")
    now+=("$(timed_post "$now_base" "$token" | cut -d' ' -f1)")
done
python3 - "${now[*]}" "${before[*]:-}" <<'PY'
import statistics, sys
now = statistics.median(map(float, sys.argv[1].split()))
line = f"== a post's answer, median of 7: {now:.3f} s with {1000} followers elsewhere"
if sys.argv[2].strip():
    before = statistics.median(map(float, sys.argv[2].split()))
    line += f"; the baseline {before:.3f} s ({100 * now / before:.1f} % of it)"
print(line)
PY
