#!/usr/bin/env bash
# The cost of a picture: `movies show 550` from a warm cache on a terminal (a pseudo-terminal
# from `script`, 120 columns, truecolor), with its 500×750 JPEG poster drawn as blocks,
# against the same command with --no-images, in the same run; plus the start-up of
# `--version`, which must not pay for the picture libraries.
#   Tests/Benchmarks/pictures.sh [RUNS]      (default 30; medians)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
. Tests/Benchmarks/tmdb_setup.sh 0 1 "Tests/Benchmarks/poster-500x750.jpg"
export TERM=xterm-256color COLORTERM=truecolor COLUMNS=120

# measure.py splits a command at spaces: each terminal run is a small script.
for variant in text:--no-images blocks:; do
    name=${variant%%:*}
    printf '#!/bin/sh\nexec script -qec "%s movies show 550 %s" /dev/null\n' "$toolbox" "${variant#*:}" > "$work/$name.sh"
    chmod +x "$work/$name.sh"
done
"$work/blocks.sh" > "$work/shown.txt"                 # fills the cache, poster included
grep -q '▀' "$work/shown.txt" || { echo "no picture was drawn" >&2; exit 1; }

results=$(python3 "$here/measure.py" "$runs" \
    version -- "$toolbox --version" --- \
    text -- "$work/text.sh" --- \
    blocks -- "$work/blocks.sh")
get() { awk -F'\t' -v l="$1" '$1==l{print $2}' <<<"$results"; }
version=$(get version) text=$(get text) blocks=$(get blocks)
echo "median of $runs runs each, warm cache, on a 120-column truecolor pseudo-terminal:"
printf '  toolbox --version                     %8.2f ms\n' "$version"
printf '  movies show 550 --no-images           %8.2f ms\n' "$text"
printf '  movies show 550 (poster as blocks)    %8.2f ms  %+7.2f ms, %5.2fx the text alone\n' \
    "$blocks" "$(python3 -c "print($blocks-$text)")" "$(python3 -c "print($blocks/$text)")"
