"""Two servers on one PostgreSQL behind nginx (issue 26), the fast part of the proof: kill -9 of one
under writes loses no acknowledged write; a rolling restart under reads fails no GET; the same
device adding photos and tracking a habit on both servers at once gets no duplicate, no gap and one
track per day.

Needs the test run's PostgreSQL (`APPDECK_TEST_DATABASE_URL`, which `scripts/test.sh` sets) and
nginx; each module run makes a database of its own there and drops it.
"""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from chaos_upstream import ChaosUpstream
from conftest import APPDECK_BIN
from harness import REPO, Client, Device, Server

sys.path.insert(0, str(REPO / "deploy"))
import local_nginx  # noqa: E402
from local_nginx import free_port  # noqa: E402
from local_postgres import scratch_database, server_url  # noqa: E402


class TwoServers:
    """Two `appdeck` servers on fixed ports (so a restarted one takes its place behind nginx
    again), one database and key folder, and nginx in front."""

    def __init__(self, database: str, work: Path, extra_args: list[str] = ()):
        self.database = database
        self.extra_args = list(extra_args)
        self.upstream = ChaosUpstream(tokens={}, photo_count=200)  # jsonplaceholder's list for Photos
        self.work = work
        self.keys = work / "keys"
        subprocess.run([str(APPDECK_BIN), "keys", "init", "--key-dir", str(self.keys)], check=True, capture_output=True)
        self.ports = [free_port(), free_port()]
        self.servers = [self.start(index) for index in range(2)]
        self.proxy_port = free_port()
        local_nginx.start(work / "nginx", self.proxy_port, [f"127.0.0.1:{port}" for port in self.ports])
        self.proxy = f"http://127.0.0.1:{self.proxy_port}"

    def start(self, index: int) -> Server:
        return Server(APPDECK_BIN, data_dir=self.work / f"server{index}", port=self.ports[index],
                      args=["--log-level", "info", "--key-dir", str(self.keys), "--trusted-proxies", "127.0.0.1",
                            "--photos-api-url", self.upstream.url, "--metrics-port", "0", *self.extra_args],
                      env={"APPDECK_DATABASE_URL": self.database}).start()

    def restart(self, index: int, kill: bool = False) -> None:
        old = self.servers[index]
        if kill:
            old.kill()
        else:
            code, _ = old.terminate(10)
            assert code == 0, f"server {index} exited {code} on SIGTERM"
        self.servers[index] = self.start(index)

    def close(self) -> None:
        local_nginx.stop(self.work / "nginx")
        for server in self.servers:
            server.stop()
            server.cleanup()
        self.upstream.stop()


@pytest.fixture(scope="module")
def two():
    if not server_url():
        pytest.fail("APPDECK_TEST_DATABASE_URL is not set: run the tests through scripts/test.sh, which starts PostgreSQL")
    assert shutil.which("nginx"), "nginx is missing: scripts/test.sh installs it"
    work = Path(tempfile.mkdtemp(prefix="appdeck-two-"))
    work.chmod(0o755)
    cluster = None
    try:
        with scratch_database("rel_two") as database:
            try:
                cluster = TwoServers(database, work)
                yield cluster
            finally:
                if cluster:
                    cluster.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def car(model: str) -> dict:
    return {"manufacturer": "Lada", "model": model, "body": "suv", "yearOfIssue": "1977", "carNumber": "", "filter": ""}


