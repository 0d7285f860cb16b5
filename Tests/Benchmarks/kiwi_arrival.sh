#!/usr/bin/env bash
# An archive's round trip at a real member's size (#57): a member with N phone photos (4032 x 3024,
# default 500), 50 comments and 200 readings on one server (SQLite) exports their archive, and
# brings it into an empty account on another, on SQLite and then on PostgreSQL, with
# `toolbox kiwi import-archive --yes`. Each time: how long the import took, that a second run adds
# nothing, and that the second server's archive agrees with the first's on every post, photo (byte
# for byte), reading and comment (kiwi_arrival.py compare). PostgreSQL is a server of the script's
# own (kiwi_common.sh's pg_up: Debian's PostgreSQL programs, root).
#   Tests/Benchmarks/kiwi_arrival.sh [N]
# Needs python3 with Pillow (scripts/test installs it in .build/python) and the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
phones=${1:-500}
work=$(mktemp -d)
chmod 755 "$work"
toolbox=$PWD/.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
[ -x "$toolbox" ] || swift build -c release --static-swift-stdlib >/dev/null
python=python3
[ -x .build/python/bin/python3 ] && python=$PWD/.build/python/bin/python3

echo "### there: $phones phone photos, 50 comments, 200 readings (SQLite)"
data="$work/there"
serve --max-upload-bytes 20000000
(cd Tests/Benchmarks && "$python" kiwi_archive.py phone "$base" "$phones" && "$python" kiwi_arrival.py extras "$base" 50 200)
token=$(curl -sf "$base/sessions" -d '{"username":"phone","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
curl -sf -o "$work/there.zip" -H "Authorization: Bearer $token" "$base/users/me/archive"
echo "   the archive: $(du -h "$work/there.zip" | cut -f1)"
kill "$pid"

arrive() {
    local name=$1 started seconds
    shift
    data="$work/$name"
    serve --max-upload-bytes 20000000 "$@"
    local home="$work/home-$name"
    mkdir -p "$home"
    export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" XDG_DATA_HOME="$home/data" TOOLBOX_KIWI_SERVER="$base"
    printf 'benchmark\n' | "$toolbox" kiwi signup phone --password-stdin >/dev/null
    printf 'benchmark\n' | "$toolbox" kiwi login phone --password-stdin >/dev/null 2>&1
    started=$(date +%s.%N)
    "$toolbox" kiwi import-archive "$work/there.zip" --yes | sed 's/^/   /'
    seconds=$(python3 -c "import sys, time; print(round(time.time() - float(sys.argv[1]), 1))" "$started")
    echo "== $name: brought in $seconds s"
    "$toolbox" kiwi import-archive "$work/there.zip" --yes | sed 's/^/   again: /'
    token=$(curl -sf "$base/sessions" -d '{"username":"phone","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    curl -sf -o "$work/$name.zip" -H "Authorization: Bearer $token" "$base/users/me/archive"
    (cd Tests/Benchmarks && "$python" kiwi_arrival.py compare "$work/there.zip" "$work/$name.zip" | sed "s/^/== $name: /")
    kill "$pid"
}

echo "### here: SQLite"
arrive sqlite
echo "### here: PostgreSQL"
pg_up "$work/pg"
arrive postgres --database "$PG_URL"
