"""Fixtures of the web tests: the app in a TestClient, the app served by uvicorn
on a free port in a thread, and Debian's Chromium driven by Playwright.

Chromium is ``/usr/bin/chromium`` (``apt-get install chromium``; never
``playwright install``), launched with the flags of /work/shared/NOTES.md.
axe-core is ``node_modules/axe-core/axe.min.js`` (``npm install axe-core`` in the
repository), or the file ``$AXE_CORE_JS`` names.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Players

CHROMIUM = Path(os.environ.get("PYRAMIDE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--force-renderer-accessibility",
]
ROOT = Path(__file__).resolve().parent.parent.parent
AXE = Path(os.environ.get("AXE_CORE_JS", ROOT / "node_modules" / "axe-core" / "axe.min.js"))


def serve_command(folder: Path, *options: str) -> list[str]:
    """``pyramide serve`` with its players in ``folder``, run as the installed
    command runs (``launch.main``), with ``options``."""
    return [
        sys.executable,
        "-c",
        "from pyramide_a11y.launch import main; raise SystemExit(main())",
        "serve",
        "--data-dir",
        str(folder),
        *options,
    ]


@contextlib.contextmanager
def serving(folder: Path, *options: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``pyramide serve`` in its own process on a free port: its address (read from
    the line it prints once the port listens) and the process; Ctrl-C at the end."""
    server = subprocess.Popen(
        serve_command(folder, "--port", "0", *options), stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline())
        assert found is not None, "no address printed"
        yield found.group(0), server
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


def token_of(html: str) -> str:
    """The form token a page carries."""
    found = re.search(r'name="token" value="([^"]+)"', html)
    assert found is not None, "the page has no form token"
    return found.group(1)


JSON = {"accept": "application/json"}
"""The headers of the page's script: it asks for the JSON answer."""


@contextlib.contextmanager
def two_workers(folder: Path) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two workers' apps on one data folder, as ``pyramide serve --workers 2``
    runs them, with one browser's cookie on both after a draw on the first; and
    the form token."""
    with (
        TestClient(create_app(folder)) as first,
        TestClient(create_app(folder)) as second,
    ):
        token = token_of(first.get("/").text)
        first.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        yield first, second, token


def page_record_version(client: TestClient) -> int:
    """The version of the page record in the store of ``client``'s player (each
    form's turn at the store writes it); read in the player's turn."""
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None and player.sync is not None
    sync = player.sync
    return player.call(lambda: sync.read()[0]).result()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A new browser's worth of requests to a fresh app (its own data folder)."""
    app = create_app(tmp_path / "web")
    with TestClient(app, base_url="http://testserver") as test_client:
        yield test_client


class Served:
    """The app served on ``url`` by uvicorn in a thread until :meth:`stop`. The
    socket listens before the thread starts, so a request never races the start."""

    def __init__(self, data_dir: Path, **options: Any) -> None:
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(64)
        port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.app = create_app(data_dir, **options)
        config = uvicorn.Config(self.app, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )
        self.thread.start()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path / "web")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Any]:
    """Playwright's sync API; skipped where Debian's Chromium or axe-core is not
    installed, except in CI (``CI`` set: ``scripts/test`` installs both), where a
    missing one fails the run instead of hiding the browser tests."""
    missing = [
        f"{path}: {fix}"
        for path, fix in (
            (CHROMIUM, "apt-get install -y --no-install-recommends chromium"),
            (AXE, "npm install --no-save axe-core (scripts/test does)"),
        )
        if not path.is_file()
    ]
    if missing and os.environ.get("CI"):
        pytest.fail("; ".join(missing))
    if missing:
        pytest.skip("; ".join(missing))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Any) -> Iterator[Any]:
    """Headless Chromium, one for the whole run."""
    launched = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield launched
    launched.close()
