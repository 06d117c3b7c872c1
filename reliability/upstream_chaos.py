#!/usr/bin/env python3
"""Every app's upstream path through each upstream fault, under a small concurrent load (issue 21, section 4).

One stand-in (`chaos_upstream.py`) plays jsonplaceholder and GitHub on loopback. AppDeck is started
with `--photos-api-url` and `--github-api-url` pointing at it. Two tokens sign in through the form:
the attacker's (four devices) and the victim's (one device). Then, for each mode:

- the main server (its photo list loaded while the stand-in was healthy) gets, from the attacker's
  four devices at once, `/photos`, `POST /photos/add`, `/photos/thumbnails/<id>` (an id never asked
  before, so a cold fetch), `/github` and `/github/repositories/<id>`, while the thumbnails' host and
  the attacker's token are in the mode; the victim's device keeps asking its `/github` pages;
- a fresh "list" server (no archived list) starts while `/photos` is in the mode, and two devices
  ask `/photos` and `POST /photos/add` on it: the catalogue fetches the list once at start (and
  after a failure, with back-off), so only a server that starts under the fault meets it;
- `/healthz` of both servers is asked every 100 ms on a new connection (and the stand-in the same
  way, a control: slow at the same moments means the machine was), and the main server's resident
  memory is read before, during and 2 s after the mode.

Checks per mode: every answer within its route's deadline plus a margin; only designed statuses
(pages 200, the add 303, thumbnails 200 with the drawn fallback; GitHub's upstream failures 429,
502, 503, 504); `/healthz` always answered, slowest under 50 ms; the victim's pages 200 within 3 s;
the main server's RSS after at most 10% above before (a drop passes); nothing reached the stand-in's
other loopback port; both servers alive, and the list server exits 0 within 10 s of SIGTERM; no "Unhandled error"
and no 500 in the logs. Exits 1 if any check fails.

The mode `stalled_then_healthy` (issue 33, item 3) is a sequence rather than a fault: the attacker's
GitHub answers stall mid-body until every attacker page has met its deadline, the stand-in stalls 2 s
longer, then answers normally; the attacker's device must get a 200 within 1 s of that recovery, and
the victim's pages 200 within 3 s throughout (`stalled_then_healthy()`, also run by
`fast/test_upstream_recovery.py`).

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/upstream_chaos.py
       [--seconds-per-mode 12] [--modes stall_after_head,trickle,...,stalled_then_healthy] [--threads 4] [--margin 3]
About 2.5 minutes with the defaults (a mode lasts its seconds, then waits for the answers in flight:
up to GitHub's 15 s more when the stand-in holds).
"""

from __future__ import annotations

import argparse
import copy
import itertools
import os
import re
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field

from chaos_upstream import MODES, ChaosUpstreamProcess
from harness import Client, Device, Server, binary, healthz_ms, mib

ATTACKER_TOKEN = "ghp_" + "AttackerToken0123456789abcdefghijklmn"[:36]
VICTIM_TOKEN = "ghp_" + "VictimToken0123456789abcdefghijklmnop"[:36]
CHAOS_MODES = [mode for mode in MODES if mode != "healthy"]
# Not a fault of the stand-in but a sequence (issue 33, item 3): the attacker's answers stall
# mid-body until their deadline, the stand-in keeps stalling a little longer, then recovers; the
# attacker's device must be served again within RECOVERY_LIMIT of the recovery.
STALLED_THEN_HEALTHY = "stalled_then_healthy"
RECOVERY_LIMIT = 1.0
STALL_PAST_DEADLINE = 2.0

# The app's own deadlines, in seconds (the values in the Swift sources):
GITHUB_EXCHANGE = 15  # GitHubClient.configuration(requestTimeout: .seconds(15)): the whole exchange, turn included
LIST_READINESS = 5    # PhotosService(readinessTimeout: .seconds(5)): "Add element" waits this long for the list
THUMBNAIL_FETCH = 5   # ThumbnailPipeline.Configuration(timeout: .seconds(5)): one cold fetch, turn included
# JSONPlaceholderClient.configuration(requestTimeout: .seconds(20)) bounds the list's background
# fetch; no page waits for it (the list page renders what the catalogue has, the add waits 5 s).

