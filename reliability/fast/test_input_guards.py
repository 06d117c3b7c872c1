"""What a form sends cannot lead elsewhere or be stored differently from what was checked (issue 12,
found 5, 7 and 8): the language switch never redirects off the origin; the CSV export defuses cells a
spreadsheet would run as formulas (OWASP CSV injection); a time zone with a NUL byte is refused and
nothing is stored.
"""

from __future__ import annotations

import csv
import io
import sqlite3
import urllib.parse

import pytest


@pytest.mark.parametrize("target", ["/\t/evil.example", "//evil.example", "/\\evil.example", "/\\/evil.example",
                                    "http://evil.example/", "/\n/evil.example"])
def test_language_switch_never_redirects_off_the_origin(server, device, target):
    answer = device.post("/settings/language", {"language": "en", "returnTo": target})
    assert answer.status == 303
    location = answer.header("Location") or ""
    # What a browser does with it: drop tabs and line breaks, read backslashes as slashes.
    seen = location.translate({9: None, 10: None, 13: None}).replace("\\", "/")
    resolved = urllib.parse.urlsplit(urllib.parse.urljoin(server.url + "/", seen))
    assert seen.startswith("/") and not seen.startswith("//"), f"Location: {location!r}"
    assert resolved.netloc == urllib.parse.urlsplit(server.url).netloc, f"Location: {location!r}"


def export_names(device) -> list[str]:
    answer = device.get("/habits/export.csv")
    assert answer.status == 200
    rows = list(csv.DictReader(io.StringIO(answer.text, newline="")))
    return [row["name"] for row in rows]


def test_csv_export_defuses_formulas(server, device):
    risky = ['=HYPERLINK("http://x")', "+1", "-1", "@x"]
    for name in risky + ["Read a book"]:
        assert device.add_habit(name).status == 303, name
    # The form trims a leading tab, so that one goes straight into the database.
    with sqlite3.connect(server.db, timeout=10) as db:
        db.execute("INSERT INTO habit (deviceID, name, hour, minute, color, createdAt) "
                   "VALUES (?, ?, 8, 0, '#ff9500ff', '2026-01-01 08:00:00.000')", (device.device_id, "\tcmd"))
    db.close()
    names = export_names(device)
    for name in risky + ["\tcmd"]:
        assert "'" + name in names, f"{name!r} exported as {[n for n in names if name.strip() in n]}"
        assert name not in names
    assert "Read a book" in names


def test_time_zone_with_nul_is_refused_and_not_stored(server, device):
    answer = device.post("/device/time-zone", {"timeZone": "Europe/Warsaw\x00junk"})
    assert 400 <= answer.status < 500, answer.status
    with sqlite3.connect(server.db, timeout=10) as db:
        stored = db.execute("SELECT timeZone FROM device WHERE id = ?", (device.device_id,)).fetchall()
    db.close()
    assert all(row[0] is None for row in stored), f"stored {stored}"
    assert device.post("/device/time-zone", {"timeZone": "Europe/Warsaw"}).status == 204