def test_kill9_under_writes_loses_no_acknowledged_write(two):
    acknowledged: list[tuple[Device, str]] = []
    failed: list[int] = []
    lock = threading.Lock()
    stop = threading.Event()

    def writer(number: int) -> None:
        device = Device(two.proxy)
        sent = 0
        while not stop.is_set():
            model = f"k9-{number}-{sent}"
            sent += 1
            try:
                status = device.post("/cars", car(model)).status
            except OSError:
                status = 0
            with lock:
                (acknowledged.append((device, model)) if status == 303 else failed.append(status))
            # About 20 posts a second each: 4 writers for 4 s stay inside the write rate (200 a
            # device, 600 an address at once, nginx's and the servers'), so a 429 here would be a fault.
            stop.wait(0.05)

    writers = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in writers:
        thread.start()
    time.sleep(1.5)
    two.servers[0].kill()
    time.sleep(2.5)
    stop.set()
    for thread in writers:
        thread.join(30)
    two.restart(0, kill=True)

    assert len(acknowledged) > 40, f"too few writes to tell anything: {len(acknowledged)}"
    # Errors only for requests in flight on the killed server: at most one per writer.
    assert len(failed) <= len(writers), f"{len(failed)} failed writes: {failed}"
    # Every acknowledged car is listed, whichever server is asked.
    by_device: dict[int, tuple[Device, list[str]]] = {}
    for device, model in acknowledged:
        by_device.setdefault(id(device), (device, []))[1].append(model)
    for device, models in by_device.values():
        for base in (f"http://127.0.0.1:{port}" for port in two.ports):
            page = Client(base).request("GET", f"/cars?limit={len(models) + 10}", headers=device.headers()).text
            missing = [m for m in models if f'car__title">Lada {m}</span>' not in page]
            assert not missing, f"{len(missing)} acknowledged cars missing on {base}: {missing[:5]}"


def test_rolling_restart_fails_no_get(two):
    device = Device(two.proxy)
    assert device.add_car("Lada", "rolling").status == 303
    failures: list[str] = []
    served = [0]
    stop = threading.Event()

    def reader() -> None:
        client = Client(two.proxy)
        while not stop.is_set():
            for path in ("/", "/cars", "/habits"):
                try:
                    status = client.request("GET", path, headers=device.headers()).status
                except OSError as error:
                    status, client = repr(error), Client(two.proxy)
                if status != 200:
                    failures.append(f"{path}: {status}")
                served[0] += 1

    readers = [threading.Thread(target=reader) for _ in range(3)]
    for thread in readers:
        thread.start()
    time.sleep(0.5)
    for index in (0, 1):
        two.restart(index)
        time.sleep(0.5)
    stop.set()
    for thread in readers:
        thread.join(30)
    assert served[0] > 100
    assert not failures, f"{len(failures)} failed GETs of {served[0]}: {failures[:5]}"


def test_both_servers_at_once_no_duplicate_no_gap_one_track_a_day(two):
    device = Device(f"http://127.0.0.1:{two.ports[0]}")
    bases = [f"http://127.0.0.1:{port}" for port in two.ports]
    assert device.add_habit("Water").status == 303
    listing = Client(bases[0]).request("GET", "/habits", headers=device.headers()).text
    habit = re.search(r'action="/habits/(\d+)/track"', listing).group(1)

    def at_once(path: str, rounds: int) -> list[int]:
        statuses: list[int] = []
        barrier = threading.Barrier(2)

        def post(base: str) -> None:
            client = Client(base)
            for _ in range(rounds):
                barrier.wait()
                body = urllib.parse.urlencode({"_csrf": device.token})
                headers = device.headers({"Content-Type": "application/x-www-form-urlencoded", "Origin": base})
                statuses.append(client.request("POST", path, body, headers).status)

        threads = [threading.Thread(target=post, args=(base,)) for base in bases]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        return statuses

    assert set(at_once("/photos/add", 10)) == {303}
    page = Client(bases[1]).request("GET", "/photos", headers=device.headers()).text
    # The list's photos; the page also carries an empty item (id 0) its script fills in.
    ids = [int(value) for value in re.findall(r'data-photo-id="(\d+)"', page) if value != "0"]
    assert len(ids) == 20 and len(set(ids)) == 20, f"duplicates: {sorted(ids)}"
    assert sorted(ids) == list(range(min(ids), min(ids) + 20)), f"a gap: {sorted(ids)}"

    assert set(at_once(f"/habits/{habit}/track", 5)) <= {303, 200}
    exported = Client(bases[1]).request("GET", "/habits/export.csv", headers=device.headers()).text
    days = [row["day"] for row in csv.DictReader(io.StringIO(exported)) if row["habit_id"] == habit and row["state"] == "done"]
    assert len(days) == 1 and days[0], f"tracks of the habit: {days}"