# Route → what it may wait for upstream. `/github/repositories/<id>` asks the details and the list
# at once and the README only once the details came: 15 s whenever the details fail (every chaos
# mode here fails all of a token's requests), 30 s only if the details succeed and the README hangs.
ROUTE_BUDGET = {
    "GET /photos": 0, "POST /photos/add": LIST_READINESS, "GET /photos/thumbnails": THUMBNAIL_FETCH,
    "GET /github": GITHUB_EXCHANGE, "GET /github/repositories": GITHUB_EXCHANGE,
}
ROUTE_STATUSES = {
    "GET /photos": {200}, "POST /photos/add": {303}, "GET /photos/thumbnails": {200},
    "GET /github": {200, 429, 502, 503, 504}, "GET /github/repositories": {200, 429, 502, 503, 504},
}
HEALTHZ_LIMIT_MS = 50
VICTIM_LIMIT = 3.0
RSS_TOLERANCE = 0.10
CLIENT_TIMEOUT = 60
WARM_UP_THUMBNAILS = 5
# Where each attacker device starts in its round of five routes: thumbnails, /github, a repository, the add.
FIRST_STEPS = (2, 3, 4, 1)


@dataclass
class Answer:
    server: str   # "main" or "list"
    route: str
    status: int   # 0: no answer (connection error or client timeout)
    seconds: float
    fallback: bool = False
    alert: str = ""  # the failure word an add's redirect carries (`/photos?alert=timedOut`)


@dataclass
class ModeRun:
    mode: str
    answers: list[Answer] = field(default_factory=list)
    victim: list[Answer] = field(default_factory=list)
    healthz: dict[str, list[float | None]] = field(default_factory=lambda: {"main": [], "list": []})
    rss_before: int = 0
    rss_after: int = 0
    rss_peak: int = 0
    list_exit: tuple[int | None, float] = (None, 0.0)
    loopback_hits: dict[str, int] = field(default_factory=dict)
    log_problems: list[str] = field(default_factory=list)
    main_alive: bool = True
    server_healthz_ms: list[float] = field(default_factory=list)  # the main server's own timing (access log)
    load_average: float = 0.0
    control_ms: list[float | None] = field(default_factory=list)  # the stand-in probed like /healthz
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, answer: Answer, victim: bool = False) -> None:
        with self.lock:
            (self.victim if victim else self.answers).append(answer)


# --------------------------------------------------------------------------- devices and requests

def signed_in_device(base_url: str, token: str) -> Device:
    device = Device(base_url, timeout=CLIENT_TIMEOUT)
    answer = device.post("/github/sign-in", {"token": token})
    if answer.status != 303:
        raise SystemExit(f"sign-in with {token[:8]}… answered {answer.status}, not 303: {answer.text[:300]}")
    return device


def timed(device: Device, server: str, route: str, method: str, path: str) -> Answer:
    began = time.monotonic()
    try:
        response = device.post(path, {}) if method == "POST" else device.get(path)
    except OSError:
        device.client.close()
        return Answer(server, route, 0, time.monotonic() - began)
    seconds = time.monotonic() - began
    fallback = route == "GET /photos/thumbnails" and "max-age=60" in (response.header("Cache-Control") or "")
    alert = (response.header("Location") or "").partition("alert=")[2] if method == "POST" else ""
    return Answer(server, route, response.status, seconds, fallback, alert)


class ThumbnailIds:
    """Photo ids in turn, so each thumbnail asked is a cold fetch (until the 5,000 wrap around)."""

    def __init__(self, first: int, count: int):
        self._ids = itertools.cycle(range(first, count + 1))
        self._lock = threading.Lock()

    def next(self) -> int:
        with self._lock:
            return next(self._ids)


def main_server_load(device: Device, run: ModeRun, over: threading.Event, thumbnails: ThumbnailIds,
                     repository_ids: list[int], first_step: int) -> None:
    """One attacker device: every route of both apps in turn, from `first_step`, until the mode is
    over. The devices start at different routes, so that when the slow routes hold a device for
    their whole deadline each of them is still asked in a short mode."""
    for turn in itertools.count():
        if over.is_set():
            return
        steps = [("GET /photos", "GET", "/photos"), ("POST /photos/add", "POST", "/photos/add"),
                 ("GET /photos/thumbnails", "GET", f"/photos/thumbnails/{thumbnails.next()}"),
                 ("GET /github", "GET", "/github"),
                 ("GET /github/repositories", "GET", f"/github/repositories/{repository_ids[turn % len(repository_ids)]}")]
        for route, method, path in (steps[first_step:] + steps[:first_step] if turn == 0 else steps):
            if over.is_set():
                return
            run.record(timed(device, "main", route, method, path))


