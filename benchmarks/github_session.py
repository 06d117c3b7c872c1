"""What the GitHub benchmarks share: a device signed in against `e2e/github_api.py`, and what one
conditional request costs at the stand-in itself."""

from __future__ import annotations

import re
import statistics
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))
from github_api import TOKEN  # noqa: E402


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def sign_in(opener: urllib.request.OpenerDirector, base: str) -> str:
    """The session cookie of a device signed in with the stand-in's token."""
    with opener.open(base + "/github/sign-in") as response:
        cookie = response.headers["Set-Cookie"].split(";")[0]
        csrf = re.search(r'name="_csrf" value="([0-9a-f]+)"', response.read().decode()).group(1)
    body = urllib.parse.urlencode({"_csrf": csrf, "token": TOKEN}).encode()
    request = urllib.request.Request(base + "/github/sign-in", data=body, headers={"Cookie": cookie})
    try:
        opener.open(request)
    except urllib.error.HTTPError as redirect:
        assert redirect.code == 303 and redirect.headers["Location"] == "/github", redirect
    return cookie


def measured(log: Path, path: str, requests: int, get, healthz: float | None) -> tuple[float, str, bytes]:
    """`get(path)` `requests` times in a row, timed by the server's own `ms=` in the access log
    (whose path has no query; the log is emptied first): the median, the columns every GitHub
    benchmark prints (median, 90th percentile, ratio to `healthz`, to itself while None), and
    the last page."""
    log.write_text("")
    for _ in range(requests):
        page = get(path)
    time.sleep(0.3)  # the last lines reach the log
    logged = urllib.parse.urlsplit(path).path
    times = [float(m) for m in re.findall(rf"ms=([0-9.]+) \[\w+\] GET {re.escape(logged)} 200", log.read_text())]
    assert len(times) == requests, (path, len(times))
    median = statistics.median(times)
    return median, f"{median:10.3f} {statistics.quantiles(times, n=10)[-1]:8.3f} {median / (healthz or median):11.1f}x", page


def print_conditional_request(address: str, requests: int) -> None:
    """Prints the median time of one conditional request to the stand-in, from Python on the
    same machine (a 304): the floor under every upstream request a warm page makes."""
    with urllib.request.urlopen(urllib.request.Request(address, headers={"Authorization": f"Bearer {TOKEN}"})) as first:
        etag = first.headers["ETag"]
    samples = []
    for _ in range(requests):
        began = time.perf_counter()
        try:
            urllib.request.urlopen(urllib.request.Request(address, headers={"Authorization": f"Bearer {TOKEN}", "If-None-Match": etag}))
        except urllib.error.HTTPError as not_modified:
            assert not_modified.code == 304
        samples.append((time.perf_counter() - began) * 1000)
    print(f"one conditional request to the stand-in, from Python: median {statistics.median(samples):.3f} ms (304)")
