"""axe-core accessibility audit for Selenium pages.

axe-core's script ships inside PyPI packages. We fetch the wheel with `pip download --no-deps`
into `e2e/.cache/` (ignored by git), read `axe.min.js` straight out of the zip, and cache that
file, so nothing is installed into site-packages. `axe-playwright-python` carries a recent
axe-core; `axe-selenium-python` (a 2018 axe-core) is the fallback. When several wheels are at
hand, the newest axe-core (by the version in the script's banner) wins.

Set `AXE_REFRESH=1` to download again (e.g. to pick up a newer axe-core).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

CACHE = Path(__file__).resolve().parent / ".cache"
SCRIPT = CACHE / "axe.min.js"
PACKAGES = ("axe-playwright-python", "axe-selenium-python")
BLOCKING = ("serious", "critical")

_source: str | None = None


def _version(source: str) -> tuple[int, ...]:
    match = re.search(r"axe v(\d+)\.(\d+)\.(\d+)", source[:300])
    return tuple(int(part) for part in match.groups()) if match else (0,)


def _from_wheel(wheel: Path) -> str | None:
    with zipfile.ZipFile(wheel) as archive:
        members = [name for name in archive.namelist() if name.endswith("axe.min.js")]
        if not members:
            return None
        return archive.read(members[0]).decode("utf-8")


def _download(package: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
         "--quiet", package, "-d", str(CACHE)],
        check=False, timeout=300)


def axe_source() -> str:
    """The text of the newest axe-core script we can get (downloaded once, then cached)."""
    global _source
    if _source is not None:
        return _source
    if SCRIPT.exists() and not os.environ.get("AXE_REFRESH"):
        _source = SCRIPT.read_text(encoding="utf-8")
        return _source
    CACHE.mkdir(parents=True, exist_ok=True)
    candidates: list[tuple[tuple[int, ...], str, str]] = []
    for package in PACKAGES:
        wheel_prefix = package.replace("-", "_")
        if os.environ.get("AXE_REFRESH") or not list(CACHE.glob(f"{wheel_prefix}-*.whl")):
            _download(package)
        for wheel in sorted(CACHE.glob(f"{wheel_prefix}-*.whl")):
            source = _from_wheel(wheel)
            if source:
                candidates.append((_version(source), wheel.name, source))
        if candidates and package == PACKAGES[0]:
            break  # the preferred package delivered; the 2018 fallback cannot be newer
    if not candidates:
        raise RuntimeError(
            f"no axe.min.js found: `pip download --no-deps {PACKAGES[0]}` (or {PACKAGES[1]}) "
            f"into {CACHE} failed; PyPI must be reachable the first time")
    version, wheel, source = max(candidates)
    SCRIPT.write_text(source, encoding="utf-8")
    print(f"axe-core {'.'.join(map(str, version))} from {wheel}", file=sys.stderr)
    _source = source
    return source


def version() -> str:
    return ".".join(map(str, _version(axe_source())))


def audit(driver, context: str | None = None, options: dict | None = None) -> list[dict]:
    """Runs axe on the current page (or the `context` selector) and returns its violations."""
    if not driver.execute_script("return typeof window.axe === 'object' && !!window.axe.run"):
        driver.execute_script(axe_source())
    driver.set_script_timeout(60)
    result = driver.execute_async_script(
        """
        const [context, options, done] = arguments;
        axe.run(context || document, Object.assign({ resultTypes: ['violations'] }, options || {}))
          .then(r => done({ violations: r.violations }))
          .catch(e => done({ error: String(e && e.stack || e) }));
        """,
        context, options or {})
    if "error" in result:
        raise RuntimeError(f"axe.run failed: {result['error']}")
    return result["violations"]


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"[{v.get('impact')}] {v['id']}: {v['help']} ({v.get('helpUrl', '')})")
        for node in v.get("nodes", [])[:10]:
            lines.append(f"    at {json.dumps(node.get('target'))}: {node.get('html', '')[:200]}")
            summary = (node.get("failureSummary") or "").replace("\n", "\n       ")
            if summary:
                lines.append(f"       {summary}")
    return "\n".join(lines)


def assert_accessible(driver, page: str) -> list[dict]:
    """Fails when axe finds a serious or critical violation; returns all violations found."""
    violations = audit(driver)
    blocking = [v for v in violations if v.get("impact") in BLOCKING]
    minor = [v for v in violations if v.get("impact") not in BLOCKING]
    if minor:
        print(f"axe (minor/moderate) on {page} at {driver.appdeck_viewport}:\n{describe(minor)}")
    assert not blocking, (
        f"axe-core {version()} found serious/critical violations on {page} "
        f"at {driver.appdeck_viewport} ({driver.current_url}):\n{describe(blocking)}")
    return violations