def list_server_load(device: Device, run: ModeRun, over: threading.Event) -> None:
    """A person on the list server: the list, then "Add element", every 100 ms until the mode is over."""
    while not over.wait(0.1):
        run.record(timed(device, "list", "GET /photos", "GET", "/photos"))
        if not over.is_set():
            run.record(timed(device, "list", "POST /photos/add", "POST", "/photos/add"))


def victim_load(device: Device, run: ModeRun, over: threading.Event, repository_ids: list[int]) -> None:
    for turn in itertools.count():
        if over.wait(0.3):
            return
        run.record(timed(device, "main", "GET /github", "GET", "/github"), victim=True)
        path = f"/github/repositories/{repository_ids[turn % len(repository_ids)]}"
        run.record(timed(device, "main", "GET /github/repositories", "GET", path), victim=True)


def healthz_sampler(url: str, samples: list, stop: threading.Event) -> None:
    while not stop.wait(0.1):
        samples.append(healthz_ms(url))


def control_sampler(url: str, samples: list, stop: threading.Event) -> None:
    """The same probe against the stand-in (a Python process of its own, doing nothing per request):
    when it is slow at the same moments as /healthz, the machine was, not AppDeck."""
    while not stop.wait(0.1):
        began = time.monotonic()
        try:
            answered = Client(url, 2).request("GET", "/__mode").status == 200
        except OSError:
            answered = False
        samples.append((time.monotonic() - began) * 1000 if answered else None)


def rss_sampler(server: Server, run: ModeRun, stop: threading.Event) -> None:
    while not stop.wait(0.2):
        run.rss_peak = max(run.rss_peak, server.rss_kb())


def start_thread(target, *args) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


# --------------------------------------------------------------------------- one mode

def run_mode(mode: str, options, upstream: ChaosUpstreamProcess, main: Server, attackers: list[Device],
             victim: Device, thumbnails: ThumbnailIds) -> ModeRun:
    """One mode: the faults set, a fresh list server started under them, the load for the mode's
    seconds (then the answers in flight awaited), the faults cleared, the figures read and judged."""
    run = ModeRun(mode)
    run.rss_before = main.rss_kb()
    log_mark = main.log_mark()
    loopback_before = upstream.loopback_hits()
    set_faults(upstream, mode)
    list_server = Server(binary(), args=upstream_args(upstream)).start()
    try:
        load_both(run, options, upstream, main, list_server, attackers, victim, thumbnails)
    finally:
        set_faults(upstream, "healthy")
        run.list_exit = list_server.terminate(10)
        list_problems = log_problems(list_server.log_text())
        list_server.cleanup()
    time.sleep(2)  # let freed memory settle before the second reading, as soak_memory.py does
    run.rss_after = main.rss_kb()
    run.main_alive = main.alive()
    run.loopback_hits = {path: count - loopback_before.get(path, 0) for path, count in upstream.loopback_hits().items()
                         if count > loopback_before.get(path, 0)}
    main_log = main.log_text(log_mark)
    run.server_healthz_ms = [float(ms) for ms in re.findall(r"ms=([\d.]+).*GET /healthz 200", main_log)]
    run.load_average = os.getloadavg()[0]
    run.log_problems = log_problems(main_log) + [f"(list server) {line}" for line in list_problems]
    judge(run, options)
    return run


def set_faults(upstream: ChaosUpstreamProcess, mode: str) -> None:
    """The photo list, the thumbnails' host and the attacker's token in `mode`; the victim's token stays healthy."""
    for family in ("list", "images"):
        upstream.set_mode(family, mode)
    upstream.set_mode("github", mode, token=ATTACKER_TOKEN)


