#!/usr/bin/env bash
# A member's archive (GET /users/me/archive) as the server writes it: the memory it takes and the
# time, on SQLite with its uploads and media folders (the default).
#   1. A member with 10,000 posts (small photos, kiwi_seed.py): the server's resident memory while
#      it sends their archive, above what it held at rest just before (the bar: 64 MB), medians of 3.
#   2. A member with N phone photos (4032 x 3024, default 500): the archive's time against the time
#      to read those photos' largest versions from disk (cat, the same files the archive sends; the
#      bar: 2 x), medians of 5. From disk: each is timed with the files' pages first dropped from the
#      page cache (posix_fadvise DONTNEED, no root needed). Warm, both from the page cache, is shown
#      too: there the server's copies (the file into memory, memory into the socket) and curl's
#      (the socket into memory) stand against cat's one.
#   KIWI_BENCH_BASELINE=BUILD (a toolbox binary): that build's server sends the same archive in
#   alternate rounds, and its medians are shown beside this build's.
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
# Seconds since the epoch with nanoseconds, from the shell: no interpreter's start-up in a time.
now() { date +%s.%N; }
since() { python3 -c "import sys; print(round(float(sys.argv[2]) - float(sys.argv[1]), 3))" "$1" "$2"; }
evict() { python3 -c "
import os, sys
for path in sys.argv[1:]:
    fd = os.open(path, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)" $largest; }
# One round of BUILD's server (started on the data, then stopped: one server per SQLite file):
# the archive and cat, warm then from disk; appends "BUILD WARM_ARCHIVE WARM_CAT COLD_ARCHIVE COLD_CAT".
round() {
    local build=$1 token started warm_archive warm_cat cold_archive cold_cat
    toolbox=$build serve --max-upload-bytes 20000000
    token=$(curl -sf "$base/sessions" -d '{"username":"phone","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    fetch() { curl -sf -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $token" "$base/users/me/archive"; }
    # curl, not Python: a client as fast as the disk, so that the server's own time is what shows.
    cat $largest >/dev/null; fetch >/dev/null
    warm_archive=$(fetch)
    started=$(now); cat $largest >/dev/null; warm_cat=$(since "$started" "$(now)")
    evict; cold_archive=$(fetch)
    evict; started=$(now); cat $largest >/dev/null; cold_cat=$(since "$started" "$(now)")
    kill "$pid"; wait "$pid" 2>/dev/null || true
    echo "$build $warm_archive $warm_cat $cold_archive $cold_cat" >>"$work/rounds"
    echo "   $build: from disk, the archive $cold_archive s and cat $cold_cat s; warm, $warm_archive s and $warm_cat s"
}
kill "$pid"; wait "$pid" 2>/dev/null || true
this=$toolbox
for _ in 1 2 3 4 5; do
    round "$this"
    [ -n "${KIWI_BENCH_BASELINE:-}" ] && round "$KIWI_BENCH_BASELINE"
done
figure() { awk -v build="$1" -v n="$2" '$1 == build {print $n}' "$work/rounds" | median; }
report() {
    local build=$1 name=$2
    echo "== $name, the archive of $phones phone photos: from disk $(figure "$build" 4) s against cat's $(figure "$build" 5) s, $(python3 -c "print(round($(figure "$build" 4) / $(figure "$build" 5), 2))") x (the bar: 2 x); warm $(figure "$build" 2) s against $(figure "$build" 3) s, $(python3 -c "print(round($(figure "$build" 2) / $(figure "$build" 3), 2))") x"
}
report "$this" "this build"
[ -n "${KIWI_BENCH_BASELINE:-}" ] && report "$KIWI_BENCH_BASELINE" "the baseline"
true
