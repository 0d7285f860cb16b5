#!/usr/bin/env bash
# Test hosts on this machine, for KiwiHostsTests: network namespaces joined by a bridge (iproute2),
# so PostgreSQL and two Kiwi servers each run on a host of their own, with their own address.
# Nothing leaves the machine: the bridge is inside a namespace, and the test reaches the two
# servers over a point-to-point link of its own to each.
#
#   kiwi_hosts.sh up NAME N      hosts NAMEdb (10.77.0.1), NAMEa (10.77.0.2), NAMEb (10.77.0.3) on the
#                                switch NAMEsw; this machine reaches NAMEa at 10.78.N.2, NAMEb at 10.79.N.2
#   kiwi_hosts.sh cut NAME       unplugs NAMEb from the switch (it can no longer reach the database)
#   kiwi_hosts.sh restore NAME   plugs it back
#   kiwi_hosts.sh down NAME      removes them all
# Needs root and iproute2. NAME is at most 5 characters (interface names are at most 15).
set -euo pipefail
action=$1 name=$2
switch="${name}sw"

case "$action" in
up)
    n=$3
    ip netns add "$switch"
    ip -n "$switch" link set lo up
    ip -n "$switch" link add br0 type bridge
    ip -n "$switch" link set br0 up
    address=1
    for host in db a b; do
        namespace="$name$host"
        ip netns add "$namespace"
        ip -n "$namespace" link set lo up
        ip link add "$name$host-sw" type veth peer name "$name$host-h"
        ip link set "$name$host-sw" netns "$switch"
        ip link set "$name$host-h" netns "$namespace"
        ip -n "$switch" link set "$name$host-sw" master br0 up
        ip -n "$namespace" addr add "10.77.0.$address/24" dev "$name$host-h"
        ip -n "$namespace" link set "$name$host-h" up
        address=$((address + 1))
    done
    # This machine's own links to the two servers' hosts, for the test's requests.
    for pair in "a 78" "b 79"; do
        set -- $pair
        ip link add "$name$1-t" type veth peer name "$name$1-c"
        ip link set "$name$1-c" netns "$name$1"
        ip addr add "10.$2.$n.1/30" dev "$name$1-t"
        ip link set "$name$1-t" up
        ip -n "$name$1" addr add "10.$2.$n.2/30" dev "$name$1-c"
        ip -n "$name$1" link set "$name$1-c" up
    done
    ;;
cut) ip -n "$switch" link set "${name}b-sw" down ;;
restore) ip -n "$switch" link set "${name}b-sw" up ;;
down)
    for namespace in "${name}db" "${name}a" "${name}b" "$switch"; do ip netns del "$namespace" 2>/dev/null || true; done
    ;;
*)
    echo "usage: kiwi_hosts.sh up NAME N | cut NAME | restore NAME | down NAME" >&2
    exit 64
    ;;
esac
