"""Schemathesis hooks for Kiwi's contract run: every request is made as a logged-in member.

KIWI_BASE names the server. `DELETE /sessions` gets a new member's session, so logging
out never ends the session the other requests share, and the fuzzer's wrong passwords
(login throttling) never stand in its way.
"""

import os
import uuid

import requests
import schemathesis

BASE = os.environ["KIWI_BASE"]


def new_session() -> tuple[str, str]:
    """A new member's token and username."""
    member = {"username": f"c-{uuid.uuid4().hex[:12]}", "password": "contract-password"}
    requests.post(f"{BASE}/users", json=member, timeout=10).raise_for_status()
    response = requests.post(f"{BASE}/sessions", json=member, timeout=10)
    response.raise_for_status()
    return response.json()["token"], member["username"]


@schemathesis.auth()
class KiwiSession:
    def get(self, case, ctx):
        return new_session()

    def set(self, case, session, ctx):
        token, username = session
        if case.method.upper() == "DELETE" and case.path == "/sessions":
            token, username = new_session()
        # A member may change only their own profile and avatar: ask as them, or every answer is 403.
        if case.method.upper() == "PUT" and case.path.startswith("/users/{username}"):
            case.path_parameters = {**(case.path_parameters or {}), "username": username}
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {token}"
