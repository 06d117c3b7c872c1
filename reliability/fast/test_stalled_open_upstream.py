"""Issue 46, item 1: the GitHub lock-out, as the round-four probe reproduced it. The stand-in is
Python's `ThreadingHTTPServer` speaking HTTP/1.1 (`chaos_upstream.py`'s `stall_kept_open` mode):
it answers 200 with the whole body's `Content-Length`, writes one byte, sleeps, and then waits
for the next request **on the same connection**, so a client that does not close a connection
whose answer was cut off mid-body waits on it forever.

One device's `/github` meets the stall and answers 504 at GitHub's 15 s deadline; the stand-in
is healthy from then on. Before the fix every later `/github` of that device answered 504 at
15 s, though each reached the stand-in; now the next is served at once, and the stalled
connection is closed at its deadline, not left established. About 20 s."""

from __future__ import annotations

import subprocess
import time

from chaos_upstream import ChaosUpstreamProcess
from upstream_chaos import ATTACKER_TOKEN, VICTIM_TOKEN, signed_in_device, upstream_args

from conftest import APPDECK_BIN
from harness import Server

STALL_SECONDS = 30.0  # longer than the 15 s deadline: the stand-in is still asleep when it passes


def established_to(port: int) -> int:
    """How many TCP connections to 127.0.0.1:`port` are established (`ss`, from iproute2)."""
    listing = subprocess.run(["ss", "-Htn", "state", "established", f"dport = :{port}"],
                             capture_output=True, text=True, check=True).stdout
    return len([line for line in listing.splitlines() if line.strip()])


def test_a_device_is_served_right_after_an_answer_stalled_on_a_kept_open_connection():
    upstream = ChaosUpstreamProcess({ATTACKER_TOKEN: "attacker", VICTIM_TOKEN: "victim"}, photo_count=20,
                                    stall_seconds=STALL_SECONDS)
    upstream_port = int(upstream.url.rsplit(":", 1)[1])
    server = Server(APPDECK_BIN, args=["--log-level", "info", *upstream_args(upstream)])
    try:
        server.start()
        attacker = signed_in_device(server.url, ATTACKER_TOKEN)
        victim = signed_in_device(server.url, VICTIM_TOKEN)
        assert attacker.get("/github").status == 200, "healthy before the stall"

        upstream.set_mode("github", "stall_kept_open", token=ATTACKER_TOKEN)
        began = time.monotonic()
        stalled = attacker.get("/github")
        took = time.monotonic() - began
        assert stalled.status == 504, f"the stalled /github answered {stalled.status}"
        assert 14 <= took <= 25, f"the stalled /github took {took:.1f} s, not GitHub's 15 s deadline"

        upstream.set_mode("github", "healthy", token=ATTACKER_TOKEN)
        # The stand-in still sleeps on the stalled connection; a client that kept it would wait there.
        for attempt in range(3):
            began = time.monotonic()
            answer = attacker.get("/github")
            took = time.monotonic() - began
            assert answer.status == 200, f"try {attempt + 1} after the recovery answered {answer.status} in {took:.1f} s"
            assert took < 1.0, f"try {attempt + 1} after the recovery took {took:.1f} s"
        assert victim.get("/github").status == 200
        # The stalled exchange's connection was closed at its deadline (ours: the stand-in never closes it).
        assert established_to(upstream_port) <= 2, "the stalled connection is still established"
        assert server.alive()
    finally:
        server.stop()
        server.cleanup()
        upstream.stop()
