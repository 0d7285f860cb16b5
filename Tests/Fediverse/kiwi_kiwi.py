#!/usr/bin/env python3
"""Two Kiwi communities, each on a PostgreSQL database of its own, federating under host names of
their own with TLS (fediverse.py sets them up: kiwi.fedi.test and kiwi2.fedi.test), driven with
toolbox as their members and admin drive it.

  kiwi_kiwi.py TOOLBOX_BINARY DATABASE_URL

DATABASE_URL is a PostgreSQL server where the run may create (and drops after) two databases.

The journey: ada (on kiwi) and bob (on kiwi2) follow each other by handle, each server accepting
at once; ada's post reaches bob's feed, its photo brought to his server, and his like and his reply
reach her post; she deletes it, and within a second of its delivery it is gone from his feed; bob
blocks ada, and within a second of its delivery her
server has ended her follow of him and refuses her asking again; he unblocks, and she follows him
again; carol (on kiwi2) follows ada and deletes her account, and within a second of its delivery
ada's server has forgotten her; ada reports bob, and kiwi2's moderator has the report (by kiwi's
actor, with her comment); bob posts, his post reaches ada's feed, and her like and her reply
reach his post; ada, an admin, blocks
kiwi2's domain, and every follow with it and his post on her feed end on her side at once, while
bob's server's deliveries are refused from then on. Prints each step;
exits 1 at the first that fails.
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse
import uuid

from fediverse import KIWI, Toolbox, expect, kiwi_up, run, step, wait_for

KIWI2, KIWI2_ADDRESS = "kiwi2.fedi.test", "127.77.0.4"


def database(server, name):
    """A new database on the PostgreSQL server at `server` (a URL), as a URL."""
    made = subprocess.run(["psql", server, "-qc", f'CREATE DATABASE "{name}"'], capture_output=True, text=True)
    expect(made.returncode == 0, f"psql cannot create a database on {server}: {made.stderr.strip()}")
    return urllib.parse.urlunsplit(urllib.parse.urlsplit(server)._replace(path=f"/{name}"))


def names(toolbox, command):
    """Whom `toolbox kiwi followers` or `following` lists, and what it said on standard error."""
    out, said = toolbox.run("kiwi", command, "--json", "--refresh")
    return [reader["username"] for reader in json.loads(out)], said


def reactions(toolbox, post):
    """A post as its author's server shows it: its likes, and its comments by whom saying what."""
    shown = json.loads(toolbox.run("kiwi", "show", post, "--json", "--refresh")[0])
    return shown.get("likes"), [(comment["author"]["username"], comment["text"]) for comment in shown.get("comments", [])]


def within_a_second(what, probe):
    """probe() holds within a second of now (the delivery that makes it so is already on its way)."""
    wait_for(what, probe, seconds=1)


