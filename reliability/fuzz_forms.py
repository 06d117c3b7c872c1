#!/usr/bin/env python3
"""Fuzzed form posts never get a 5xx and are never reflected raw (issue 12, what held: keep it holding).

Hypothesis (fixed seed, fixed count) generates form posts to every POST route: the cars form and
delete, the habit form, update, delete, track and untrack, the time zone, the language switch and
the pretend login. Most carry the device's cookie, CSRF token and Origin so they reach the routes;
some use the `X-CSRF-Token` header, some carry no cookie or a wrong token, some are raw bytes rather
than a form. Every value may carry an HTML-injection marker (`<script>fzN</script>`,
`"><img src=x onerror=fzN>`); an HTML answer holding one unescaped is a failure, and so are the
stored pages (/cars, /habits, each habit's details) checked at the end.

Passes when no answer is 5xx, the server is alive at the end, nothing is reflected raw and the log
holds no 5xx or unhandled error.

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/fuzz_forms.py [--examples 2600] [--seed 12]
Needs hypothesis (python3 -m pip install hypothesis). About 30 s for 2,600 examples.
"""

from __future__ import annotations

import argparse
import collections
import re
import sqlite3
import sys
import urllib.parse

try:
    from hypothesis import HealthCheck, Phase, given, seed, settings, strategies as st
except ImportError:
    raise SystemExit("hypothesis is missing: python3 -m pip install hypothesis")

from harness import COOKIE, NO_WRITE_RATE, Device, Server, binary, server_errors

ROUTES = {
    "/cars": ["manufacturer", "model", "body", "yearOfIssue", "carNumber", "filter"],
    "/cars/{car}/delete": ["filter"],
    "/habits": ["name", "color", "time"],
    "/habits/{habit}": ["name", "color", "time"],
    "/habits/{habit}/delete": [],
    "/habits/{habit}/track": [],
    "/habits/{habit}/untrack": ["confirm"],
    "/device/time-zone": ["timeZone"],
    "/settings/language": ["language", "returnTo"],
    "/layouts/login": ["login", "password"],
}
INTERESTING = ["", " ", "suv", "sedan", "2000", "1885", "99999999999999999999", "-1", "#ff9500", "#FFF", "08:00",
               "25:61", "yes", "en", "ru", "xx", "/", "//evil.example", "/\t/evil.example", "Europe/Warsaw",
               "Europe/Warsaw\x00junk", "../../etc/passwd", "%00", "\u202e", "😀" * 50, "a" * 5000, "&amp;", "'\"<>"]
RAW_MARKER = re.compile(r"<script>fz\d+|<img src=x onerror=fz\d+")


def value() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(INTERESTING), st.text(max_size=120))


@st.composite
def post(draw, ids: dict[str, list[str]]) -> dict:
    route = draw(st.sampled_from(sorted(ROUTES)))
    path = route.replace("{car}", draw(st.sampled_from(ids["car"]))).replace("{habit}", draw(st.sampled_from(ids["habit"])))
    names = ROUTES[route] + draw(st.lists(st.sampled_from(["_csrf", "x", "name[]", "", "a=b"]), max_size=2))
    fields = [(name, draw(value())) for name in names if draw(st.booleans()) or name in ROUTES[route][:1]]
    if fields and draw(st.booleans()):  # inject a marker into one field
        index = draw(st.integers(0, len(fields) - 1))
        marker = draw(st.sampled_from(["<script>fz{}</script>", '"><img src=x onerror=fz{}>']))
        fields[index] = (fields[index][0], fields[index][1] + marker.format(draw(st.integers(0, 99999))))
    auth = draw(st.sampled_from(["form"] * 6 + ["header", "none", "bad-token"]))
    raw = draw(st.one_of(st.none(), st.binary(max_size=300))) if draw(st.integers(0, 9)) == 0 else None
    return {"path": path, "fields": fields, "auth": auth, "raw": raw}


def send(device: Device, case: dict):
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": device.base_url}
    fields = list(case["fields"])
    if case["auth"] in ("form", "bad-token"):
        fields.insert(0, ("_csrf", device.token if case["auth"] == "form" else "0" * 64))
    elif case["auth"] == "header":
        headers["X-CSRF-Token"] = device.token
    if case["auth"] != "none":
        headers["Cookie"] = f"{COOKIE}={device.cookie}"
    body = case["raw"] if case["raw"] is not None else urllib.parse.urlencode(fields).encode()
    return device.client.request("POST", case["path"], body, headers)


def raw_markers(answer) -> list[str]:
    if not (answer.header("Content-Type") or "").startswith("text/html"):
        return []
    return RAW_MARKER.findall(answer.text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=2600)
    parser.add_argument("--seed", type=int, default=12)
    options = parser.parse_args()

    server = Server(binary(), args=NO_WRITE_RATE).start()
    statuses: collections.Counter = collections.Counter()
    problems: list[str] = []
    try:
        device = Device(server.url)
        for i in range(3):
            device.add_car("Fuzz", f"Seed {i}")
            device.add_habit(f"Seed habit {i}")
        ids = {"car": ["1", "2", "3", "0", "999999", "abc", "-1"], "habit": ["1", "2", "3", "0", "999999", "abc", "%2e%2e"]}

        @seed(options.seed)
        @settings(max_examples=options.examples, database=None, deadline=None, phases=[Phase.explicit, Phase.generate],
                  suppress_health_check=list(HealthCheck))
        @given(post(ids))
        def fuzz(case: dict) -> None:
            try:
                answer = send(device, case)
            except OSError as error:
                problems.append(f"no answer ({error}) to {case}")
                device.client.close()
                return
            statuses[answer.status] += 1
            if answer.status >= 500:
                problems.append(f"{answer.status} for {case}")
            if "&lt;script&gt;fz" in answer.text or "&quot;&gt;&lt;img src=x onerror=fz" in answer.text:
                statuses["escaped"] += 1
            if found := raw_markers(answer):
                problems.append(f"raw {found[:2]} in the answer to {case}")

        fuzz()
        with sqlite3.connect(server.db, timeout=10) as db:
            habits = [row[0] for row in db.execute("SELECT id FROM habit WHERE deviceID = ?", (device.device_id,))]
        db.close()
        pages = ["/cars?limit=100000", "/habits"] + [f"/habits/{n}" for n in habits]
        for path in pages:
            answer = device.get(path)
            if answer.status >= 500 or raw_markers(answer):
                problems.append(f"GET {path}: {answer.status}, raw {raw_markers(answer)[:2]}")
        alive = server.alive()
        errors = server_errors(server.log_text())
    finally:
        server.stop()
        server.cleanup()

    escaped = statuses.pop("escaped", 0)
    print(f"{sum(statuses.values())} fuzzed posts (seed {options.seed}); answers: "
          + ", ".join(f"{code}: {count}" for code, count in sorted(statuses.items())))
    print(f"answers that echoed a marker, escaped: {escaped}")
    print(f"5xx answers: {sum(c for s, c in statuses.items() if s >= 500)}; raw reflections and other problems: "
          f"{len(problems)}; 5xx or unhandled-error log lines: {len(errors)}; server alive: {alive}")
    for line in (problems + errors)[:10]:
        print("   ", line[:300])
    ok = alive and not problems and not errors
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
