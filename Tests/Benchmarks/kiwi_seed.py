#!/usr/bin/env python3
"""Seeds a Kiwi server through its API: USERS members, POSTS posts in all (round robin); with BOOKS,
each post is about one of BOOKS books (kiwi_api.isbn13), chosen as a community reads: a few books by
many, most by few (a Zipf-like draw, the same every run). The server's book search must know them
(kiwi_books_stub.py).

  kiwi_seed.py BASE_URL USERS POSTS [BOOKS]
"""
import random
import sys
from concurrent.futures import ThreadPoolExecutor

from kiwi_api import isbn13, member, post

base, users, posts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
books = int(sys.argv[4]) if len(sys.argv) > 4 else 0
draw = random.Random(42)
# Book k is drawn in proportion to 1/(k+1).
chosen = draw.choices(range(books), weights=[1 / (k + 1) for k in range(books)], k=posts) if books else [None] * posts


def seed(index, token):
    post(base, token, f"Reflection number {index} on the book I am reading", None if chosen[index] is None else isbn13(chosen[index]))


with ThreadPoolExecutor(8) as pool:
    tokens = list(pool.map(lambda index: member(base, f"reader{index}"), range(users)))
    list(pool.map(lambda index: seed(index, tokens[index % users]), range(posts)))
print(f"seeded {users} users and {posts} posts" + (f" about {books} books" if books else ""))
