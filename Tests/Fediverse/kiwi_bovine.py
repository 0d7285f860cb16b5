#!/usr/bin/env python3
"""A Kiwi server and bovine-herd (another project's ActivityPub server) on this machine, each under a
host name of its own and TLS from a certificate authority made for the run, and a reader of each
following the other.

  kiwi_bovine.py TOOLBOX_BINARY

bovine.fedi.test is 127.77.0.2, served on port 443 by hypercorn, and trusts the authority through
SSL_CERT_FILE; Kiwi is at kiwi.fedi.test, as fediverse.py sets it up.

The journey, ada driving toolbox as a member does: bea (on bovine) follows ada (on Kiwi), whose
server accepts, and `kiwi followers` lists her by her name; ada posts a phone's photo
(4032 × 3024, EXIF orientation 6) about a book with a spoiler warning, and its Note reaches bea's
inbox with the book's link, the photo as an Image with its description, the warning as summary; the
photo's URL answers the photo, upright; ada follows bea, who accepts; bea posts a phone's photo
(served from files.bovine.fedi.test, as a Mastodon's are from a host of their own), and it is on
ada's Following feed (`kiwi feed --following`, `GET /feed`, the web page), its photo brought in
upright by Kiwi; ada likes and replies to it, and bea's inbox has both about her Note; bea likes and
replies to ada's post, and Kiwi counts the like and shows the comment; each undoes the follow, and
the other side forgets it. bovine checks the signature of every request Kiwi makes, and none may be
refused.

Needs what fediverse.py needs, and bovine-herd, bovine-tool, hypercorn and Pillow in this Python.
Prints each step; exits 1 at the first that fails.
"""
import asyncio
import io
import json
import os
import re
import ssl
import struct
import subprocess
import sys
import time
import urllib.request

from fediverse import KIWI, Failed, Toolbox, expect, fetch, kiwi_up, listening, run, step, wait_for

BOVINE, BOVINE_ADDRESS = "bovine.fedi.test", "127.77.0.2"
# Where bea's photos are, as a Mastodon's are on a host of their own (files.mastodon.social).
FILES, FILES_ADDRESS = "files.bovine.fedi.test", "127.77.0.5"
BOOK = "9780141439518"


def bovine_up(machine, environment):
    """bovine-herd at https://bovine.fedi.test with one member, bea; her client's secret."""
    with open(os.path.join(machine.work, "bovine_app.py"), "w") as app:
        app.write("from quart import Quart\nfrom bovine_herd import BovineHerd\n\napp = Quart(__name__)\n"
                  "BovineHerd(app, db_url=__import__('os').environ['BOVINE_DB_URL'])\n")

    def tool(*arguments):
        return subprocess.run([sys.executable, "-m", *arguments], cwd=machine.work, env=environment, check=True,
                              capture_output=True, text=True).stdout
    tool("bovine_store", "create")
    name = re.search(r"Bovine name: (\S+)", tool("bovine_tool.register", "bea", "--domain", BOVINE)).group(1)
    secret = re.search(r"Your new secret: (\S+)", tool("bovine_tool.manage", name, "--new_did_key")).group(1)
    # hypercorn closes a connection idle for 5 s by default; the journey's client (aiohttp) keeps its
    # connections, and on a loaded machine sent a poll on one as hypercorn closed it ("Server
    # disconnected"). Kept for the length of the journey, no poll meets a closing connection.
    machine.start("bovine", [sys.executable, "-m", "hypercorn", "--bind", f"{BOVINE_ADDRESS}:443",
                             "--keep-alive", "300",
                             "--certfile", f"{BOVINE}.crt", "--keyfile", f"{BOVINE}.key",
                             "--access-logfile", "bovine-access.log", "bovine_app:app"], env=environment)
    wait_for("bovine-herd listening", lambda: listening(BOVINE_ADDRESS, 443))
    return secret


def files_up(machine, photos):
    """https://files.bovine.fedi.test serving `photos` (name: JPEG bytes) from a folder of their own."""
    folder = os.path.join(machine.work, "files")
    os.makedirs(folder, exist_ok=True)
    for name, data in photos.items():
        with open(os.path.join(folder, name), "wb") as file:
            file.write(data)
    with open(os.path.join(machine.work, "files_server.py"), "w") as server:
        server.write(f"""import functools, http.server, ssl
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory={folder!r})
httpd = http.server.ThreadingHTTPServer(({FILES_ADDRESS!r}, 443), handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain({FILES + '.crt'!r}, {FILES + '.key'!r})
httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
httpd.serve_forever()
""")
    machine.start("files", [sys.executable, "files_server.py"])
    wait_for("bea's photos served", lambda: listening(FILES_ADDRESS, 443))


