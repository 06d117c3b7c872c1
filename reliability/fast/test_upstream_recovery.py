"""Issue 33, item 3: a device whose GitHub answers stalled mid-body is served again within a
second of GitHub's recovery (before the fix, every later request of that device waited out the
15 s deadline for minutes, while another device was served). The fast form of
`upstream_chaos.py --modes stalled_then_healthy`: one attacker device, about 20 s (GitHub's
15 s deadline, then 1 s more of stalling)."""

from __future__ import annotations

from chaos_upstream import ChaosUpstreamProcess
from upstream_chaos import ATTACKER_TOKEN, VICTIM_TOKEN, signed_in_device, stalled_then_healthy, upstream_args

from conftest import APPDECK_BIN
from harness import Server


def test_stalled_device_is_served_within_a_second_of_recovery():
    upstream = ChaosUpstreamProcess({ATTACKER_TOKEN: "attacker", VICTIM_TOKEN: "victim"}, photo_count=20)
    server = Server(APPDECK_BIN, args=["--log-level", "info", *upstream_args(upstream)])
    try:
        server.start()
        attacker = signed_in_device(server.url, ATTACKER_TOKEN)
        victim = signed_in_device(server.url, VICTIM_TOKEN)
        assert attacker.get("/github").status == 200, "healthy before the stall"
        recovery = stalled_then_healthy(upstream, [attacker], victim, stall_past_deadline=1.0)
        assert not recovery.failures, "\n".join(recovery.failures)
        assert recovery.served_after is not None and recovery.served_after <= 1.0
        assert recovery.victim, "the victim was asked while the attacker stalled"
        assert server.alive()
    finally:
        server.stop()
        server.cleanup()
        upstream.stop()
