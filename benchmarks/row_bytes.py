"""Bytes a row adds to `/cars` and to `/habits` (issue 34): (page with N rows - page with none) / N,
uncompressed, in English, for rows with real text. One fresh server; one device for each count.

    python3 benchmarks/row_bytes.py [rows]      # APPDECK_BIN=<binary>, default .build/debug/appdeck
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import sys
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from appdeck_server import serving  # noqa: E402

CARS = [("Volkswagen", "Golf", "hatchback", "2015", "A 123-BC"), ("Lada", "Niva", "suv", "", ""),
        ("Toyota", "Camry", "sedan", "2019", "B 456-CD"), ("Škoda", "Octavia", "wagon", "2017", "")]
HABITS = ["Run 5 km", "Read twenty pages", "Drink water", "Stretch"]


class Device:
    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.opener.addheaders = [("Accept-Language", "en")]
        page = self.get("/habits/new")  # a sheet: a form with the token on every version of the page
        self.token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page).group(1)

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path) as response:
            return response.read().decode()

    def size(self, path: str) -> int:
        with self.opener.open(self.base + path) as response:
            return len(response.read())

    def post(self, path: str, fields: dict[str, str]) -> None:
        body = urllib.parse.urlencode({"_csrf": self.token, **fields}).encode()
        request = urllib.request.Request(self.base + path, data=body, headers={"Origin": self.base})
        with self.opener.open(request) as response:
            response.read()


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    binary = Path(os.environ.get("APPDECK_BIN") or ".build/debug/appdeck")
    with serving(binary) as server:
        empty = Device(server.base)
        full = Device(server.base)
        for number in range(rows):
            maker, model, body, year, plate = CARS[number % len(CARS)]
            full.post("/cars", {"manufacturer": maker, "model": model, "body": body, "yearOfIssue": year, "carNumber": plate})
            full.post("/habits", {"name": HABITS[number % len(HABITS)], "color": "#34c759", "time": "07:30"})
        for path in ("/cars", "/habits"):
            none, some = empty.size(path), full.size(path)
            print(f"{path}: {none} B with none, {some} B with {rows}: {(some - none) / rows:.0f} B a row")


if __name__ == "__main__":
    main()
