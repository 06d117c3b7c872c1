"""No request can stop the server (issue 21, item 1): a number in a path or a query is read by one
bounded parser. Over real HTTP against the real binary: the GET that killed the process
(`/stories/items/<gallery>/images/-9223372036854775808`) for every gallery the Items page links to,
then every linked URL with each of its numeric path segments and its `limit` set to extreme values.
Every answer is below 500 and the same process still answers `/healthz`.
The in-process sweep over the router's own route table is `Tests/WebTests/RouteExtremesTests.swift`.
"""

from __future__ import annotations

import re

EXTREMES = ["-9223372036854775808", "9223372036854775807", "9223372036854775808", "18446744073709551616",
            "-1", "0", "+5", "05", "1e9", "%2e%2e", "%FF%FE", "9" * 4096]


def links(device, page: str) -> set[str]:
    answer = device.get(page)
    assert answer.status == 200, page
    return {href.replace("&amp;", "&") for href in re.findall(r'href="(/[^"#]*)"', answer.text)}


def test_the_get_that_killed_the_server_is_a_404_for_every_gallery(server, device):
    galleries = {match for href in links(device, "/stories")
                 for match in re.findall(r"^/stories/items/([^/?]+)$", href)}
    assert galleries, "the Items page links to its stories and galleries"
    for gallery in sorted(galleries):
        for number in ["-9223372036854775808", "9223372036854775807", "0", "-1"]:
            answer = device.get(f"/stories/items/{gallery}/images/{number}")
            assert answer.status == 404, (gallery, number, answer.status)
    assert server.alive()
    assert device.get("/healthz").status == 200


def test_every_linked_number_set_to_extremes_answers_below_500(server, device):
    seen: set[str] = set()
    frontier = ["/", "/stories", "/cars", "/habits", "/photos", "/github", "/split", "/layouts"]
    while frontier and len(seen) < 60:
        page = frontier.pop(0)
        if page in seen:
            continue
        seen.add(page)
        frontier += sorted(links(device, page) - seen) if device.get(page).status == 200 else []
    numeric = [path for path in seen if re.search(r"/\d+(/|$)", path)]
    assert any(path.startswith("/stories/items/") for path in numeric), "a gallery image is among the pages"
    sent = 0
    for path in sorted(numeric) + ["/cars", "/habits"]:
        base = path.split("?", 1)[0]
        for value in EXTREMES:
            for variant in {re.sub(r"/\d+(?=/|$)", "/" + value, base), f"{base}?limit={value}"}:
                answer = device.get(variant)
                assert answer.status < 500, (variant[:120], answer.status)
                sent += 1
    assert sent > 30
    assert server.alive()
    assert device.get("/healthz").status == 200
