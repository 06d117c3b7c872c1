"""Heavy uploads and a `/healthz` prober (issue 46, item 4), shared by `test_upload_parsing.py` and
`benchmarks/upload_parsing.py`."""

from __future__ import annotations

import http.client
import threading
import time
import urllib.parse
import uuid

from harness import Device


def heavy_csv(size: int) -> bytes:
    """A HabitBull CSV whose first name field is one quoted value of about `size` bytes: the most
    a parser must walk for one field (the import then refuses the name)."""
    header = b"HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
    return header + b'"' + b"x" * size + b'",,,2026-11-01,1,\n'


def upload(device: Device, data: bytes, path: str = "/habits/import") -> tuple[int, float, str | None]:
    """Posts `data` as the form's file, as a browser does: status, seconds, and `Retry-After`."""
    boundary = f"----upload{uuid.uuid4().hex[:12]}"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{device.token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="habitbull.csv"\r\n'
            f"Content-Type: text/csv\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    began = time.monotonic()
    answer = device.client.request("POST", path, body, device.headers({
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": device.base_url}))
    return answer.status, time.monotonic() - began, answer.header("Retry-After")


def probe_healthz(base_url: str, stop: threading.Event, latencies: list[float], every: float = 0.05) -> None:
    """Asks `/healthz` on a new connection every `every` seconds until `stop`, keeping each wait."""
    parts = urllib.parse.urlsplit(base_url)
    while not stop.is_set():
        began = time.monotonic()
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        try:
            connection.request("GET", "/healthz")
            connection.getresponse().read()
        finally:
            connection.close()
        latencies.append(time.monotonic() - began)
        stop.wait(every)


def uploads_beside_probe(base_url: str, devices: list[Device], data: bytes) -> tuple[list[tuple[int, float, str | None]], list[float]]:
    """Each device uploads `data` at once while `/healthz` is probed: the uploads' answers (status,
    seconds, `Retry-After`) and the probe's waits."""
    results: list[tuple[int, float, str | None]] = []
    lock = threading.Lock()
    stop = threading.Event()
    latencies: list[float] = []
    prober = threading.Thread(target=probe_healthz, args=(base_url, stop, latencies), daemon=True)
    prober.start()
    time.sleep(0.3)

    def send(device: Device) -> None:
        answer = upload(device, data)
        with lock:
            results.append(answer)

    senders = [threading.Thread(target=send, args=(device,)) for device in devices]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join(timeout=180)
    time.sleep(0.3)
    stop.set()
    prober.join(timeout=70)
    return results, latencies