def session(authority, username, password):
    """A session token for the web pages' cookie, as the log-in form gets one (`POST /sessions`)."""
    request = urllib.request.Request(f"https://{KIWI}/sessions", method="POST",
                                     data=json.dumps({"username": username, "password": password}).encode(),
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=60, context=ssl.create_default_context(cafile=authority)) as response:
        return json.loads(response.read())["token"]


async def wait_for_async(what, probe, seconds=20):
    deadline = time.monotonic() + seconds
    while True:
        answer = await probe()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise Failed(f"{what}: not within {seconds} s")
        await asyncio.sleep(0.2)


def phone_photo():
    """A 4032 × 3024 JPEG as a phone held upright saves it: stored on its side, with EXIF
    orientation 6 (turn a quarter clockwise to show). Noise, which compresses as badly as a photo's
    detail does: a few megabytes, as a phone's are."""
    from PIL import Image
    photo = Image.effect_noise((4032, 3024), 24).convert("RGB")
    exif = Image.Exif()
    exif[0x0112] = 6
    saved = io.BytesIO()
    photo.save(saved, "JPEG", quality=85, exif=exif)
    return saved.getvalue()


def jpeg_size(data):
    """(width, height) from a JPEG's frame header."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            raise Failed("the photo is not a JPEG")
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    raise Failed("the photo has no frame header")


def identity(value):
    """An object's id, whether named or given whole (bovine's inbox gives an activity's actor whole)."""
    return value.get("id") if isinstance(value, dict) else value


def text(value):
    return value if isinstance(value, str) else json.dumps(value)


