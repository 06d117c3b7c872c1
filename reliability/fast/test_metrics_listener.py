"""Metrics on a listener of their own (issue 33, item 4): the public port never answers for
metrics, however `/metrics` is spelled (nginx's `location = /metrics` protected one spelling while
the server also answered `/metrics/` and `/metrics//`); `--metrics-port` serves them on 127.0.0.1
unless `--metrics-host` says otherwise; without it none are kept or served.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
import urllib.parse

import pytest

from conftest import APPDECK_BIN
from harness import Client

SPELLINGS = ["/metrics", "/metrics/", "/metrics//", "//metrics", "/metrics/.", "/./metrics", "/metrics?x=1", "/METRICS",
             "/%6detrics", "/metrics%2f"]


def public_answers(base: str) -> dict[str, tuple[int, bool]]:
    """Each spelling of /metrics on the public port: its status and whether metrics text came back."""
    client = Client(base)
    try:
        answers = {}
        for path in SPELLINGS:
            for method in ("GET", "HEAD"):
                response = client.request(method, path)
                answers[f"{method} {path}"] = (response.status, "hb_requests" in response.text)
        return answers
    finally:
        client.close()


def test_the_public_port_never_answers_for_metrics(start_server):
    server = start_server(["--metrics-port", "0"])
    client = Client(server.url)
    assert client.request("GET", "/cars").status == 200
    client.close()
    answers = public_answers(server.url)
    assert all(answer == (404, False) for answer in answers.values()), answers


def test_the_metrics_listener_serves_them_on_loopback(start_server):
    server = start_server(["--metrics-port", "0"])
    parts = urllib.parse.urlsplit(server.metrics_url)
    assert parts.hostname == "127.0.0.1" and parts.path == "/metrics", server.metrics_url
    assert parts.port != server.port
    client = Client(server.url)
    assert client.request("GET", "/split").status == 200
    client.close()
    metrics = Client(server.metrics_url)
    try:
        # A request is counted once the server has finished it, which can be just after its client
        # has the whole answer (a scrape then still sees it among the active ones): ask again, briefly.
        deadline = time.monotonic() + 5
        while True:
            answer = metrics.request("GET", "/metrics")
            assert answer.status == 200
            if 'http_route="/split"' in answer.text or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8"
        assert 'http_route="/split"' in answer.text
        assert "/metrics" not in answer.text, "a scrape counted as a page request"
        # Metrics and nothing else: no page, no probe, on this port.
        assert {path: metrics.request("GET", path).status for path in ("/", "/cars", "/readyz", "/healthz")} == \
            {"/": 404, "/cars": 404, "/readyz": 404, "/healthz": 404}
    finally:
        metrics.close()


def test_without_a_metrics_port_none_are_served(server):
    assert server.metrics_url == ""
    answers = public_answers(server.url)
    assert all(answer == (404, False) for answer in answers.values()), answers
    assert "AppDeck metrics at" not in server.log_text()


def test_the_metrics_port_and_host_come_from_the_environment_too(start_server):
    server = start_server(env={"APPDECK_METRICS_PORT": "0", "APPDECK_METRICS_HOST": "::1"})
    assert server.metrics_url.startswith("http://[::1]:"), server.metrics_url
    metrics = Client(server.metrics_url)
    try:
        assert metrics.request("GET", "/metrics").status == 200
    finally:
        metrics.close()


@pytest.mark.parametrize("arguments, message", [
    (["--port", "8123", "--metrics-port", "8123"], "must differ from --port"),
    (["--metrics-port", "70000"], "from 0 to 65535"),
])
def test_a_metrics_port_that_cannot_be_is_refused(arguments, message):
    refused = subprocess.run([str(APPDECK_BIN), "--data-dir", tempfile.mkdtemp(prefix="appdeck-metrics-"), *arguments],
                             capture_output=True, text=True, timeout=30, env=os.environ)
    assert refused.returncode != 0
    assert message in refused.stderr, refused.stderr