def load_both(run: ModeRun, options, upstream: ChaosUpstreamProcess, main: Server, list_server: Server,
              attackers: list[Device], victim: Device, thumbnails: ThumbnailIds) -> None:
    """The attackers and the victim on the main server, two devices on the list server, the
    samplers on both, for the mode's seconds; then every answer in flight is awaited."""
    sampling_over, over = threading.Event(), threading.Event()
    samplers = [start_thread(healthz_sampler, main.url, run.healthz["main"], sampling_over),
                start_thread(healthz_sampler, list_server.url, run.healthz["list"], sampling_over),
                start_thread(control_sampler, upstream.url, run.control_ms, sampling_over),
                start_thread(rss_sampler, main, run, sampling_over)]
    list_devices = [Device(list_server.url, timeout=CLIENT_TIMEOUT) for _ in range(2)]
    for device in attackers:
        device.post("/photos/clear", {})  # a feed that grows mode after mode would make /photos slower
    attacker_ids = upstream.github.repository_ids(ATTACKER_TOKEN)
    load = [start_thread(main_server_load, device, run, over, thumbnails, attacker_ids, FIRST_STEPS[index % len(FIRST_STEPS)])
            for index, device in enumerate(attackers)]
    load += [start_thread(list_server_load, device, run, over) for device in list_devices]
    load.append(start_thread(victim_load, victim, run, over, upstream.github.repository_ids(VICTIM_TOKEN)))
    over.wait(options.seconds_per_mode)
    over.set()
    for thread in load:
        thread.join(CLIENT_TIMEOUT + 5)
    sampling_over.set()
    for thread in samplers:
        thread.join(5)
    for device in list_devices:
        device.close()


def upstream_args(upstream: ChaosUpstreamProcess) -> list[str]:
    return ["--photos-api-url", upstream.url, "--github-api-url", upstream.url]


def log_problems(log: str) -> list[str]:
    """Log lines for an unhandled error or a 500 answer (502–504 are the designed upstream pages)."""
    return [line for line in log.splitlines()
            if "Unhandled error" in line or ("ms=" in line and re.search(r"\s500\s*$", line))]


# --------------------------------------------------------------------------- stalled, then healthy

@dataclass
class Recovery:
    """What `stalled_then_healthy` saw: the stalled answers, the victim's, and how soon after the
    stand-in's recovery the attacker's device was served again."""
    stalled: list[Answer] = field(default_factory=list)
    victim: list[Answer] = field(default_factory=list)
    after_recovery: list[tuple[float, int]] = field(default_factory=list)  # (seconds since recovery, status)
    served_after: float | None = None
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def on_a_connection_of_its_own(device: Device) -> Device:
    """The same browser (cookie, token) on a new connection, so that its requests run at once."""
    twin = copy.copy(device)
    twin.client = Client(device.base_url, CLIENT_TIMEOUT)
    return twin


def stalled_then_healthy(upstream, attackers: list[Device], victim: Device, margin: float = 3.0,
                         recovery_limit: float = RECOVERY_LIMIT, stall_past_deadline: float = STALL_PAST_DEADLINE) -> Recovery:
    """Issue 33, item 3. The attacker's token stalls mid-body (head and one byte, then nothing):
    every attacker device asks `/github` twice and a repository page at once, more exchanges than
    the token's share of connections, and each is answered at its deadline (504, or 503 for one
    that never got a turn). The stand-in stalls `stall_past_deadline` seconds longer, then answers
    normally again, and from that moment the first attacker device asks `/github` every 50 ms:
    the first answer must be a 200 within `recovery_limit` seconds. The victim's token is
    answered meanwhile. Before the fix the device's share stayed taken and every later request
    waited out its deadline."""
    recovery = Recovery()
    repository = upstream.github.repository_ids(ATTACKER_TOKEN)[0]
    upstream.set_mode("github", "stall_after_head", token=ATTACKER_TOKEN)
    over = threading.Event()

    def ask(device: Device, route: str, path: str) -> None:
        answer = timed(on_a_connection_of_its_own(device), "main", route, "GET", path)
        with recovery.lock:
            recovery.stalled.append(answer)

    def victim_asks() -> None:
        while not over.wait(0.3):
            answer = timed(victim, "main", "GET /github", "GET", "/github")
            with recovery.lock:
                recovery.victim.append(answer)

    victim_thread = start_thread(victim_asks)
    stalled = [start_thread(ask, device, route, path) for device in attackers
               for route, path in (("GET /github", "/github"), ("GET /github", "/github"),
                                   ("GET /github/repositories", f"/github/repositories/{repository}"))]
    for thread in stalled:
        thread.join(GITHUB_EXCHANGE + margin + 5)
    time.sleep(stall_past_deadline)  # the host still stalls after every deadline has passed
    upstream.set_mode("github", "healthy", token=ATTACKER_TOKEN)
    recovered = time.monotonic()
    device = attackers[0]
    while (since := time.monotonic() - recovered) < recovery_limit + GITHUB_EXCHANGE + margin:
        answer = timed(device, "main", "GET /github", "GET", "/github")
        recovery.after_recovery.append((round(time.monotonic() - recovered, 3), answer.status))
        if answer.status == 200:
            recovery.served_after = time.monotonic() - recovered
            break
        time.sleep(0.05)
    over.set()
    victim_thread.join(CLIENT_TIMEOUT)

    failures = recovery.failures
    for answer in recovery.stalled:
        if answer.status not in (503, 504) or answer.seconds > GITHUB_EXCHANGE + margin:
            failures.append(f"stalled {answer.route}: {answer.status or 'no answer'} after {answer.seconds:.1f} s")
    if not any(answer.status == 504 for answer in recovery.stalled):
        failures.append("no stalled answer reached its deadline (504): the stand-in did not stall")
    if recovery.served_after is None or recovery.served_after > recovery_limit:
        first = recovery.after_recovery[0] if recovery.after_recovery else None
        failures.append(f"the stalled device was not served within {recovery_limit:g} s of recovery "
                        f"(served after {recovery.served_after if recovery.served_after is not None else 'never'}; first answer {first})")
    for answer in recovery.victim:
        if answer.status != 200 or answer.seconds > VICTIM_LIMIT:
            failures.append(f"victim {answer.route}: {answer.status or 'no answer'} after {answer.seconds:.1f} s")
    return recovery


