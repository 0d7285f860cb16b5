"""A reader's journey through Kiwi's web pages in a real browser (Chromium through WebDriver).

Run by KiwiBrowserTests against the built `toolbox kiwi serve`:

    python3 kiwi_journey.py --base http://127.0.0.1:PORT --width 375 --screenshots DIR [--no-javascript]
                            [--chromedriver PATH] [--chromium PATH]

Two readers sign up; one logs in again, posts a photo, sees it loaded in the feed, likes it,
comments, follows the other and sees their post under Following, sees the other's like and new
post arrive live (the header's count, the feed's news) without a reload, reads her notifications,
opens a profile, deletes the comment and logs out. With --no-javascript the browser runs no script
and every page must still work (the live part is left out). Every request the pages make must go
to the server itself. Screenshots of the feed, a post, the live feed, the notifications and a profile
go to DIR; the script exits non-zero on the first failure.
"""

import argparse
import datetime
import json
import os
import re
import shutil
import struct
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
import zlib

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from selenium.webdriver.support.ui import WebDriverWait


HEIC = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "PluginAPITests", "Fixtures", "gradient-64x96.heic"))


# The book the test's stub Open Library knows (Tests/TestSupport/OpenLibraryStub.swift).
TEMPEST = "9780141439600"


def png(width, height, seed):
    """A small gradient PNG, different for each seed, so each photo is a real image."""
    rows = b"".join(
        b"\x00" + b"".join(bytes(((x * 255) // width, (y * 255) // height, seed % 256)) for x in range(width))
        for y in range(height)
    )

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class Journey:
    def __init__(self, base, width, screenshots, chromedriver, chromium, javascript, moderator=None):
        self.base = base.rstrip("/")
        self.moderator = moderator
        self.width = width
        self.screenshots = screenshots
        self.javascript = javascript
        self.name = f"{width}" if javascript else f"{width}-no-js"
        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--window-size={width},900"]:
            options.add_argument(argument)
        if not javascript:
            options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
        if chromium:
            options.binary_location = chromium
        service = Service(executable_path=chromedriver) if chromedriver else Service()
        self.driver = webdriver.Chrome(options=options, service=service)
        self.driver.set_page_load_timeout(30)
        self.files = tempfile.mkdtemp(prefix="kiwi-journey-")
        self.requested = set()

    # -- helpers

    def open(self, path):
        self.driver.get(self.base + path)
        self.note_requests()

    def note_requests(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                self.requested.add(message["params"]["request"]["url"])

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def fill(self, fields):
        """The page's own fields (the header's search box is not one)."""
        for name, value in fields.items():
            element = self.find(f'main [name="{name}"]')
            element.clear()
            element.send_keys(value)

    def submit(self, form_css):
        self.click(self.find(f"{form_css} button[type=submit]"))

    def click(self, button):
        """Clicks and waits for the next page (every form here posts and redirects)."""
        page = self.find("html")
        button.click()
        waiting = WebDriverWait(self.driver, 30)
        waiting.until(lambda driver: self.is_gone(page))
        # The next page is there only once it has loaded (a slow machine can be mid-way).
        waiting.until(lambda driver: driver.execute_script("return document.readyState") == "complete")
        self.note_requests()

    @staticmethod
    def is_gone(element):
        """Whether the element left the document. Chrome says so either as a stale element or, when
        asked just as the next page replaces the document, as an inspector error about the node."""
        try:
            element.is_enabled()
            return False
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" in str(error):
                return True
            raise

    def expect(self, condition, what):
        if not condition:
            self.shoot("failure")
            raise AssertionError(f"{self.name}: {what} (at {self.driver.current_url})")
        print(f"  ok {what}")

    def path(self):
        return self.driver.current_url[len(self.base):] or "/"

    def loaded(self, image):
        return self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image) > 0

    def shoot(self, name):
        # The whole page, as tall as it is, at this width.
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        self.driver.set_window_size(self.width, max(900, min(height + 140, 4000)))
        path = os.path.join(self.screenshots, f"{self.name}-{name}.png")
        self.driver.save_screenshot(path)
        self.driver.set_window_size(self.width, 900)
        print(f"  screenshot {path}")

    def photo(self, name, seed):
        path = os.path.join(self.files, name)
        with open(path, "wb") as file:
            file.write(png(240, 180, seed))
        return path

    def eventually(self, condition, seconds=3):
        """Whether `condition` holds within `seconds` (what arrives live arrives without a reload)."""
        try:
            WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda driver: condition())
            return True
        except Exception:
            return False

    def api(self, method, path, token=None, body=None, content_type="application/json"):
        """A request as another reader's client makes it, beside the browser."""
        headers = {"Content-Type": content_type}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read() or b"null")

    # -- steps

    def sign_up(self, username, fullname, password):
        self.open("/signup")
        self.fill({"username": username, "password": password, "fullname": fullname})
        self.submit('form[action="/signup"]')
        self.expect(self.path() == "/", f"{username} signed up and was sent to the feed")
        self.expect(fullname in self.find("header.bar").text, f"the header shows {fullname} logged in")

    def log_out(self):
        self.submit('form[action="/logout"]')
        self.expect(self.find_all('a[href="/login"]'), "logged out: the header offers to log in")

    def log_in(self, username, password):
        self.open("/login")
        self.fill({"username": username, "password": "wrong-" + password})
        self.submit('form[action="/login"]')
        self.expect("Wrong username or password" in self.find(".error").text, "a wrong password shows the form again with a message")
        self.fill({"username": username, "password": password})
        self.submit('form[action="/login"]')
        self.expect(self.path() == "/" and self.find_all('form[action="/logout"]'), f"{username} logged in")

    def post(self, caption, seed=None, path=None, book=None, spoiler=None):
        self.open(f"/new?book={book}" if book else "/new")
        self.find('input[name="file"]').send_keys(path or self.photo(f"photo-{seed}.png", seed))
        self.fill({"caption": caption, **({"spoiler": spoiler} if spoiler else {})})
        self.submit('form[action="/new"][method="post"]')
        self.expect(self.path().startswith("/p/"), f"posting '{caption}' opened the new post")
        return self.path()

    def card(self, post):
        cards = self.find_all(f"article#p{post.rsplit('/', 1)[1]}")
        return cards[0] if cards else None

    def run(self):
        suffix = self.name.replace("-", "")
        bob, ada = "bob" + suffix, "ada" + suffix
        password = "correct horse"
        print(f"{self.name}:")

        self.sign_up(bob, f"Bob {suffix}", password)
        # An iPhone's photo: HEIC, which only Safari shows as it is.
        bobs_post = self.post(f"Bob reads Persuasion ({suffix})", path=HEIC)
        self.log_out()

        self.sign_up(ada, f"Ada {suffix}", password)
        self.log_out()
        self.log_in(ada, password)

        # A photo from the browser, seen in the feed with its image loaded.
        caption = f"Middlemarch, chapter 3 ({suffix}) <b>not bold</b>"
        post = self.post(caption, seed=200)
        self.open("/")
        card = self.card(post)
        self.expect(card is not None, "the new post is on /")
        self.expect(caption in card.text, "its caption is shown as text, escaped")
        image = card.find_element(By.CSS_SELECTOR, ".photo img")
        self.expect(self.loaded(image), "its photo loaded in the feed (naturalWidth > 0)")
        self.expect(image.get_attribute("loading") == "lazy" and image.get_attribute("width"), "the photo is lazy and sized")
        shown = image.get_attribute("currentSrc")
        self.expect("/media/" in shown and "signature=" in shown, f"the browser chose a version from srcset ({shown.split('?')[0]})")
        self.expect(self.loaded(card.find_element(By.CSS_SELECTOR, ".byline img")), "the author's avatar loaded")

        # Like it from the feed: the page comes back to the post with the count moved.
        self.click(card.find_element(By.CSS_SELECTOR, "button.like"))
        card = self.card(post)
        self.expect("1 like" in card.text and "Liked" in card.text, "liking it from the feed counts 1 like")
        self.shoot("feed")

        # Comment on its page.
        self.open(post)
        self.fill({"text": "The opening of the prelude stays with me."})
        self.submit(f'form[action="{post}/comments"]')
        comments = self.find_all(".comment")
        self.expect(len(comments) == 1 and "prelude stays with me" in comments[0].text, "the comment shows on the post")
        self.shoot("post")

        # Follow the other reader and see their post under Following.
        self.open(f"/@{bob}")
        self.submit(f'form[action="/@{bob}/follow"]')
        self.expect(self.find_all(f'form[action="/@{bob}/unfollow"]'), f"following {bob}: the button now unfollows")
        self.expect("Followers\n1" in self.find(".stats").text or "1\nFollowers" in self.find(".stats").text, f"{bob} has 1 follower")
        self.open("/?following=1")
        card = self.card(bobs_post)
        self.expect(card is not None and "Bob reads Persuasion" in card.text, f"{bob}'s post is under Following")
        self.expect(self.loaded(card.find_element(By.CSS_SELECTOR, ".photo img")), f"{bob}'s HEIC photo loaded, as a JPEG")

        if self.javascript:
            self.live(bob, password, post)

        # A profile: avatar, counts, the grid of posts.
        self.open(f"/@{ada}")
        self.expect(self.find("h1").text == f"Ada {suffix}", "the profile shows the display name")
        self.expect("Following\n1" in self.find(".stats").text or "1\nFollowing" in self.find(".stats").text, f"{ada} follows 1")
        tiles = self.find_all(".grid img")
        self.expect(len(tiles) == 1 and self.loaded(tiles[0]), "the profile's grid shows the photo, loaded")
        self.expect(self.loaded(self.find(".profile img.avatar")), "the profile's avatar loaded")
        self.shoot("profile")

        self.spoilers(suffix)
        self.books(suffix)
        self.shelves(ada, suffix)
        if self.moderator:
            self.moderation(ada, bob, bobs_post, password)
        self.archive(ada, caption)

        # Delete the comment.
        self.open(post)
        self.click(self.find(".comment button[type=submit]"))
        self.expect(not self.find_all(".comment"), "the comment is gone")

        # Log out: the session ends on the server, so its token stops working for the API too.
        token = self.driver.get_cookie("session")["value"]
        self.log_out()
        request = urllib.request.Request(self.base + "/users/me", headers={"Authorization": f"Bearer {token}"})
        try:
            urllib.request.urlopen(request)
            status = 200
        except urllib.error.HTTPError as error:
            status = error.code
        self.expect(status == 403, "the logged-out token is refused by the API (403)")

        self.leave(ada, suffix, password)

        foreign = sorted(url for url in self.requested if not url.startswith(self.base + "/"))
        self.expect(not foreign, f"every request went to the server itself ({len(self.requested)} URLs; others: {foreign})")
        # A refused form answers 4xx on purpose (the wrong password above); anything else is a fault.
        problems = [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE" and "the server responded with a status of 403" not in entry["message"]
        ]
        self.expect(not problems, f"the browser reported no errors {problems}")

    def spoilers(self, suffix):
        """A post and a comment behind spoiler warnings: the warning shows, what it covers opens
        with a click on it (a <details>, so with or without scripts)."""
        caption = f"Reader, I married him ({suffix})"
        post = self.post(caption, seed=400, spoiler="the ending of Jane Eyre")
        self.fill({"text": "Bertha was in the attic all along", "spoiler": "the attic"})
        self.submit(f'form[action="{post}/comments"]')
        comment = self.find(".comment .spoiler")
        self.expect("the attic" in comment.text and "Bertha" not in comment.text, "a comment's warning shows and its text does not")
        self.open("/")
        card = self.card(post)
        warning = card.find_element(By.CSS_SELECTOR, "details.spoiler summary")
        self.expect("the ending of Jane Eyre" in warning.text, "the feed shows the post's spoiler warning")
        self.expect(caption not in card.text, "its caption is hidden behind the warning")
        self.expect(not card.find_element(By.CSS_SELECTOR, ".photo img").is_displayed(), "its photo is hidden behind the warning")
        self.shoot("spoiler")
        warning.click()
        card = self.card(post)
        self.expect(caption in card.text, "a click on the warning shows the caption")
        image = card.find_element(By.CSS_SELECTOR, ".photo img")
        self.expect(image.is_displayed() and self.eventually(lambda: self.loaded(image)), "and the photo, loaded")
        self.shoot("spoiler-open")
        self.open(f"/search?q={suffix}+married")
        card = self.card(post)
        self.expect(card is not None and caption not in card.text, "search finds the post and keeps it behind its warning")
        self.open(post)
        self.expect(caption not in self.driver.title, "the post's page title does not give the caption away")

    def moderation(self, ada, bob, bobs_post, password):
        """Ada reports bob's post and bob; a moderator dismisses the first from the queue and
        suspends bob from the second; ada hears what came of both, and bob's profile says so."""
        self.open(bobs_post)
        self.click(self.find('a[href$="/report"]'))
        self.expect(self.path() == f"{bobs_post}/report", "'Report this post' opens the report form")
        self.find('input[name="category"][value="spam"]').click()
        self.fill({"text": "An advert, not a reflection"})
        self.shoot("report")
        self.submit("form.report-form")
        self.expect("Your report (number" in self.find(".notice").text, "the report is thanked, with its number")
        self.open(f"/@{bob}")
        self.click(self.find(f'a[href="/@{bob}/report"]'))
        self.find('input[name="category"][value="harassment"]').click()
        self.submit("form.report-form")
        self.expect("is with the moderators" in self.find(".notice").text, f"{bob} is reported too")

        self.log_out()
        name, secret = self.moderator
        self.log_in(name, secret)
        self.open("/moderation")
        reports = self.find_all(".reports li")
        self.expect(len(reports) == 2 and "Post" in reports[0].text and f"@{bob}" in reports[1].text, "the queue holds both, oldest first")
        self.expect(f"reported by @{ada}" in reports[0].text and "An advert" in reports[0].text, "with who reported and their words")
        self.shoot("moderation-queue")
        self.click(reports[0].find_element(By.CSS_SELECTOR, "a"))
        self.expect("Bob reads Persuasion" in self.find(".reported").text, "the report shows the post as it was")
        self.expect(self.loaded(self.find(".reported img")), "with its photo, loaded")
        self.shoot("moderation-report")
        self.find('input[name="action"][value="dismiss"]').click()
        self.submit("form.decision")
        self.expect(self.path() == "/moderation" and len(self.find_all(".reports li")) == 1, "dismissed: one report is left")
        self.click(self.find(".reports li a"))
        self.expect(not self.find_all('input[name="action"][value="remove"]'), "an account is not removed, only silenced or suspended")
        self.find('input[name="action"][value="suspend"]').click()
        self.fill({"text": "Spam account"})
        self.submit("form.decision")
        self.expect(not self.find_all(".reports li"), "the queue is empty")
        self.open(f"/@{bob}")
        self.expect("This account is suspended." in self.find(".profile").text, f"{bob}'s profile says he is suspended")
        self.expect(not self.find_all(".grid img"), "and shows nothing of his")
        self.open("/moderation/audit")
        self.expect("suspended @" + bob in self.find("main").text and "Spam account" in self.find("main").text, "the audit log keeps why")

        self.log_out()
        self.log_in(ada, password)
        self.open("/notifications")
        told = self.find(".notifications").text
        self.expect("took no action" in told and "the account was suspended" in told, "ada hears what came of both reports")
        self.expect(name not in told, "never from whom")
        self.shoot("report-outcome")

    def books(self, suffix):
        """A post about a book links to the book's page (its readers, its reflections, a way to post
        about it); the header's Books lists what the community reads. The server's book search is
        the test's stub Open Library, which knows The Tempest."""
        self.open("/new")
        self.fill({"q": "the tempest"})
        self.click(self.find('form[action="/new"][method="get"] button[type=submit]'))
        matches = self.find_all(".matches a")
        self.expect(len(matches) == 2 and "The Tempest by William Shakespeare" in matches[0].text, "the form's search lists the books found")
        self.click(matches[0])
        self.expect(self.find('input[name="book"]').get_attribute("value") == TEMPEST, "choosing one fills the book in")
        caption = f"The Tempest, act one ({suffix})"
        post = self.post(caption, seed=300, book=TEMPEST)
        card = self.card(post)
        link = card.find_element(By.CSS_SELECTOR, ".book a")
        self.expect(link.get_attribute("href") == f"{self.base}/books/{TEMPEST}", "the post's book links to its page")
        self.click(link)
        self.expect(self.find("h1").text == "The Tempest", "the book's page has its title")
        self.expect("by William Shakespeare" in self.find(".book-head").text, "and its author")
        self.expect(self.card(post) is not None and caption in self.card(post).text, "the reflection is on the book's page")
        self.expect(self.find_all(".readers a"), "its readers are listed")
        self.expect(self.loaded(self.find(".card .photo img")), "the reflection's photo loaded on the book's page")
        # The cover is fetched once, in the background, after the post: the generated one until then.
        cover = f"/media/cover-{TEMPEST}.jpg/"

        def cover_shown():
            self.open(f"/books/{TEMPEST}")
            image = self.find(".book-head .cover img")
            return cover in (image.get_attribute("currentSrc") or "") and self.loaded(image)

        self.expect(self.eventually(cover_shown, seconds=10), "the book's page shows its fetched cover, from this server, loaded")
        self.shoot("book")
        self.click(self.find(".book-head a.button"))
        self.expect(self.path() == f"/new?book={TEMPEST}", "Post about this book opens the form")
        self.expect(self.find('input[name="book"]').get_attribute("value") == TEMPEST, "with the book filled in")
        self.click(self.find('header a[href="/books"]'))
        books = self.find_all(".popular li")
        self.expect(books and "The Tempest" in books[0].text and "1 reflection" in books[0].text, "/books lists what is read most")
        covers = self.find_all(".popular .cover img")
        self.expect(covers and all(self.loaded(image) for image in covers), "each book on /books has its cover, loaded")
        self.shoot("books")

    def shelves(self, ada, suffix):
        """Her post put The Tempest on her "reading" shelf: the book's page moves it on (progress,
        then read), her profile shows the shelf, the year page the book in its month and the
        chart; the header's search box finds her post, the book and her."""
        self.open(f"/books/{TEMPEST}")
        self.expect("You are reading it." in self.find("form.shelve").text, "a post about a book started it")
        self.fill({"progress": "120/350"})
        self.submit("form.shelve")
        self.expect("You are reading it: p. 120 of 350." in self.find("form.shelve").text, "the progress is kept")
        self.expect("1\nReading" in self.find(".shelves").text or "Reading\n1" in self.find(".shelves").text, "the book counts 1 reader reading")
        Select(self.find("#shelf")).select_by_value("read")
        self.submit("form.shelve")
        self.expect("You read it, finished" in self.find("form.shelve").text, "finished today")
        self.shoot("shelf")

        self.open(f"/@{ada}")
        journey = self.find(".journey")
        self.expect("Nothing on the go." in journey.text, "nothing is being read now")
        year = self.find(".year-link a")
        self.expect(year.text.startswith("1 book read in "), f"the profile counts the year's books ({year.text})")
        self.expect(any("The Tempest" in item.text for item in self.find_all(".journey .covers li")), "the Read shelf shows the book")
        self.click(year)
        self.expect(self.find("h1").text.endswith(" in books"), "the year page")
        self.expect(len(self.find_all(".months li")) == 12, "the chart has twelve months")
        self.expect(len(self.find_all(".chart-bar.books.h20")) == 1, "one month has the year's most books")
        self.expect(any("The Tempest" in section.text for section in self.find_all(".month-books")), "the book is under its month")
        self.expect(all(self.loaded(image) for image in self.find_all(".month-books .cover img")), "its cover loaded")
        self.shoot("year")

        # The header's box on a desktop; on a phone, its link to the search page and that page's box.
        self.open("/")
        box = self.find("#header-q")
        if not box.is_displayed():
            self.click(self.find("header a.search-link"))
            self.expect(self.path() == "/search", "a phone's header links to the search page")
            box = self.find("main #q")
        box.send_keys(f"act one {suffix}")
        box.submit()
        # submit() does not wait for the page it loads.
        self.expect(self.eventually(lambda: self.path().startswith("/search?q=")), "the box searches")
        self.expect(any(f"The Tempest, act one ({suffix})" in card.text for card in self.find_all(".card")), "her post is found")
        self.click([tab for tab in self.find_all(".tabs a") if tab.text == "Books"][0])
        self.expect("type=books" in self.path(), "a tab searches books for the same words")
        self.open("/search?q=shakespeare&type=books")
        self.expect(any("The Tempest" in item.text for item in self.find_all(".results li")), "the book is found by its author")
        self.open(f"/search?q={ada}&type=members")
        self.expect(any(f"Ada {suffix}" in item.text for item in self.find_all(".results li")), "she is found by name")
        self.shoot("search")

    def archive(self, ada, caption):
        """Settings' "Download your archive": the zip lands, and its index.html opens offline."""
        folder = tempfile.mkdtemp(prefix="kiwi-archive-")
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        self.open("/settings")
        # A download, not a page: the settings page stays.
        self.find('a[href="/users/me/archive"]').click()
        zips = []
        for _ in range(300):
            zips = [name for name in os.listdir(folder) if name.endswith(".zip")]
            if zips:
                break
            time.sleep(0.1)
        self.expect(len(zips) == 1 and zips[0].startswith(f"kiwi-{ada}-"), f"the archive downloaded ({zips})")
        with zipfile.ZipFile(os.path.join(folder, zips[0])) as archive:
            self.expect(archive.testzip() is None, "every file in it is whole")
            archive.extractall(os.path.join(folder, "open"))
        self.driver.get("file://" + os.path.join(folder, "open", "index.html"))
        loaded = [url for url in self.requests_now() if not url.startswith("file://")]
        self.expect(not loaded, f"its index.html loads nothing from elsewhere {loaded}")
        self.expect(caption in self.find("main").text, "it shows the posts")
        # A warned post's photo is under its warning: opened, as a reader's click opens it.
        for summary in self.find_all("article details.spoiler summary"):
            summary.click()
        images = self.find_all("article img")
        shown = 0
        for image in images:
            # Lazy, as a profile's: each loads once it is scrolled to.
            self.driver.execute_script("arguments[0].scrollIntoView()", image)
            shown += 1 if self.eventually(lambda: self.loaded(image)) else 0
        self.expect(images and shown == len(images), f"with their photos, from the zip ({shown} of {len(images)})")
        self.driver.execute_script("window.scrollTo(0, 0)")
        loaded = [url for url in self.requests_now() if not url.startswith("file://")]
        self.expect(not loaded, f"nor as it is read {loaded}")
        self.shoot("archive")

    def leave(self, followed, suffix, password):
        """Settings' "Delete account": the page says what goes, a wrong password deletes nothing,
        the right one deletes the account, and nothing of it is left; its name is held."""
        cal = "cal" + suffix
        self.sign_up(cal, f"Cal {suffix}", password)
        post = self.post(f"Cal's last post ({suffix})", seed=300)
        self.open(f"/@{followed}")
        self.submit(f'form[action="/@{followed}/follow"]')
        followers = self.followers()
        self.open("/settings")
        self.click(self.find('a[href="/settings/delete"]'))
        self.expect(self.path() == "/settings/delete", "the settings page leads to the deletion page")
        page = self.find("main").text
        self.expect("1 post, with its photo" in page and "who follows you (0)" in page and "whom you follow (1)" in page, "it says what goes")
        self.expect(self.find_all('a[href="/users/me/archive"]'), "and offers the archive first")
        self.fill({"password": "not my password", "username": cal})
        self.submit('form[action="/settings/delete"]')
        self.expect("That is not your password." in self.find(".error").text, "a wrong password deletes nothing, and says so")
        self.shoot("leave")
        self.fill({"password": password, "username": cal})
        self.submit('form[action="/settings/delete"]')
        self.expect("Your account is deleted" in self.find("h1").text and f"@{cal}" in self.find("main").text, "the account is deleted")
        self.shoot("deleted")
        self.expect(self.driver.get_cookie("session") is None, "and its session with it")
        self.open(f"/@{followed}")
        self.expect(self.followers() == followers - 1, f"{followed} lost a follower")
        self.expect(self.status("GET", post) == 404 and self.status("GET", f"/@{cal}") == 404, "its post and profile are gone")
        body = json.dumps({"username": cal, "password": "another"}).encode()
        self.expect(self.status("POST", "/users", body) == 409, f"nobody can sign up as {cal} now")

    def followers(self):
        """The open profile's follower count."""
        found = re.search(r"(\d+)\nFollowers|Followers\n(\d+)", self.find(".stats").text)
        return int(found.group(1) or found.group(2))

    def status(self, method, path, body=None):
        """The status a request outside the browser gets (a 404 page in the browser would be logged as a fault)."""
        request = urllib.request.Request(self.base + path, data=body, method=method, headers={"Content-Type": "application/json"})
        try:
            return urllib.request.urlopen(request).status
        except urllib.error.HTTPError as error:
            return error.code

    def requests_now(self):
        """The URLs asked for since the last look, without counting them among the server's."""
        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                urls.append(message["params"]["request"]["url"])
        return urls

    def live(self, bob, password, post):
        """What another reader does reaches the open page: a like moves the header's count, a new
        post of someone followed is announced on the feed; the notifications page lists the like."""
        self.open("/")
        self.expect(self.eventually(lambda: self.find("html").get_attribute("data-live") == "on"), "the page listens (GET /events)")
        self.expect(self.find("[data-unread]").get_attribute("hidden") is not None, "no unread notifications yet: no count")
        token = self.api("POST", "/sessions", body=json.dumps({"username": bob, "password": password}).encode())["token"]
        self.api("POST", f"/posts/{post.rsplit('/', 1)[1]}/like", token)
        count = self.find("[data-unread]")
        self.expect(self.eventually(lambda: count.text == "1" and count.get_attribute("hidden") is None), "a like by another reader shows in the count, no reload")
        boundary = "journey"
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n").encode()
        body += png(60, 40, 7) + f"\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nNew from {bob}\r\n--{boundary}--\r\n".encode()
        self.api("POST", "/posts", token, body, f"multipart/form-data; boundary={boundary}")
        news = self.find("[data-new-posts]")
        self.expect(self.eventually(lambda: news.is_displayed() and "1 new post" in news.text), "the feed says '1 new post' by someone she follows")
        # What he shelves is told too, in the words `kiwi watch` uses: finished today (a day long past is history, not news).
        today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
        finished = json.dumps({"shelf": "read", "finished": today, "book": {"title": "The Tempest"}}).encode()
        self.api("PUT", f"/users/me/books/{TEMPEST}", token, finished)
        told = self.find("[data-shelf-news]")
        self.expect(self.eventually(lambda: told.is_displayed() and f"{bob} finished The Tempest" in told.text), f"the feed says '{bob} finished The Tempest'")
        self.shoot("live")
        self.click(news.find_element(By.CSS_SELECTOR, "a"))
        self.expect(f"New from {bob}" in self.find(".feed").text, "a click shows the new post")
        self.open("/notifications")
        self.expect(f"liked your post" in self.find(".notifications").text, "/notifications lists the like")
        self.expect(self.find_all(".notifications li.new"), "the unread one stands out")
        self.shoot("notifications")
        self.expect(self.eventually(lambda: self.find("[data-unread]").get_attribute("hidden") is not None), "read now: the count is gone")

    def close(self):
        self.driver.quit()
        shutil.rmtree(self.files, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--chromedriver", help="the WebDriver program; without it Selenium looks for one")
    parser.add_argument("--chromium", help="the browser program; without it the driver's default")
    parser.add_argument("--no-javascript", action="store_true", help="run no script: every page must work without one")
    parser.add_argument("--moderator", help="NAME:PASSWORD of a moderator, for the reports' part of the journey")
    arguments = parser.parse_args()
    os.makedirs(arguments.screenshots, exist_ok=True)
    journey = Journey(
        arguments.base,
        arguments.width,
        arguments.screenshots,
        arguments.chromedriver,
        arguments.chromium,
        not arguments.no_javascript,
        tuple(arguments.moderator.split(":", 1)) if arguments.moderator else None,
    )
    try:
        journey.run()
    except AssertionError as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
    finally:
        journey.close()
    print(f"journey at {journey.name} passed; screenshots in {arguments.screenshots}")


if __name__ == "__main__":
    main()
