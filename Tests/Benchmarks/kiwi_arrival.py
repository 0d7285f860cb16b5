#!/usr/bin/env python3
"""What kiwi_arrival.sh asks and checks in Python.

  kiwi_arrival.py extras BASE COMMENTS READINGS   as "phone" (kiwi_archive.py phone): COMMENTS comments on
                                                  their own posts, READINGS readings (read, with days, stars
                                                  and a review, every fifth behind a spoiler warning)
  kiwi_arrival.py compare A.zip B.zip             whether B's archive agrees with A's on every post, photo
                                                  (byte for byte), reading and comment, but for ids and links;
                                                  prints what it compared, exits 1 on a difference
"""
import json
import sys
import urllib.parse
import zipfile

from kiwi_api import call, isbn13


def extras(base, comments, readings):
    token = call("POST", f"{base}/sessions", body=json.dumps({"username": "phone", "password": "benchmark"}).encode())["token"]
    posts = call("GET", f"{base}/users/phone/posts?pageSize=100", token)
    for index in range(comments):
        form = urllib.parse.urlencode({"operation": "create", "postid": posts[index % len(posts)]["id"], "text": f"A note {index}"})
        call("POST", f"{base}/comments", token, form.encode(), "application/x-www-form-urlencoded")
    for index in range(readings):
        month, day = index % 12 + 1, index % 28 + 1
        change = {"shelf": "read", "started": f"2024-{month:02d}-01", "finished": f"2024-{month:02d}-{day:02d}", "rating": index % 5 + 1,
                  "review": f"Review {index}", "book": {"title": f"Book {index}", "authors": [f"Author {index % 17}"]}}
        if index % 5 == 0:
            change["spoiler"] = "the ending"
        call("PUT", f"{base}/users/me/books/{isbn13(index)}", token, json.dumps(change).encode())
    print(f"added {comments} comments and {readings} readings")


def compare(first, second):
    a, b = zipfile.ZipFile(first), zipfile.ZipFile(second)
    one, two = json.loads(a.read("kiwi.json")), json.loads(b.read("kiwi.json"))
    problems = []
    shown = lambda post: {key: post.get(key) for key in ("caption", "description", "book", "spoiler", "createdAt")}
    if [shown(p) for p in one["posts"]] != [shown(p) for p in two["posts"]]:
        problems.append("the posts differ")
    photos = 0
    for there, here in zip(one["posts"], two["posts"]):
        if a.read(there["photo"]) != b.read(here["photo"]):
            problems.append(f"{there['url']}'s photo differs")
        photos += 1
    reading = lambda r: json.dumps({key: value for key, value in r.items() if key != "updatedAt"}, sort_keys=True)
    if sorted(map(reading, one["readings"])) != sorted(map(reading, two["readings"])):
        problems.append("the readings differ")
    if sorted(c["text"] for c in one["comments"]) != sorted(c["text"] for c in two["comments"]):
        problems.append("the comments differ")
    print(f"compared {len(one['posts'])} posts, {photos} photos byte for byte, {len(one['readings'])} readings, {len(one['comments'])} comments: "
          + ("; ".join(problems) if problems else "they agree"))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    if sys.argv[1] == "extras":
        extras(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3])