def print_recovery(recovery: Recovery) -> None:
    print(f"\n== {STALLED_THEN_HEALTHY}")
    if recovery.stalled:
        print(f"  stalled attacker pages: {route_figures(recovery.stalled)}")
    if recovery.victim:
        print(f"  victim meanwhile:       {route_figures(recovery.victim)}")
    served = f"{recovery.served_after * 1000:.0f} ms" if recovery.served_after is not None else "never"
    print(f"  after recovery: the stalled device served again after {served} "
          f"({len(recovery.after_recovery)} request(s): {recovery.after_recovery[:5]})")
    print(f"  {'PASS' if not recovery.failures else 'FAIL'}" + "".join(f"\n    - {f}" for f in summarise(recovery.failures)))


# --------------------------------------------------------------------------- checks and figures

def deadline(route: str, margin: float) -> float:
    return ROUTE_BUDGET[route] + margin


def judge(run: ModeRun, options) -> None:
    failures = run.failures
    for answer in run.answers:
        if answer.status not in ROUTE_STATUSES[answer.route]:
            failures.append(f"{answer.server} {answer.route}: status {answer.status or 'none'} after {answer.seconds:.1f} s")
        elif answer.seconds > deadline(answer.route, options.margin):
            failures.append(f"{answer.server} {answer.route}: {answer.seconds:.1f} s > {deadline(answer.route, options.margin):.0f} s")
    for answer in run.victim:
        if answer.status != 200 or answer.seconds > VICTIM_LIMIT:
            failures.append(f"victim {answer.route}: {answer.status or 'no answer'} after {answer.seconds:.1f} s")
    if not run.victim:
        failures.append("the victim got no answer")
    for server, samples in run.healthz.items():
        missed = samples.count(None)
        slowest = max((s for s in samples if s is not None), default=0.0)
        if missed:
            failures.append(f"{server} /healthz missed {missed} time(s)")
        if slowest >= HEALTHZ_LIMIT_MS:
            failures.append(f"{server} /healthz slowest {slowest:.1f} ms ≥ {HEALTHZ_LIMIT_MS} ms")
    growth = rss_growth(run)
    if growth > RSS_TOLERANCE:  # a drop is memory given back (often the previous mode's peak), not a leak
        failures.append(f"main RSS {growth:+.1%} ({mib(run.rss_before)} → {mib(run.rss_after)})")
    code, seconds = run.list_exit
    if code != 0:
        failures.append(f"list server SIGTERM: exit {code} after {seconds:.1f} s")
    if run.loopback_hits:
        failures.append(f"requests reached the other loopback port: {run.loopback_hits}")
    if not run.main_alive:
        failures.append("main server died")
    failures.extend(f"log: {line[:160]}" for line in run.log_problems)


