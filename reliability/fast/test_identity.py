"""Who is asking (issue 12, found 9): a device cookie the server never issued is no identity (a new
one is issued instead), the server's own cookie round-trips; a state-changing request from another
origin is refused even with a valid CSRF token, as a second line behind the token.
"""

from __future__ import annotations

from harness import COOKIE, Client, cookie_value

NEVER_ISSUED = "0123456789abcdef0123456789abcdef"  # the old cookie's form: 32 lowercase hex digits


def test_never_issued_cookie_is_replaced(server):
    answer = Client(server.url).request("GET", "/", headers={"Cookie": f"{COOKIE}={NEVER_ISSUED}"})
    assert answer.status == 200
    issued = cookie_value(answer.headers)
    assert issued is not None, "a cookie the server never issued was accepted as an identity"
    assert issued != NEVER_ISSUED


def test_issued_cookie_round_trips(server):
    client = Client(server.url)
    issued = cookie_value(client.request("GET", "/").headers)
    assert issued
    again = client.request("GET", "/cars", headers={"Cookie": f"{COOKIE}={issued}"})
    assert again.status == 200
    assert cookie_value(again.headers) is None, "the server's own cookie was replaced"


def car(tag: str) -> dict:
    return {"manufacturer": "Lada", "model": f"Niva {tag}", "body": "suv", "yearOfIssue": "1977", "carNumber": ""}


def test_foreign_origin_is_refused(device):
    assert device.post("/cars", car("evil"), headers={"Origin": "http://evil.example"}).status == 403


def test_cross_site_fetch_without_origin_is_refused(device):
    # `device.post` sends our own Origin; a cross-site fetch here has none, only Sec-Fetch-Site.
    answer = device.client.request(
        "POST", "/cars", "_csrf=" + device.token + "&manufacturer=Lada&model=Niva&body=suv",
        device.headers({"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site"}))
    assert answer.status == 403


def test_same_origin_is_accepted(device):
    answer = device.post("/cars", car("own"), headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status == 303
    assert "Niva own" in device.get("/cars").text
