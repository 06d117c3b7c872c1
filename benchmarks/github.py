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
import re
import statistics
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "e2e"))
from github_api import TOKEN, GitHubStandIn  # noqa: E402

from appdeck_server import serving  # noqa: E402


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


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
            with opener.open(base + "/github/sign-in") as response:
                cookie = response.headers["Set-Cookie"].split(";")[0]
                csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', response.read().decode()).group(1)
            body = urllib.parse.urlencode({"_csrf": csrf, "token": TOKEN}).encode()
            request = urllib.request.Request(base + "/github/sign-in", data=body, headers={"Cookie": cookie})
            try:
                opener.open(request)
            except urllib.error.HTTPError as redirect:
                assert redirect.code == 303 and redirect.headers["Location"] == "/github", redirect
            routes = ["/healthz", "/github", "/github/repositories/1000"]

            def get(path: str) -> bytes:
                with opener.open(urllib.request.Request(base + path, headers={"Cookie": cookie, "Accept-Language": "en"})) as response:
                    assert response.status == 200, (path, response.status)
                    return response.read()

            for path in routes * 5:  # warm: every upstream answer is in the ETag cache now
                get(path)
            print(f"{'route':28} {'server median ms':>17} {'p90 ms':>8} {'vs /healthz':>12} {'bytes':>8}  upstream per request")
            healthz = None
            for path in routes:
                log.write_text("")
                asked = len(github.requests)
                conditional = sum(1 for _, headers in github.requests if "if-none-match" in headers)
                for _ in range(arguments.requests):
                    page = get(path)
                time.sleep(0.3)
                pattern = rf"ms=([0-9.]+) \[\w+\] GET {re.escape(path)} 200"
                times = [float(m) for m in re.findall(pattern, log.read_text())]
                median = statistics.median(times)
                healthz = healthz or median
                upstream = (len(github.requests) - asked) / arguments.requests
                revalidated = (sum(1 for _, headers in github.requests if "if-none-match" in headers) - conditional) / arguments.requests
                print(f"{path:28} {median:17.3f} {statistics.quantiles(times, n=10)[-1]:8.3f} {median / healthz:11.1f}x {len(page):8,}  "
                      f"{upstream:.0f} ({revalidated:.0f} of them conditional)")
            # What one conditional request costs at the stand-in itself (Python, same machine), the
            # floor under every upstream call above.
            with urllib.request.urlopen(urllib.request.Request(github.url + "/user/repos?sort=updated&per_page=10",
                                                               headers={"Authorization": f"Bearer {TOKEN}"})) as first:
                etag = first.headers["ETag"]
            samples = []
            for _ in range(arguments.requests):
                began = time.perf_counter()
                try:
                    urllib.request.urlopen(urllib.request.Request(github.url + "/user/repos?sort=updated&per_page=10", headers={
                        "Authorization": f"Bearer {TOKEN}", "If-None-Match": etag}))
                except urllib.error.HTTPError as not_modified:
                    assert not_modified.code == 304
                samples.append((time.perf_counter() - began) * 1000)
            print(f"one conditional request to the stand-in, from Python: median {statistics.median(samples):.3f} ms (304)")
    finally:
        github.stop()

if __name__ == "__main__":
    main()
