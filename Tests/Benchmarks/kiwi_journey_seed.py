#!/usr/bin/env python3
"""Seeds a stopped Kiwi server's SQLite file (made by the server, its members signed up through the
API) with POSTS posts by its members over the last two years, a comment on every third, a post a day
for the last year by reader2, and 300 readings for the first member: captions of 5 to 30 words drawn as a community writes them (a few words very often, most
rarely: a Zipf-like draw, the same every run), a tenth of the posts about a book. The database's own
triggers index every row as it goes in, as they do a server's writes.

  kiwi_journey_seed.py PATH POSTS
"""
import json
import random
import sqlite3
import sys
import time

path, posts = sys.argv[1], int(sys.argv[2])
draw = random.Random(41)
common = "the a and of to in it i was is that her his my this with but on as for at had be not so".split()
literary = """storm chapter ending letter moor garden house sea light rain winter summer silence memory father mother sister
brother marriage love grief war ship island city river bridge forest night morning window door voice dream promise
secret fear hope anger kindness pride prejudice persuasion society heart journey stranger servant master lady captain
doctor teacher child orphan fortune debt inheritance governess ghost lighthouse harbour shore tide wave cliff path
road carriage ballroom dance music piano portrait mirror candle fire ash dust bones stone glass paper ink pen diary
palimpsest marginalia zeugma epistolary unreliable narrator prologue epilogue metaphor irony tragedy comedy""".split()
words = common + literary + [f"word{index}" for index in range(3000)]
weights = [1 / (rank + 1) for rank in range(len(words))]
books = [
    ("9780141439518", "Pride and Prejudice", ["Jane Austen"]), ("9780141439686", "Persuasion", ["Jane Austen"]),
    ("9780141439556", "Wuthering Heights", ["Emily Brontë"]), ("9780141441146", "Jane Eyre", ["Charlotte Brontë"]),
    ("9780141439549", "Middlemarch", ["George Eliot"]), ("9780141439600", "The Tempest", ["William Shakespeare"]),
] + [(f"978{index:010d}"[:13], f"Book {index}", [f"Author {index % 97}"]) for index in range(1, 2000)]


def caption():
    return " ".join(draw.choices(words, weights=weights, k=draw.randint(5, 30))).capitalize()


db = sqlite3.connect(path)
members = [row[0] for row in db.execute("SELECT username FROM users ORDER BY username")]
now = time.time()
# Two years of posts, evenly: a member of 200 posts every day and a half or so.
spacing = 2 * 365 * 86_400 / posts
with db:
    for index in range(posts):
        book = draw.choice(books) if index % 10 == 0 else None
        stored = json.dumps({"title": book[1], "authors": book[2], "isbn13": book[0]}) if book else None
        cursor = db.execute(
            "INSERT INTO posts (owner, image, caption, created_at, book, comment_count) VALUES (?, ?, ?, ?, ?, ?)",
            (members[index % len(members)], f"bench-{index}.jpg", caption(), now - (posts - index) * spacing, stored, 1 if index % 3 == 0 else 0),
        )
        if index % 3 == 0:
            db.execute(
                "INSERT INTO comments (post_id, owner, text, created_at) VALUES (?, ?, ?, ?)",
                (cursor.lastrowid, members[(index + 1) % len(members)], caption(), now - (posts - index) * spacing + 30),
            )
    # reader2 has posted every day for a year, as well: a profile whose streak goes back 365 days.
    for day in range(365):
        db.execute(
            "INSERT INTO posts (owner, image, caption, created_at, book, comment_count) VALUES (?, ?, ?, ?, NULL, 0)",
            ("reader2", f"bench-daily-{day}.jpg", caption(), now - day * 86_400 - 60),
        )
    reader = members[0]
    for index, (isbn13, title, authors) in enumerate(books[:300]):
        shelf = "read" if index % 3 else ("reading" if index % 9 == 0 else "want")
        finished = f"{2024 + index % 3}-{index % 12 + 1:02d}-{index % 28 + 1:02d}" if shelf == "read" else None
        db.execute(
            "INSERT INTO readings (owner, isbn13, book, shelf, page, pages, started, finished, rating, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (reader, isbn13, json.dumps({"title": title, "authors": authors, "isbn13": isbn13}), shelf, 120 if shelf == "reading" else None,
             200 + index, "2024-01-01" if shelf != "want" else None, finished, 1 + index % 5 if shelf == "read" else None, now - index),
        )
print(f"seeded {posts} posts, 365 daily ones of reader2's, {posts // 3 + 1} comments and 300 readings of {reader}'s")