def rss_growth(run: ModeRun) -> float:
    return (run.rss_after - run.rss_before) / run.rss_before if run.rss_before else 0.0


def route_figures(answers: list[Answer]) -> str:
    times = sorted(a.seconds for a in answers)
    statuses = ",".join(f"{status}×{count}" for status, count in sorted(count_by(a.status for a in answers).items()))
    alerts = count_by(a.alert or "none" for a in answers if a.route == "POST /photos/add")
    if alerts:
        statuses += " alert " + ",".join(f"{word}×{count}" for word, count in sorted(alerts.items()))
    fallbacks = sum(a.fallback for a in answers)
    extra = f" fallback {fallbacks}" if answers and answers[0].route == "GET /photos/thumbnails" else ""
    return f"{len(answers):4d}  p50 {statistics.median(times):6.2f} s  max {times[-1]:6.2f} s  {statuses}{extra}"


def count_by(values) -> dict:
    counts: dict = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts


def print_mode(run: ModeRun, options) -> None:
    print(f"\n== {run.mode}")
    groups: dict[tuple[str, str], list[Answer]] = {}
    for answer in run.answers:
        groups.setdefault((answer.server, answer.route), []).append(answer)
    for (server, route), answers in sorted(groups.items()):
        print(f"  {server:<6} {route:<26} (≤ {deadline(route, options.margin):4.0f} s) {route_figures(answers)}")
    if run.victim:
        print(f"  victim {'GitHub pages':<26} (≤ {VICTIM_LIMIT:4.0f} s) {route_figures(run.victim)}")
    for server, samples in run.healthz.items():
        answered = [s for s in samples if s is not None]
        if answered:
            print(f"  {server:<6} /healthz: {len(samples)} samples, p50 {statistics.median(answered):.1f} ms, "
                  f"max {max(answered):.1f} ms, missed {samples.count(None)}")
    control = [ms for ms in run.control_ms if ms is not None]
    if control:
        print(f"  control: the stand-in probed the same way: p50 {statistics.median(control):.1f} ms, max {max(control):.1f} ms, "
              f"missed {run.control_ms.count(None)}")
    if run.server_healthz_ms:
        print(f"  main   /healthz in the server's access log: p50 {statistics.median(run.server_healthz_ms):.2f} ms, "
              f"max {max(run.server_healthz_ms):.2f} ms; machine load average (1 min) {run.load_average:.1f}")
    code, seconds = run.list_exit
    print(f"  main RSS {mib(run.rss_before)} → {mib(run.rss_after)} ({rss_growth(run):+.1%}, peak {mib(run.rss_peak)}); "
          f"list server SIGTERM: exit {code} after {seconds:.2f} s; other loopback port hit {run.loopback_hits or 0}")
    print(f"  {'PASS' if not run.failures else 'FAIL'}" + "".join(f"\n    - {f}" for f in summarise(run.failures)))


def summarise(failures: list[str], limit: int = 8) -> list[str]:
    unique = list(dict.fromkeys(failures))
    return unique[:limit] + ([f"… and {len(unique) - limit} more"] if len(unique) > limit else [])


def print_summary(runs: list[ModeRun]) -> None:
    print("\n== summary")
    print(f"  {'mode':<22} {'main statuses (GitHub pages)':<30} {'thumbs fb/all':<14} {'list server add alerts':<24} "
          f"{'slowest page':>12} {'healthz max':>12} {'RSS':>7} {'peak':>9}  verdict")
    for run in runs:
        github = count_by(a.status for a in run.answers if a.route.startswith("GET /github"))
        thumbs = [a for a in run.answers if a.route == "GET /photos/thumbnails"]
        adds = count_by(a.alert or "added" for a in run.answers if a.server == "list" and a.route == "POST /photos/add")
        slowest = max((a.seconds for a in run.answers), default=0.0)
        healthz = max((s for samples in run.healthz.values() for s in samples if s is not None), default=0.0)
        github_text = ",".join(f"{s}×{n}" for s, n in sorted(github.items()))
        add_text = ",".join(f"{s}×{n}" for s, n in sorted(adds.items()))
        print(f"  {run.mode:<22} {github_text:<30} {sum(a.fallback for a in thumbs):>4}/{len(thumbs):<9} {add_text:<24} "
              f"{slowest:>10.1f} s {healthz:>9.1f} ms {rss_growth(run):>+7.1%} {mib(run.rss_peak):>9}  {'PASS' if not run.failures else 'FAIL'}")


