"""GitHub's code, history, issues and search (issue 49), one run of one release server on loopback:
for each screen, the server's own time with the ETag cache warm as a ratio to `/healthz` measured
the same way in the same run, and its rate-limit use: how many API requests a first visit makes,
how many a second, and how many of those GitHub answers 304 (which do not count against the
rate limit).

GitHub is `e2e/github_api.py` on loopback (it answers `If-None-Match` with 304, as GitHub does,
and records every answer's status), with two more files on `hello-appdeck`'s `trunk`:
`Sources/App/Big.swift` and `Sources/App/Huge.swift`, the first 1,000 and 10,000 lines of this
repository's own Swift (`Sources/**/*.swift` in path order). Screens are visited once each, in the
order a person would (so a screen's "first visit" finds the repository's details already asked by
the screens before it), then once more; then each is asked `--requests` times in a row, and the
figure is the median of the access log's `ms=` (as `benchmarks/github.py`). Run from the
repository root:

    swift build --scratch-path /work/build-cars -c release --product appdeck
    python3 benchmarks/github_code.py --bin /work/build-cars/release/appdeck
"""

from __future__ import annotations

import argparse
import sys
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "e2e"))
from github_api import COMMITS, GitHubStandIn  # noqa: E402

from appdeck_server import serving  # noqa: E402
from github_session import NoRedirect, measured, print_conditional_request, sign_in  # noqa: E402

CODE = "/github/repos/octo-appdeck/hello-appdeck"

#: (what the row says, the address asked)
SCREENS = [
    ("`/healthz`", "/healthz"),
    ("tree: the repository's root (7 entries)", f"{CODE}/tree"),
    ("tree: a folder with a README (`Sources`)", f"{CODE}/tree?path=Sources"),
    ("file: 60 lines of Swift", f"{CODE}/blob?path=Sources/App/main.swift"),
    ("file: 1,000 lines of Swift", f"{CODE}/blob?path=Sources/App/Big.swift"),
    ("file: 10,000 lines of Swift", f"{CODE}/blob?path=Sources/App/Huge.swift"),
    ("commits (3)", f"{CODE}/commits"),
    ("one commit (3 files, 2 diffs)", f"{CODE}/commits/{COMMITS[0]['sha']}"),
    ("issues, open (3)", f"{CODE}/issues"),
    ("one issue (labels, 2 comments)", f"{CODE}/issues/7"),
    ("search (`swift`)", "/github/search?q=swift"),
]


def own_swift(lines: int) -> bytes:
    """The first `lines` lines of this repository's Swift sources, in path order."""
    collected: list[str] = []
    for path in sorted((REPO / "Sources").rglob("*.swift")):
        collected += path.read_text(encoding="utf-8").splitlines()
        if len(collected) >= lines:
            break
    return ("\n".join(collected[:lines]) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path, default=REPO / ".build" / "release" / "appdeck")
    parser.add_argument("--requests", type=int, default=200)
    arguments = parser.parse_args()

    github = GitHubStandIn()
    github.extra_files = {"Sources/App/Big.swift": own_swift(1_000), "Sources/App/Huge.swift": own_swift(10_000)}
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with serving(arguments.bin, "--photos-api-url", "http://127.0.0.1:9", "--github-api-url", github.url,
                     prefix="github-code-bench-") as running:
            base, log = running.base, running.log
            cookie = sign_in(opener, base)

            def get(path: str) -> bytes:
                request = urllib.request.Request(base + path, headers={"Cookie": cookie, "Accept-Language": "en"})
                with opener.open(request) as response:
                    assert response.status == 200, (path, response.status)
                    return response.read()

            def visit(path: str) -> tuple[int, int]:
                """One visit: the API requests it made, and how many were answered 304."""
                asked, answered = len(github.requests), len(github.statuses)
                get(path)
                time.sleep(0.05)  # the last answer's status is recorded before its body is sent
                return len(github.requests) - asked, github.statuses[answered:].count(304)

            first = {path: visit(path) for _, path in SCREENS}
            second = {path: visit(path) for _, path in SCREENS}
            for _, path in SCREENS * 3:  # warm
                get(path)

            print(f"{'screen':44} {'median ms':>10} {'p90 ms':>8} {'vs /healthz':>12} {'bytes':>9}  "
                  f"{'1st visit (304)':>16} {'2nd visit (304)':>16}")
            healthz = None
            for name, path in SCREENS:
                median, columns, page = measured(log, path, arguments.requests, get, healthz)
                healthz = healthz or median
                print(f"{name:44} {columns} {len(page):9,}  "
                      f"{first[path][0]:>10} ({first[path][1]}) {second[path][0]:>10} ({second[path][1]})")
            print_conditional_request(github.url + "/repos/octo-appdeck/hello-appdeck", arguments.requests)
    finally:
        github.stop()


if __name__ == "__main__":
    main()
