#!/usr/bin/env bash
# Kiwi's cost guard, run by CI after the tests (.ci/run): what each read costs in instructions
# (valgrind's callgrind counts them, the same for the same binary and requests whatever else the
# machine does) and the heap a server holds with 1,000 live streams open (heaptrack counts what is
# allocated, not resident pages), against the reference committed beside this script
# (kiwi_cost_reference.tsv). It fails, naming the figure and both values, when a read costs more
# than 3 % more instructions or the heap grows by more than 5 %; a figure 10 % under its reference
# is said, so that the reference can follow a gain. Changing the reference is a commit that says why.
#   Tests/Benchmarks/kiwi_cost.sh            measure, then check against the reference
#   Tests/Benchmarks/kiwi_cost.sh --record   measure, then write the reference
# The community: 20 readers and 2,000 posts about 200 books (kiwi_seed.py; the book search a local
# stub, kiwi_books_stub.py) on SQLite, each read asked 200 times (a page 20 times) after 5 to warm it.
# Needs valgrind, heaptrack (apt-get install valgrind heaptrack) and the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
record=false
case "${1:-}" in
"") ;;
--record) record=true ;;
*) echo "kiwi_cost.sh takes only --record"; exit 64 ;;
esac
for tool in valgrind heaptrack; do
    command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install $tool)"; exit 1; }
done
reference=Tests/Benchmarks/kiwi_cost_reference.tsv
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
data="$work/data"
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"
[ -x "$toolbox" ] || swift build -c release --static-swift-stdlib >/dev/null

library=$(free_port)
python3 Tests/Benchmarks/kiwi_books_stub.py "$library" &
pids+=($!)
export TOOLBOX_KIWI_BOOKS_URL="http://127.0.0.1:$library" TOOLBOX_KIWI_COVERS_URL="http://127.0.0.1:$library"
book=$(python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); from kiwi_api import isbn13; print(isbn13(0))')

echo "### seeding: 20 readers, 2,000 posts about 200 books, on SQLite"
serve
python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000 200
kill "$pid"; wait "$pid" 2>/dev/null || true

# Each read a line of the reference. A read route an issue adds gets its line here when it lands.
# The reads that cost millions of instructions are asked 20 times (their count moves by less than
# 0.5 % from run to run), the others 200 times, so that what runs beside them weighs nothing.
routes=(
    "/health"
    "/posts?page=0&pageSize=20"
    "/posts?page=90&pageSize=20"
    "/posts?page=0&pageSize=20 logged-in"
    "20 /books/$book page"
    "/books/popular"
    "20 /search?q=reflection"
    "20 /@reader0 page"
    "20 /users/me/archive logged-in"
)
echo "### instructions a request (callgrind)"
warm=5 count_instructions reads "$toolbox" 200 "${routes[@]}"
# Federation's reads, on a server with it on (its links are the public URL's, so its own server).
# reader0 is made an admin for the list of blocked servers, and comments on post 1000 (comment 1);
# alice is a reader on another server (a stub on loopback: private addresses are allowed).
XDG_DATA_HOME="$data" "$toolbox" kiwi role reader0 admin >/dev/null
serve
token=$(curl -sf "$base/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
curl -sf "$base/comments" -H "Authorization: Bearer $token" -d 'operation=create&postid=1000&text=The+last+chapter+undid+me' >/dev/null
kill "$pid"; wait "$pid" 2>/dev/null || true
elsewhere=$(free_port)
python3 Tests/Benchmarks/kiwi_remote_reader.py "$elsewhere" &
pids+=($!)
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$elsewhere/users/alice" >/dev/null && break; sleep 0.1; done
federated=(
    "/.well-known/webfinger?resource=acct:reader0@kiwi.bench"
    "/users/reader0 actor"
    "/users/reader0/outbox actor"
    "20 /nodeinfo/2.1"
    "/posts/1000 actor"
    "/posts/1000/comments/1 actor"
    "/domain_blocks logged-in"
    "/users/reader0/following/remote"
    "20 /@alice@127.0.0.1:$elsewhere page"
)
serving="--federation on --federation-allow-private --public-url https://kiwi.bench" warm=5 count_instructions federated "$toolbox" 200 "${federated[@]}"
cat "$work/reads.counts" "$work/federated.counts" | cut -f1,2 | sed -e "s|/books/$book|/books/ISBN|" -e "s|127.0.0.1:$elsewhere|HOST|" \
    | awk -F'\t' '{print $1 "\t" $2 "\tinstructions"}' >"$work/measured.tsv"

echo "### the heap with 1,000 live streams open (heaptrack)"
server="$work/toolbox-kiwi-server"
cp .build/release/toolbox-kiwi-server "$server"
port=$(free_port)
XDG_DATA_HOME="$data" heaptrack -o "$work/heap" "$server" kiwi serve --port "$port" --quiet "${unlimited[@]}" >"$work/heaptrack.log" 2>&1 &
pid=$!
pids+=("$pid")
base="http://127.0.0.1:$port"
for _ in $(seq 300); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
python3 Tests/Benchmarks/kiwi_streams.py "$base" 1000 3
# heaptrack runs the server as its child: the server is ended, then heaptrack writes its file.
pkill -INT -P "$pid" -f "toolbox-kiwi-server kiwi serve" || true
wait "$pid" 2>/dev/null || true
peak=$(heaptrack_print "$work"/heap.*zst 2>/dev/null | awk '/^peak heap memory consumption:/ {print $5}')
bytes=$(python3 -c 'import sys; text = sys.argv[1]; units = {"B": 1, "K": 1e3, "M": 1e6, "G": 1e9}
print(round(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text))' "$peak")
echo "   peak heap with 1000 streams: $peak ($bytes bytes)"
printf 'heap with 1000 live streams\t%s\tbytes\n' "$bytes" >>"$work/measured.tsv"

if $record; then
    {
        echo "# What Kiwi's reads cost (instructions a request) and the heap of a server with 1,000 live streams open,"
        echo "# as Tests/Benchmarks/kiwi_cost.sh measures them on CI's kind of machine. CI fails when a read grows by"
        echo "# more than 3 % or the heap by more than 5 %. Changed only by a commit that says why (kiwi_cost.sh --record)."
        cat "$work/measured.tsv"
    } >"$reference"
    echo "### the reference is written: $reference"
    exit 0
fi

echo "### against the reference ($reference)"
python3 - "$reference" "$work/measured.tsv" <<'PY'
import sys
def read(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path) if line.strip() and not line.startswith("#")]
    return {name: (int(value), unit) for name, value, unit in rows}
reference, measured = read(sys.argv[1]), read(sys.argv[2])
limits = {"instructions": 0.03, "bytes": 0.05}
failed = []
for name, (value, unit) in measured.items():
    if name not in reference:
        failed.append(f"{name}: {value:,} {unit}, and no line in the reference: add it (kiwi_cost.sh --record)")
        continue
    before = reference[name][0]
    change = value / before - 1
    print(f"   {name:<40} {before:>12,} → {value:>12,} {unit} ({change:+.1%})")
    if change > limits[unit]:
        failed.append(f"{name}: {value:,} {unit} against the reference's {before:,} ({change:+.1%}; at most {limits[unit]:+.0%})")
    elif change < -0.10:
        print(f"   {name} costs {-change:.0%} less than the reference says: record the gain (kiwi_cost.sh --record) in a commit that says why")
for name in reference.keys() - measured.keys():
    failed.append(f"{name}: in the reference, but not measured")
for line in failed:
    print(f"error: {line}")
sys.exit(1 if failed else 0)
PY
echo "### every figure is within its limit"
