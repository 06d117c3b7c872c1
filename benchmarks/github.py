"""GitHub (issue 14) figures, one run of one release server on loopback: the server's own time for
the repository list and a repository's detail (with its README) once the ETag cache is warm, next
to `/healthz` measured the same way in the same run.

GitHub is `e2e/github_api.py` on loopback: it answers `If-None-Match` with 304, as GitHub does, so
a warm page costs the server its conditional requests (and GitHub no rate limit). `--requests`
sequential requests per route; the figure is the median of the access log's `ms=`. Run from the
repository root:

    swift build -c release --product appdeck
    python3 benchmarks/github.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import sys
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "e2e"))
from github_api import GitHubStandIn  # noqa: E402

from appdeck_server import serving  # noqa: E402
from github_session import NoRedirect, measured, print_conditional_request, sign_in  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path, default=REPO / ".build" / "release" / "appdeck")
    parser.add_argument("--requests", type=int, default=300)
    arguments = parser.parse_args()

    github = GitHubStandIn()
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with serving(arguments.bin, "--photos-api-url", "http://127.0.0.1:9", "--github-api-url", github.url,
                     prefix="github-bench-") as running:
            base, log = running.base, running.log
            cookie = sign_in(opener, base)
            routes = ["/healthz", "/github", "/github/repositories/1000"]

            def get(path: str) -> bytes:
                with opener.open(urllib.request.Request(base + path, headers={"Cookie": cookie, "Accept-Language": "en"})) as response:
                    assert response.status == 200, (path, response.status)
                    return response.read()

            for path in routes * 5:  # warm: every upstream answer is in the ETag cache now
                get(path)
            print(f"{'route':28} {'median ms':>10} {'p90 ms':>8} {'vs /healthz':>12} {'bytes':>8}  upstream per request")
            healthz = None
            for path in routes:
                asked = len(github.requests)
                conditional = sum(1 for _, headers in github.requests if "if-none-match" in headers)
                median, columns, page = measured(log, path, arguments.requests, get, healthz)
                healthz = healthz or median
                upstream = (len(github.requests) - asked) / arguments.requests
                revalidated = (sum(1 for _, headers in github.requests if "if-none-match" in headers) - conditional) / arguments.requests
                print(f"{path:28} {columns} {len(page):8,}  "
                      f"{upstream:.0f} ({revalidated:.0f} of them conditional)")
            print_conditional_request(github.url + "/user/repos?sort=updated&per_page=10", arguments.requests)
    finally:
        github.stop()

if __name__ == "__main__":
    main()
