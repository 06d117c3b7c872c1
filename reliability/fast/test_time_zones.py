"""A device's time zone (issue 33, item 11): only IANA region zones, UTC and IANA's fixed offsets
(within ±14 h) are accepted from a browser; Foundation's custom offsets (`GMT+18`, `GMT+1400`),
POSIX rules (`EST5EDT`) and `Factory` are refused with 422 and not stored, and one stored before
the check was narrowed counts as no zone, so the page asks the browser again.
"""

from __future__ import annotations

import sqlite3
import time

import pytest

from harness import Device

REFUSED = ["GMT+18", "GMT-18", "GMT+1400", "Factory", "EST5EDT", "Etc/GMT-15", "US/Eastern", "right/Europe/Warsaw"]
ACCEPTED = ["Europe/Warsaw", "America/Argentina/Buenos_Aires", "Asia/Calcutta", "Pacific/Kiritimati", "UTC", "Etc/UTC",
            "Etc/GMT-14", "Etc/GMT+12"]


def stored_zone(server, device: Device) -> str | None:
    with sqlite3.connect(server.db, timeout=10) as db:
        row = db.execute("SELECT timeZone FROM device WHERE id = ?", (device.device_id,)).fetchone()
    return row[0] if row else None


@pytest.mark.parametrize("zone", REFUSED)
def test_a_zone_that_is_no_place_is_refused_and_not_stored(server, device, zone):
    assert device.post("/device/time-zone", {"timeZone": "Europe/Warsaw"}).status == 204
    assert device.post("/device/time-zone", {"timeZone": zone}).status == 422
    assert stored_zone(server, device) == "Europe/Warsaw"


@pytest.mark.parametrize("zone", ACCEPTED)
def test_region_zones_utc_and_iana_offsets_are_accepted(server, device, zone):
    assert device.post("/device/time-zone", {"timeZone": zone}).status == 204
    assert stored_zone(server, device) == zone


def test_a_zone_stored_before_the_check_counts_as_none(server, device):
    assert device.post("/device/time-zone", {"timeZone": "Europe/Warsaw"}).status == 204
    with sqlite3.connect(server.db, timeout=10) as db:
        db.execute("UPDATE device SET timeZone = 'GMT+18' WHERE id = ?", (device.device_id,))
    time.sleep(1.2)  # each server caches a device's preferences for one second
    page = device.get("/habits").text
    assert 'data-time-zone=""' in page, "a stored GMT+18 was still used"