def journey(machine, binary, authority, databases):
    environment = dict(os.environ, SSL_CERT_FILE=authority)
    kiwi_up(machine, binary, environment, KIWI, databases[0])
    kiwi_up(machine, binary, environment, KIWI2, databases[1])

    step("ada joins kiwi and is made its admin; bob, carol and dan (its moderator) join kiwi2")
    ada = Toolbox(binary, machine, authority, "ada").member("ada")
    ada.run("kiwi", "role", "ada", "admin", "--database", databases[0])
    bob = Toolbox(binary, machine, authority, "bob", server=KIWI2).member("bob")
    carol = Toolbox(binary, machine, authority, "carol", server=KIWI2).member("carol")
    dan = Toolbox(binary, machine, authority, "dan", server=KIWI2).member("dan")
    dan.run("kiwi", "role", "dan", "moderator", "--database", databases[1])

    step("ada and bob follow each other by handle; each server accepts at once")
    ada.run("kiwi", "follow", f"bob@{KIWI2}")
    bob.run("kiwi", "follow", f"ada@{KIWI}")
    wait_for("kiwi2's Accept of ada's follow", lambda: names(ada, "following") == ([f"bob@{KIWI2}"], ""))
    wait_for("kiwi's Accept of bob's follow", lambda: names(bob, "following") == ([f"ada@{KIWI}"], ""))
    expect(names(ada, "followers")[0] == [f"bob@{KIWI2}"], f"ada's followers: {names(ada, 'followers')}")
    expect(names(bob, "followers")[0] == [f"ada@{KIWI}"], f"bob's followers: {names(bob, 'followers')}")

    step("ada's post reaches bob's feed on kiwi2, its photo served by kiwi2; his like and reply reach her")
    photo = os.path.join(machine.work, "page.jpg")
    subprocess.run(["cp", os.path.join(os.path.dirname(__file__), "../KiwiServerTests/Fixtures/cover-331x500.jpg"), photo], check=True)
    posted = json.loads(ada.run("kiwi", "post", "--image", photo, "--caption", "Chapter one, again", "--json")[0])

    def bobs_feed():
        """The posts on bob's feed (his follows', kiwi2's copies of them)."""
        return json.loads(bob.run("kiwi", "feed", "--following", "--json", "--refresh")[0])
    wait_for("ada's post on bob's feed", lambda: [post["author"]["username"] for post in bobs_feed()] == [f"ada@{KIWI}"])
    copy = bobs_feed()[0]
    expect(copy["caption"] == "Chapter one, again", f"the caption, as ada wrote it: {copy['caption']!r}")
    expect(copy["imageURL"].startswith(f"https://{KIWI2}/"), f"the photo, from kiwi2: {copy['imageURL']}")
    bob.run("kiwi", "like", copy["id"])
    bob.run("kiwi", "comment", copy["id"], "The first line is the best")

    wait_for("bob's like and reply, on ada's post",
             lambda: reactions(ada, posted["id"]) == (1, [(f"bob@{KIWI2}", "The first line is the best")]))

    step("ada deletes her post: within a second of its delivery it is gone from bob's feed")
    ada.run("kiwi", "delete", posted["id"], "--yes")
    within_a_second("ada's post leaving bob's feed", lambda: bobs_feed() == [])

    step("bob blocks ada: her server ends her follow and refuses her asking again")
    bob.run("kiwi", "block", f"ada@{KIWI}")
    within_a_second("ada's follow of bob ending on kiwi", lambda: names(ada, "following")[0] == [])
    expect(names(ada, "followers")[0] == [], "bob still follows ada on kiwi")
    _, said = ada.run("kiwi", "follow", f"bob@{KIWI2}", status=77)
    expect("blocked" in said, f"ada asking again is refused, saying why: {said!r}")
    bob.run("kiwi", "unblock", f"ada@{KIWI}")
    within_a_second("bob's Undo of his block, taken in by kiwi", lambda: ada.status("kiwi", "follow", f"bob@{KIWI2}") == 0)
    wait_for("kiwi2's Accept of ada's follow again", lambda: names(ada, "following") == ([f"bob@{KIWI2}"], ""))

    step("carol follows ada, then deletes her account: ada's server forgets her")
    carol.run("kiwi", "follow", f"ada@{KIWI}")
    wait_for("carol among ada's followers", lambda: f"carol@{KIWI2}" in names(ada, "followers")[0])
    carol.run("kiwi", "account", "delete", "--confirm", "carol", "--password-stdin", stdin=carol.password + "\n")
    wait_for("carol forgotten on kiwi", lambda: f"carol@{KIWI2}" not in names(ada, "followers")[0], seconds=5)

    step("ada reports bob: kiwi2's moderator has the report within a second of its delivery")
    ada.run("kiwi", "report", f"@bob@{KIWI2}", "--category", "spam", "--comment", "Links to pills in every reply")

    def queue():
        """kiwi2's open reports, as its moderator lists them: about whom, by whom, saying what."""
        reports = json.loads(dan.run("kiwi", "reports", "--json", "--refresh")[0])
        return [(report["account"]["username"], report.get("reporter"), report.get("comment")) for report in reports]
    wait_for("ada's report, in kiwi2's queue", lambda: queue() == [("bob", f"{KIWI}@{KIWI}", "Links to pills in every reply")], seconds=5)

    step("bob's post reaches ada's feed, and her like and reply reach him; ada blocks kiwi2's domain: every follow with it "
         "ends and his post leaves her feed at once; its deliveries are refused")

    def adas_feed():
        """The captions on ada's feed (kiwi's copies of her follows' posts)."""
        return [post.get("caption") for post in json.loads(ada.run("kiwi", "feed", "--following", "--json", "--refresh")[0])]
    bobs = json.loads(bob.run("kiwi", "post", "--image", photo, "--caption", "Before the block", "--json")[0])
    wait_for("bob's post on ada's feed", lambda: adas_feed() == ["Before the block"])
    copy = json.loads(ada.run("kiwi", "feed", "--following", "--json", "--refresh")[0])[0]
    ada.run("kiwi", "like", copy["id"])
    ada.run("kiwi", "comment", copy["id"], "Which chapter?")
    wait_for("ada's like and reply, on bob's post", lambda: reactions(bob, bobs["id"]) == (1, [(f"ada@{KIWI}", "Which chapter?")]))
    ada.run("kiwi", "domains", "block", KIWI2, "--reason", "a test of domain blocks")
    expect(names(ada, "following")[0] == [] and names(ada, "followers")[0] == [], "follows with kiwi2 outlast its block")
    expect(adas_feed() == [], f"bob's post outlasts the block of his server: {adas_feed()}")
    bob.run("kiwi", "post", "--image", photo, "--caption", "After the block")
    wait_for("kiwi refusing kiwi2's delivery", lambda: re.search(r'"POST /inbox HTTP/1\.1" 403 ', open(os.path.join(machine.work, KIWI, "nginx/access.log")).read()), seconds=10)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, server = sys.argv[1], sys.argv[2]
    created = [f"kiwi_fedi_{uuid.uuid4().hex[:8]}_{side}" for side in ("a", "b")]

    def journeys(machine, authority):
        journey(machine, binary, authority, [database(server, name) for name in created])
    try:
        run({KIWI2: KIWI2_ADDRESS}, journeys)
    finally:
        for name in created:
            subprocess.run(["psql", server, "-qc", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'], capture_output=True)
    print("kiwi_kiwi.py: the journey passed", flush=True)


if __name__ == "__main__":
    main()
