"""Photos (issue 13) figures, one run of one release server on loopback:

- a warm thumbnail route (`/photos/thumbnails/1`, in the memory cache) against `/healthz`, wrk
  `-t2 -c16` for `--seconds` each, as requests per second and their ratio;
- resident memory after start, then after `--thumbnails` distinct thumbnails were asked for once
  each (fetched from the stand-in, then kept by the memory cache up to its bound, 32 MiB);
- `/photos` holding `--shown` elements (added through the form): the server's median time for it
  alone (the access log's `ms=`, `--requests` sequential requests) and the page's bytes.

The photo service is `e2e/jsonplaceholder.py` on loopback, with one colour (one thumbnail URL) per
photo. Run from the repository root:

    swift build -c release --product appdeck
    python3 benchmarks/photos.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "e2e"))
from jsonplaceholder import JSONPlaceholder  # noqa: E402

from appdeck_server import serving  # noqa: E402


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def wrk(url: str, seconds: int) -> float:
    out = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", url], capture_output=True, text=True, check=True).stdout
    return float(re.search(r"Requests/sec:\s+([0-9.]+)", out).group(1))


class Browser:
    """A device: its issued cookie and CSRF token."""

    def __init__(self, base: str):
        self.base = base
        with urllib.request.urlopen(base + "/photos") as response:
            self.cookie = response.headers["Set-Cookie"].split(";")[0]
            self.token = re.search(r'name="_csrf" value="([0-9a-f]+)"', response.read().decode()).group(1)

    def add(self) -> int:
        body = urllib.parse.urlencode({"_csrf": self.token}).encode()
        request = urllib.request.Request(self.base + "/photos/add", data=body, headers={
            "Cookie": self.cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"})
        with urllib.request.urlopen(request) as response:
            return response.status

    def get(self, path: str) -> bytes:
        request = urllib.request.Request(self.base + path, headers={"Cookie": self.cookie, "Accept-Language": "en"})
        with urllib.request.urlopen(request) as response:
            return response.read()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path, default=REPO / ".build" / "release" / "appdeck")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--thumbnails", type=int, default=10_000)
    parser.add_argument("--shown", type=int, default=500)
    parser.add_argument("--requests", type=int, default=200)
    arguments = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")

    stand_in = JSONPlaceholder(count=max(arguments.thumbnails, arguments.shown), every_dead=0, distinct_colours=True)
    try:
        with serving(arguments.bin, "--photos-api-url", stand_in.url, prefix="photos-bench-") as running:
            process, base, log = running.process, running.base, running.log
            time.sleep(1.0)
            started = rss_mib(process.pid)
            urllib.request.urlopen(base + "/photos/thumbnails/1").read()
            healthz = wrk(base + "/healthz", arguments.seconds)
            thumbnail = wrk(base + "/photos/thumbnails/1", arguments.seconds)
            print(f"/healthz                    {healthz:9,.0f} req/s")
            print(f"/photos/thumbnails/1 (warm) {thumbnail:9,.0f} req/s   {thumbnail / healthz:.3f}x /healthz")

            began = time.monotonic()
            with ThreadPoolExecutor(8) as pool:
                sizes = list(pool.map(
                    lambda n: len(urllib.request.urlopen(f"{base}/photos/thumbnails/{n}").read()),
                    range(1, arguments.thumbnails + 1)))
            after = rss_mib(process.pid)
            print(f"{arguments.thumbnails:,} distinct thumbnails ({sum(sizes):,} bytes) in {time.monotonic() - began:.1f} s; "
                  f"RSS {started:.1f} MiB after start, {after:.1f} MiB after them "
                  f"(+{after - started:.1f} MiB; memory cache bound 32 MiB)")

            device = Browser(base)
            for _ in range(arguments.shown):
                assert device.add() == 200
            for _ in range(20):
                page = device.get("/photos")
            log.write_text("")
            for _ in range(arguments.requests):
                page = device.get("/photos")
            time.sleep(0.3)
            times = [float(m) for m in re.findall(r"ms=([0-9.]+) \[\w+\] GET /photos 200", log.read_text())]
            print(f"/photos with {page.count(b'data-photo-id=') - 1} shown: {len(page):,} bytes; server median "
                  f"{statistics.median(times):.3f} ms, p90 {statistics.quantiles(times, n=10)[-1]:.3f} ms over {len(times)} requests alone")
    finally:
        stand_in.stop()

if __name__ == "__main__":
    main()
