#!/usr/bin/env python3
"""feditest's WebFinger server tests against a Kiwi server at https://kiwi.fedi.test (fediverse.py
sets it up: its own host name, TLS from an authority made for the run, port 80 leading to https),
with feditest's own WebFinger client (Imp) as the other side.

  kiwi_feditest.py TOOLBOX_BINARY TESTS [FILTER]

TESTS is a checkout of fediverse-devnet/feditest-tests-fediverse (its tests are not on PyPI, and
CI has no internet, so CI does not run this); FILTER a regular expression over the tests' names
(default: webfinger.server). Needs what fediverse.py needs, and feditest 0.5 in this Python. Prints
feditest's results as TAP, and exits with its status.
"""
import json
import os
import subprocess
import sys

from fediverse import HERE, KIWI, Toolbox, kiwi_up, run


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    binary, tests = sys.argv[1], os.path.abspath(sys.argv[2])
    pattern = sys.argv[3] if len(sys.argv) == 4 else "webfinger.server"
    status = []

    def tested(machine, authority):
        environment = dict(os.environ, SSL_CERT_FILE=authority)
        kiwi_up(machine, binary, environment)
        Toolbox(binary, machine, authority, "ada").member("ada")
        node = os.path.join(machine.work, "kiwi.node.json")
        with open(node, "w") as definition:
            json.dump({"nodedriver": "kiwi.KiwiNodeDriver", "parameters": {"hostname": KIWI}}, definition)
        status.append(subprocess.run(
            [sys.executable, "-c", "import sys; from feditest.cli import main; sys.exit(main())", "run",
             "--nodedriversdir", os.path.join(HERE, "feditest_drivers"), "--filter-regex", pattern,
             "--node", f"client={tests}/nodes/imp.node.json", "--node", f"server={node}", "--tap"],
            cwd=tests, env=environment).returncode)

    run({}, tested)
    sys.exit(status[0])


if __name__ == "__main__":
    main()