# --------------------------------------------------------------------------- main

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds-per-mode", type=float, default=12)
    parser.add_argument("--modes", default=",".join(CHAOS_MODES + [STALLED_THEN_HEALTHY]),
                        help="comma-separated, of: " + ", ".join(MODES + (STALLED_THEN_HEALTHY,)))
    parser.add_argument("--threads", type=int, default=4, help="attacker devices loading the main server at once")
    parser.add_argument("--margin", type=float, default=3.0, help="seconds allowed past a route's deadline")
    options = parser.parse_args()
    modes = [mode.strip() for mode in options.modes.split(",") if mode.strip()]
    if unknown := [mode for mode in modes if mode not in MODES and mode != STALLED_THEN_HEALTHY]:
        parser.error(f"unknown mode(s): {', '.join(unknown)}")

    upstream = ChaosUpstreamProcess({ATTACKER_TOKEN: "attacker", VICTIM_TOKEN: "victim"})
    main_server = Server(binary(), args=upstream_args(upstream)).start()
    runs: list[ModeRun] = []
    try:
        attackers = [signed_in_device(main_server.url, ATTACKER_TOKEN) for _ in range(options.threads)]
        victim = signed_in_device(main_server.url, VICTIM_TOKEN)
        thumbnails = ThumbnailIds(WARM_UP_THUMBNAILS + 1, upstream.photo_count)
        warm_up(main_server, attackers[0], victim, upstream)
        # One healthy mode at the full load, not judged: RSS "before" is then a server that has
        # already served load (its pools, arenas and caches made), as soak_memory.py seeds before
        # its first reading. Without it the first busy mode measured warm-up: four huge_body
        # rounds in a row gave +16.6%, +2.8%, +1.4%, +0.6%.
        run_mode("healthy", options, upstream, main_server, attackers, victim, thumbnails)
        print(f"stand-in {upstream.url}; main server {main_server.url} (pid {main_server.pid}), RSS {mib(main_server.rss_kb())} "
              f"after the warm-up; {options.threads} attacker devices, 1 victim; {options.seconds_per_mode:g} s per mode")
        recovery: Recovery | None = None
        for mode in modes:
            began = time.monotonic()
            if mode == STALLED_THEN_HEALTHY:
                recovery = stalled_then_healthy(upstream, attackers, victim, options.margin)
                print_recovery(recovery)
            else:
                runs.append(run_mode(mode, options, upstream, main_server, attackers, victim, thumbnails))
                print_mode(runs[-1], options)
            print(f"  ({time.monotonic() - began:.0f} s)")
        alive = main_server.alive()
    finally:
        main_server.stop()
        main_server.cleanup()
        upstream.stop()
    print_summary(runs)
    failed = [run.mode for run in runs if run.failures]
    if recovery is not None:
        served = f"{recovery.served_after * 1000:.0f} ms" if recovery.served_after is not None else "never"
        print(f"  {STALLED_THEN_HEALTHY:<22} the stalled device served again {served} after the recovery  "
              f"{'PASS' if not recovery.failures else 'FAIL'}")
        if recovery.failures:
            failed.append(STALLED_THEN_HEALTHY)
    print(f"main server alive at the end: {alive}")
    print("PASS" if alive and not failed else f"FAIL ({', '.join(failed) or 'server died'})")
    return 0 if alive and not failed else 1


def warm_up(server: Server, attacker: Device, victim: Device, upstream: ChaosUpstreamProcess) -> None:
    """Every route once while the stand-in is healthy: the list loaded, caches and pools made, so
    the first mode's RSS 'before' is not the server's first use."""
    for device, token in ((attacker, ATTACKER_TOKEN), (victim, VICTIM_TOKEN)):
        assert device.get("/github").status == 200
        assert device.get(f"/github/repositories/{upstream.github.repository_ids(token)[0]}").status == 200
    for _ in range(3):
        answer = attacker.post("/photos/add", {})
        if answer.status == 303 and "alert=" not in (answer.header("Location") or ""):
            break
    for photo_id in range(1, WARM_UP_THUMBNAILS + 1):
        attacker.get(f"/photos/thumbnails/{photo_id}")
    attacker.post("/photos/clear", {})
    time.sleep(1)


if __name__ == "__main__":
    sys.exit(main())
