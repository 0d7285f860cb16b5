# Sourced by the scripts in scripts/ (run, test, dist).

# Installing: the system packages a step needs, when they are missing, saying what it installs first:
# apt-get on Debian and Ubuntu (through sudo when not root), brew on macOS; elsewhere it names what to
# install and stops.

# A command as root: itself when we are, else through sudo (which keeps no environment: pass it with env).
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$1" >&2; [ -n "${2:-}" ] && printf 'hint: %s\n' "$2" >&2; exit 1; }

# need_packages PURPOSE "DEBIAN PACKAGES" "BREW FORMULAS" "WHAT TO NAME ELSEWHERE"
need_packages() {
    local purpose=$1 names=$4 missing=() package
    local -a debs brews
    read -r -a debs <<<"$2"
    read -r -a brews <<<"$3"
    if [ "$(uname -s)" = Darwin ]; then
        command -v brew >/dev/null || fail "Homebrew is needed to install ${brews[*]} ($purpose)" "install it from https://brew.sh, then run this again"
        for package in "${brews[@]}"; do brew list --versions "$package" >/dev/null 2>&1 || missing+=("$package"); done
        [ ${#missing[@]} -eq 0 ] && return
        say "installing with brew, for $purpose: ${missing[*]}"
        brew install "${missing[@]}"
    elif command -v apt-get >/dev/null && command -v dpkg-query >/dev/null; then
        for package in "${debs[@]}"; do
            dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
        done
        [ ${#missing[@]} -eq 0 ] && return
        local through=""
        if [ "$(id -u)" -ne 0 ]; then
            command -v sudo >/dev/null || fail "installing ${missing[*]} needs root, and sudo is not installed" "run this again as root"
            through=" (through sudo)"
        fi
        say "installing with apt-get$through, for $purpose: ${missing[*]}"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        fail "$purpose needs $names, and this system has neither apt-get nor brew" \
            "install them with your package manager (Debian's names: ${debs[*]}), then run this again"
    fi
}

# What the release build links: SQLite (Kiwi's embedded store) and libvips (the photos Kiwi's server makes).
need_build_packages() {
    need_packages "the build" "libsqlite3-dev libvips-dev" "sqlite vips" \
        "SQLite 3 and libvips 8.10 or later, with their development headers"
}

# The release binaries (command one's build). SwiftPM plans even a build with nothing to do, which takes
# seconds here: skip it when no source, manifest or resource is newer than both programs.
release_programs=(.build/release/toolbox .build/release/toolbox-kiwi-server)
build_release() {
    local program stale=false
    for program in "${release_programs[@]}"; do
        if [ ! -x "$program" ] || [ -n "$(find Package.swift Sources Plugins -newer "$program" -print -quit)" ]; then stale=true; fi
    done
    $stale || return 0
    say "building the release binaries (the first build takes about 12 minutes on 2 cores)"
    swift build -c release --static-swift-stdlib
    touch "${release_programs[@]}" # a build that relinked neither must not run again next time
}