async def journey(machine, binary, authority, secret):
    import aiohttp
    from bovine import BovineClient

    step("ada joins Kiwi with toolbox; WebFinger names her actor")
    kiwi = Toolbox(binary, machine, authority, "ada").member("ada")
    status, _, data = fetch(authority, f"https://{KIWI}/.well-known/webfinger?resource=acct:ada@{KIWI}", "application/jrd+json")
    expect(status == 200, f"WebFinger answered {status}")
    ada = next(link["href"] for link in json.loads(data)["links"] if link.get("rel") == "self")
    expect(ada.startswith(f"https://{KIWI}/"), f"ada's actor is {ada}")

    def listed(command):
        """The names `toolbox kiwi followers` or `following` lists, and what it said on standard error."""
        out, said = kiwi.run("kiwi", command, "--json", "--refresh")
        return [reader["username"] for reader in json.loads(out)], said

    async with BovineClient(domain=f"https://{BOVINE}", secret=secret) as bea:
        async def inbox(kind):
            """The first activity of this kind by ada in bea's inbox, as bovine keeps it for her (an
            activity whose id is a fragment, as a Like's is here and on Mastodon, bovine does not
            hand out again: it is read by what it did instead)."""
            async for item in bea.inbox(resolve=False):
                try:
                    activity = await bea.proxy(item) if isinstance(item, str) else item
                except aiohttp.ClientResponseError:
                    continue
                if activity.get("type") == kind and identity(activity.get("actor")) == ada:
                    return activity
            return None

        async def inbox_note(activity):
            """The Note a Create in bea's inbox carries, fetched when it is named only."""
            note = activity.get("object")
            return await bea.get(note) if isinstance(note, str) else note

        async def collection(url):
            answer = await bea.get(url)
            first = answer.get("first")
            items = answer.get("orderedItems") or answer.get("items") or []
            if not items and first:
                page = await bea.get(first) if isinstance(first, str) else first
                items = page.get("orderedItems") or page.get("items") or []
            return [identity(item) for item in items]

        step("bea (bovine) follows ada; Kiwi accepts; kiwi followers lists her by her name")
        follow = bea.activity_factory.follow(ada).build()
        response = await bea.send_to_outbox(follow)
        expect(response.status < 300, f"bea's outbox answered {response.status} to her Follow")
        await wait_for_async("Kiwi's Accept, in bea's following", lambda: _contains(collection(bea.information["following"]), ada))
        followers, _ = listed("followers")
        expect(followers == [f"bea@{BOVINE}"], f"kiwi followers: {followers}")

        step("ada posts a phone's photo about a book with toolbox; its Note reaches bea")
        photo = os.path.join(machine.work, "IMG_0001.jpg")
        with open(photo, "wb") as file:
            file.write(phone_photo())
        out, _ = kiwi.run("kiwi", "post", "--image", photo, "--caption", "Pip's great expectations, on the train home", "--book", BOOK,
                          "--alt", "A paperback open on a train seat", "--spoiler", "the benefactor's name", "--json")
        post = json.loads(out)

        async def arrived():
            create = await inbox("Create")
            return None if create is None else await inbox_note(create)
        note = await wait_for_async("ada's Create in bea's inbox", arrived)
        adas_note = note
        expect(note.get("id") == f"https://{KIWI}/posts/{post['id']}", f"the Note is the post's: {note.get('id')}")
        content = text(note.get("content"))
        expect(f"https://{KIWI}/books/{BOOK}" in content, f"the Note links the book's page: {content}")
        expect("great expectations" in content, f"the Note carries the caption: {content}")
        # bovine keeps what arrives in its own JSON-LD context, which names Mastodon's term by its IRI:
        # it reads `sensitive` only when the sender's context defines it.
        expect(note.get("summary") == "the benefactor's name" and note.get("as:sensitive", note.get("sensitive")) is True,
               f"the spoiler warning is the Note's summary, sensitive: {json.dumps(note)}")
        attachments = note.get("attachment") or []
        attachments = attachments if isinstance(attachments, list) else [attachments]
        images = [a for a in attachments if isinstance(a, dict) and a.get("type") == "Image"]
        expect(len(images) == 1, f"one Image attached: {attachments}")
        expect(images[0].get("name") == "A paperback open on a train seat", f"the Image's name is its description: {images[0]}")
        image_url = images[0]["url"] if isinstance(images[0]["url"], str) else images[0]["url"][0]["href"]
        expect(image_url.startswith(f"https://{KIWI}/"), f"the photo is served by Kiwi: {image_url}")
        status, headers, served = fetch(authority, image_url, "image/*")
        expect(status == 200 and headers.get_content_type().startswith("image/"), f"the photo's URL answers {status} {headers.get_content_type()}")
        width, height = jpeg_size(served) if served[:2] == b"\xff\xd8" else (0, 0)
        expect(height > width > 0, f"the photo arrives upright (portrait), as its EXIF says: {width} × {height}")
        status, _, _ = fetch(authority, image_url.split("?")[0], "image/*")
        expect(status == 403, f"the photo without its signature answers {status}")

        step("ada follows bea by her handle with toolbox; bea accepts")
        kiwi.run("kiwi", "follow", f"bea@{BOVINE}")
        asked = await wait_for_async("ada's Follow in bea's inbox", lambda: inbox("Follow"))
        following, said = listed("following")
        expect(following == [f"bea@{BOVINE}"] and "has not accepted yet" in said, f"kiwi following, while asked: {following} {said!r}")
        response = await bea.send_to_outbox(bea.activity_factory.accept(asked).build())
        expect(response.status < 300, f"bea's outbox answered {response.status} to her Accept")
        wait_for("bea's Accept, taken in by Kiwi", lambda: "has not accepted" not in listed("following")[1])
        await wait_for_async("ada in bea's followers", lambda: _contains(collection(bea.information["followers"]), ada))

        step("bea posts a phone's photo; it is on ada's Following feed (toolbox, the API, the web page), brought in by Kiwi")
        photo = {"type": "Image", "mediaType": "image/jpeg", "url": f"https://{FILES}/IMG_0002.jpg", "name": "A hardback on a windowsill"}
        note = bea.object_factory.note(content="<p>Reading <em>Middlemarch</em> again</p>", attachment=[photo]).as_public().build()
        response = await bea.send_to_outbox(bea.activity_factory.create(note).build())
        expect(response.status < 300 and response.headers.get("location"), f"bea's outbox answered {response.status} to her Note")
        # Her server names the note as it takes it (the Create's Location).
        note = await inbox_note(await bea.get(response.headers["location"]))

        def feed():
            return json.loads(kiwi.run("kiwi", "feed", "--following", "--json", "--refresh")[0])
        wait_for("bea's post on ada's feed", lambda: any(post["author"]["username"] == f"bea@{BOVINE}" for post in feed()))
        beas = next(post for post in feed() if post["author"]["username"] == f"bea@{BOVINE}")
        expect(beas["caption"] == "Reading Middlemarch again", f"her Note's text, as plain text: {beas['caption']!r}")
        expect(beas.get("imageAlt") == photo["name"], f"the photo's description is the Image's name: {beas.get('imageAlt')!r}")
        expect(beas["imageURL"].startswith(f"https://{KIWI}/"), f"the photo, from Kiwi: {beas['imageURL']}")
        # A post's photo is for the community's members, as on the original Kiwi.
        token = session(authority, "ada", kiwi.password)
        status, _, served = fetch(authority, beas["imageURL"], "image/*", {"Authorization": f"Bearer {token}"})
        width, height = jpeg_size(served) if status == 200 and served[:2] == b"\xff\xd8" else (0, 0)
        expect(height > width > 0, f"the photo arrives upright (portrait), as its EXIF says: {beas['imageURL']}: {status} {width} × {height}")
        status, _, data = fetch(authority, f"https://{KIWI}/feed", headers={"Authorization": f"Bearer {token}"})
        expect(status == 200 and any(post["id"] == beas["id"] for post in json.loads(data)), f"GET /feed: {status} {data[:300]!r}")
        status, _, html = fetch(authority, f"https://{KIWI}/?following=1", "text/html", {"Cookie": f"session={token}"})
        html = html.decode()
        expect(status == 200 and "Reading Middlemarch again" in html and f"bea@{BOVINE}" in html,
               f"the Following page shows her post: {status} {html[:300]!r}")
        sources = re.findall(r'src="([^"]+)"', html)
        expect(not [source for source in sources if BOVINE in source], f"the page loads nothing from bovine's hosts: {sources}")

        step("ada likes bea's post and replies with toolbox; bovine counts both on her Note")
        kiwi.run("kiwi", "like", str(beas["id"]))
        kiwi.run("kiwi", "comment", str(beas["id"]), "Dorothea is the best of them")

        async def liked():
            """Whether bovine counts a like by ada among her note's (it takes a Like only when it
            reads it as one, context and all)."""
            return any(like.startswith(f"{ada}#likes/") for like in await collection(note["likes"]))
        await wait_for_async("ada's Like in bea's note's likes", liked)

        async def replied():
            """Ada's reply among bea's note's replies, as bovine fetches it from Kiwi."""
            for reply in await collection(note["replies"]):
                answer = await bea.get(reply)
                if identity(answer.get("inReplyTo")) == note["id"] and "Dorothea" in text(answer.get("content")):
                    return answer
            return None
        await wait_for_async("ada's reply in bea's note's replies", replied)

        step("bea likes ada's post and replies; Kiwi counts her like and shows her comment")
        response = await bea.send_to_outbox(bea.activity_factory.like(adas_note["id"], to={ada}).build())
        expect(response.status < 300, f"bea's outbox answered {response.status} to her Like")
        reply = bea.object_factory.reply(adas_note, content="<p>Which edition is that?</p>").build()
        response = await bea.send_to_outbox(bea.activity_factory.create(reply).build())
        expect(response.status < 300, f"bea's outbox answered {response.status} to her reply")

        def on_kiwi():
            shown = json.loads(kiwi.run("kiwi", "show", str(post["id"]), "--json", "--refresh")[0])
            return shown.get("likes"), [(comment["author"]["username"], comment["text"]) for comment in shown.get("comments", [])]
        wait_for("bea's like and reply, on ada's post", lambda: on_kiwi() == (1, [(f"bea@{BOVINE}", "Which edition is that?")]))

        step("each undoes the follow; the other side forgets it")
        response = await bea.send_to_outbox(bea.activity_factory.undo(follow).build())
        expect(response.status < 300, f"bea's outbox answered {response.status} to her Undo")
        wait_for("bea leaving ada's followers on Kiwi", lambda: listed("followers")[0] == [])
        kiwi.run("kiwi", "unfollow", f"bea@{BOVINE}")
        await wait_for_async("ada leaving bea's followers on bovine", lambda: _lacks(collection(bea.information["followers"]), ada))

    step("bovine refused none of Kiwi's requests")
    requests = [line for line in open(os.path.join(machine.work, "bovine-access.log")) if '"kiwi/' in line]
    expect(requests, "bovine's log shows no request from Kiwi")
    refused = [line for line in requests if re.search(r'" [45]\d\d ', line)]
    expect(not refused, "bovine refused:\n" + "".join(refused))
    print(f"   {len(requests)} requests from Kiwi, each answered below 400", flush=True)


async def _contains(items, wanted):
    return wanted in await items


async def _lacks(items, wanted):
    return wanted not in await items


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]

    def journeys(machine, authority):
        environment = dict(os.environ, SSL_CERT_FILE=authority, BOVINE_DB_URL=f"sqlite://{machine.work}/bovine.sqlite3")
        # bovine's client, in this process, trusts the authority too.
        os.environ.update(SSL_CERT_FILE=authority)
        secret = bovine_up(machine, environment)
        files_up(machine, {"IMG_0002.jpg": phone_photo()})
        kiwi_up(machine, binary, environment)
        asyncio.run(journey(machine, binary, authority, secret))

    run({BOVINE: BOVINE_ADDRESS, FILES: FILES_ADDRESS}, journeys)
    print("kiwi_bovine.py: the journey passed", flush=True)


if __name__ == "__main__":
    main()
