#!/usr/bin/env bash
# A member's archive (GET /users/me/archive) as the server writes it: the memory it takes and the
# time, on SQLite with its uploads and media folders (the default).
#   1. A member with 10,000 posts (small photos, kiwi_seed.py): the server's resident memory while
#      it sends their archive, above what it held at rest just before (the bar: 64 MB), medians of 3.
#   2. A member with N phone photos (4032 x 3024, default 500): the archive's time against the time
#      to read those photos' largest versions from disk (cat, the same files the archive sends; the
#      bar: 2 x), medians of 3, both warm.
#   Tests/Benchmarks/kiwi_archive.sh [N]
# Needs python3 with Pillow (scripts/test installs it in .build/python) and the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
phones=${1:-500}
work=$(mktemp -d)
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
[ -x "$toolbox" ] || swift build -c release --static-swift-stdlib >/dev/null
python=python3
[ -x .build/python/bin/python3 ] && python=.build/python/bin/python3
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }
field() { python3 -c "import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$1" "$2"; }

echo "### 10,000 posts"
data="$work/many"
serve
python3 Tests/Benchmarks/kiwi_seed.py "$base" 1 10000
above=()
for round in 1 2 3; do
    answer=$(cd Tests/Benchmarks && python3 kiwi_archive.py fetch "$base" reader0 "$pid")
    echo "   round $round: $answer"
    above+=("$(python3 -c "import json, sys; a = json.loads(sys.argv[1]); print(round((a['peak_kb'] - a['resting_kb']) / 1024, 1))" "$answer")")
done
echo "== memory above rest while sending 10,000 posts' archive: $(printf '%s\n' "${above[@]}" | median) MB (the rounds: ${above[*]}; the bar: 64 MB)"
kill "$pid"; wait "$pid" 2>/dev/null || true

echo "### $phones phone photos"
data="$work/phone"
serve --max-upload-bytes 20000000
(cd Tests/Benchmarks && "$OLDPWD/$python" kiwi_archive.py phone "$base" "$phones")
largest=$(find "$data" -name full.jpg)
echo "   $(echo "$largest" | wc -l) largest versions, $(du -ch $largest | tail -1 | cut -f1) on disk"
token=$(curl -sf "$base/sessions" -d '{"username":"phone","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
archive=() reading=()
for round in 1 2 3; do
    # curl, not Python: a client as fast as the disk, so that the server's own time is what shows.
    archive+=("$(curl -sf -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $token" "$base/users/me/archive")")
    started=$(date +%s.%N)
    cat $largest >/dev/null
    reading+=("$(python3 -c "import sys, time; print(round(time.time() - float(sys.argv[1]), 3))" "$started")")
    echo "   round $round: the archive ${archive[-1]} s, reading the photos ${reading[-1]} s"
done
a=$(printf '%s\n' "${archive[@]}" | median) r=$(printf '%s\n' "${reading[@]}" | median)
echo "== the archive of $phones phone photos: $a s; reading them from disk: $r s; $(python3 -c "print(round($a / $r, 2))" ) x (the bar: 2 x)"
