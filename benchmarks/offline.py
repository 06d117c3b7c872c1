"""Offline figures (issue 24), one server, one headless Chromium, Chromium's own timings:

- a saved page opened with the server process stopped: navigation start to first contentful paint,
  median over `--loads` loads of `/cars`, `/habits` and `/stories` (target: under 50 ms), beside
  the same browser's floor: a one-paragraph page from a `data:` URL;
- the same pages online with the service worker in control against the same browser told to bypass
  it (CDP `Network.setBypassServiceWorker`), alternating, median FCP and the navigation's
  responseEnd (target: at most 10% slower with the worker, thanks to navigation preload);
- MyHabits' outbox: `--ticks` queued posts (track and untrack of one habit, each for today) replayed
  into the running server, time to empty it, and the server's count after (target: under 5 s,
  none lost, none doubled: the habit ends tracked once).

Run from the repository root:

    swift build -c release --product appdeck
    python3 benchmarks/offline.py --bin .build/release/appdeck
"""

from __future__ import annotations

import argparse
import csv
import io
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import chromium  # noqa: E402

PAGES = ["/cars", "/habits", "/stories"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(binary: Path, port: int, data_dir: Path) -> subprocess.Popen:
    # --ticks queued posts from one device, replayed at once: past the write rate a person meets
    # (issue 34: 200 at once per device) for the default 500, so it is off here.
    process = subprocess.Popen([str(binary), "--port", str(port), "--data-dir", str(data_dir),
                                "--write-rate-per-owner", "off", "--write-rate-per-address", "off"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in process.stdout:
        if "serving" in line:
            return process
    raise SystemExit("server did not start")


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)


def timings(driver, url: str) -> tuple[float, float]:
    """(first contentful paint, responseEnd) of one navigation to `url`, in ms from its start."""
    driver.get(url)
    return driver.execute_async_script(
        """
        const done = arguments[0];
        const read = () => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          const nav = performance.getEntriesByType('navigation')[0];
          if (paint && nav) done([paint.startTime, nav.responseEnd]); else setTimeout(read, 20);
        };
        read();
        """)


def controlled(driver, base: str) -> None:
    driver.get(base + "/")
    driver.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0]())")
    driver.refresh()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", type=Path, default=Path(".build/release/appdeck"))
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--ticks", type=int, default=500)
    options = parser.parse_args()

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    data_dir = Path(tempfile.mkdtemp(prefix="appdeck-bench-offline-"))
    profile = Path(tempfile.mkdtemp(prefix="appdeck-bench-profile-"))
    server = start(options.bin, port, data_dir)
    driver = chromium(profile)
    try:
        controlled(driver, base)
        for page in PAGES:
            driver.get(base + page)

        # Online: with the worker, and bypassing it, alternating.
        with_worker, without = [], []
        for round_ in range(options.loads):
            for page in PAGES:
                driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
                with_worker.append(timings(driver, base + page))
                driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
                without.append(timings(driver, base + page))
        driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
        for page in PAGES:
            driver.get(base + page)  # the saved copies are the last ones received

        # The outbox: ticks queued in the page, replayed into the running server.
        driver.get(base + "/habits")
        token = driver.execute_script("return document.querySelector('[data-csrf]').dataset.csrf")
        created = driver.execute_async_script(
            """
            const [token, done] = arguments;
            fetch('/habits', { method: 'POST', body: new URLSearchParams({ _csrf: token, name: 'Bench', color: '#34c759', time: '08:00' }) })
              .then(() => done(true), () => done(false));
            """, token)
        assert created
        driver.get(base + "/habits")
        habit = driver.execute_script("return document.querySelector('.habit-card').dataset.habit")
        outbox = driver.execute_script("return document.querySelector('script[src*=\"/js/app.js\"]').src.replace('app.js', 'outbox.js')")
        replay_ms, left = driver.execute_async_script(
            """
            const [outboxURL, habit, ticks, done] = arguments;
            import(outboxURL).then(async ({ enqueue, pending, replayOutbox }) => {
              const token = document.querySelector('input[name="_csrf"]').value;
              const d = new Date();
              const day = `${d.getFullYear()}-${String(d.getMonth()+1).padStart(2,'0')}-${String(d.getDate()).padStart(2,'0')}`;
              for (let i = 0; i < ticks; i++) {
                const untrack = i % 2 === 1;
                await enqueue({ url: `/habits/${habit}/${untrack ? 'untrack' : 'track'}`,
                                fields: untrack ? { confirm: 'yes', day } : { day }, token });
              }
              const started = performance.now();
              await replayOutbox();
              done([performance.now() - started, (await pending()).length]);
            });
            """, outbox, habit, options.ticks + 1)
        export = driver.execute_async_script("fetch('/habits/export.csv').then(r => r.text()).then(arguments[0])")
        today = time.strftime("%Y-%m-%d")
        tracked = sum(1 for row in csv.DictReader(io.StringIO(export)) if row["name"] == "Bench" and row["day"] == today and row["state"] == "done")

        # Offline: the server process is stopped.
        stop(server)
        server = None
        offline = [timings(driver, base + page)[0] for _ in range(options.loads) for page in PAGES]
        # The floor: a one-paragraph page with our viewport, from a data: URL (no network at all).
        floor = [timings(driver, "data:text/html,<meta name=viewport content='width=device-width'><p>AppDeck</p>")[0]
                 for _ in range(options.loads)]

        def median(values, index=None):
            return statistics.median(v[index] if index is not None else v for v in values)

        print(f"pages: {', '.join(PAGES)}; {options.loads} loads each")
        print(f"offline, saved copy: FCP median {median(offline):.1f} ms, max {max(offline):.1f} ms (target < 50 ms)")
        print(f"the floor, a one-paragraph data: page: FCP median {median(floor):.1f} ms, max {max(floor):.1f} ms")
        fcp_with, fcp_without = median(with_worker, 0), median(without, 0)
        end_with, end_without = median(with_worker, 1), median(without, 1)
        print(f"online FCP median: worker {fcp_with:.1f} ms, bypassed {fcp_without:.1f} ms ({fcp_with / fcp_without:.2f}x, target <= 1.10x)")
        print(f"online responseEnd median: worker {end_with:.1f} ms, bypassed {end_without:.1f} ms ({end_with / end_without:.2f}x)")
        print(f"outbox: {options.ticks + 1} queued posts replayed in {replay_ms:.0f} ms, {left} left; "
              f"the habit is tracked today {tracked} time(s) (expected 1)")
    finally:
        driver.quit()
        if server is not None:
            stop(server)
        shutil.rmtree(data_dir, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
