"""Other servers for kiwi_deliveries.sh: a farm of inboxes, each server on a loopback address of
its own (127.0.0.2 on), so that each is a host of its own to Kiwi's queue, and the followers a
member has there.

    kiwi_deliveries.py farm PORT CONTROL_PORT HOSTS DOWN
        serves an inbox on 127.0.0.2 … 127.0.0.(HOSTS+1), port PORT, but for DOWN of them spread
        evenly (nothing listens there: a refused connection, as a server that is down); every POST is
        answered 202 and counted by inbox and activity id. GET http://127.0.0.1:CONTROL_PORT/ answers
        the counts as JSON.
    kiwi_deliveries.py seed DATABASE MEMBER PORT HOSTS FOLLOWERS
        writes FOLLOWERS followers of MEMBER into the SQLite DATABASE, spread evenly over the HOSTS:
        the first half of the hosts have a shared inbox (Mastodon's `endpoints.sharedInbox`), which
        every follower there is delivered through; the other half take each follower's own inbox.
    kiwi_deliveries.py expect PORT HOSTS DOWN FOLLOWERS
        prints the inboxes that should get a delivery: the live ones, then the down ones, one count
        each ("LIVE DOWN").
    kiwi_deliveries.py tally CONTROL_PORT ACTIVITY_SUFFIX
        prints how many inboxes got the activity whose id ends so, and how many of them more than once.
"""
import asyncio
import json
import sqlite3
import sys
import time
import urllib.request


def address(host):
    return f"127.0.0.{host + 2}"


def is_down(host, hosts, down):
    """Every (HOSTS / DOWN)th host, so that as many with a shared inbox are down as without."""
    step = hosts // down
    return host % step == step - 1


def inboxes(port, hosts, followers):
    """Each follower's actor and the inbox a delivery to them goes to."""
    for number in range(followers):
        host = number % hosts
        actor = f"http://{address(host)}:{port}/users/reader{number}"
        shared = host < hosts // 2
        yield host, actor, f"http://{address(host)}:{port}/inbox" if shared else f"{actor}/inbox"


async def farm(port, control, hosts, down):
    counts = {}

    async def inbox(reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, target = lines[0].split(" ")[:2]
                fields = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
                body = await reader.readexactly(int(fields.get("content-length", "0")))
                if method == "POST":
                    host = fields.get("host", "")
                    try:
                        activity = json.loads(body).get("id", "")
                    except ValueError:
                        activity = ""
                    key = f"http://{host}{target}"
                    counts.setdefault(key, {}).setdefault(activity, 0)
                    counts[key][activity] += 1
                writer.write(b"HTTP/1.1 202 Accepted\r\ncontent-length: 0\r\n\r\n")
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            writer.close()

    async def tally(reader, writer):
        await reader.readuntil(b"\r\n\r\n")
        body = json.dumps(counts).encode()
        writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: %d\r\n\r\n" % len(body) + body)
        await writer.drain()
        writer.close()

    servers = [await asyncio.start_server(inbox, address(host), port, backlog=512) for host in range(hosts) if not is_down(host, hosts, down)]
    servers.append(await asyncio.start_server(tally, "127.0.0.1", control))
    print("farm listening", flush=True)
    await asyncio.gather(*(server.serve_forever() for server in servers))


def seed(database, member, port, hosts, followers):
    connection = sqlite3.connect(database, timeout=30)
    now = time.time()
    connection.executemany(
        "INSERT INTO remote_followers (member, actor, host, inbox, follow_id, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [(member, actor, address(host), inbox, f"{actor}#follows/1", now) for host, actor, inbox in inboxes(port, hosts, followers)],
    )
    connection.commit()


def expect(port, hosts, down, followers):
    live, dead = set(), set()
    for host, _, inbox in inboxes(port, hosts, followers):
        (dead if is_down(host, hosts, down) else live).add(inbox)
    print(len(live), len(dead))


def tally(control, suffix):
    counts = json.load(urllib.request.urlopen(f"http://127.0.0.1:{control}/"))
    got = [sum(n for activity, n in seen.items() if activity.endswith(suffix)) for seen in counts.values()]
    print(sum(1 for n in got if n), sum(1 for n in got if n > 1))


if __name__ == "__main__":
    command, numbers = sys.argv[1], sys.argv[2:]
    if command == "farm":
        asyncio.run(farm(*map(int, numbers)))
    elif command == "seed":
        seed(numbers[0], numbers[1], *map(int, numbers[2:]))
    elif command == "expect":
        expect(*map(int, numbers))
    elif command == "tally":
        tally(int(numbers[0]), numbers[1])
