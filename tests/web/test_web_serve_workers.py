"""``pyramide serve --workers 2``, for real: one player's moves spread over both
worker processes, and a worker killed with ``kill -9`` in the middle of the game
loses nothing the player was told was done. On SQLite, or on PostgreSQL when
``PYRAMIDE_DATABASE`` is set (the workers inherit it)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from kit import process_alive

from pyramide_a11y.storage import Store
from pyramide_a11y.web.app import COOKIE

from .conftest import serve_command, serving, token_of

JSON = {"accept": "application/json"}
DRAWS = 16


def _worker_pids(server: int) -> list[int]:
    """The uvicorn workers among the children of the supervisor ``server``."""
    pids = []
    children = Path(f"/proc/{server}/task/{server}/children").read_text().split()
    for child in map(int, children):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command:
            pids.append(child)
    return pids


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[str], Path]]:
    folder = tmp_path / "web"
    with serving(folder, "--workers", "2", "--lang", "en") as (url, server):
        yield url, server, folder


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
def test_a_worker_killed_mid_game_loses_nothing_told(
    two_workers: tuple[str, subprocess.Popen[str], Path],
) -> None:
    url, server, folder = two_workers
    # A new connection for every request, so the kernel hands them to both workers.
    limits = httpx2.Limits(max_keepalive_connections=0)
    with httpx2.Client(base_url=url, timeout=30, limits=limits) as client:
        token = token_of(client.get("/").text)
        client.post("/type", data={"token": token, "line": "new PY1-P-AAAAAAB"}, headers=JSON)
        told, unanswered, killed = 0, 0, None
        while told < DRAWS:
            if told == DRAWS // 2 and killed is None:
                workers = _worker_pids(server.pid)
                assert len(workers) == 2, workers
                killed = workers[0]
                os.kill(killed, signal.SIGKILL)
            try:
                reply = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            except httpx2.TransportError:
                unanswered += 1  # never told: it may or may not have been played
                assert unanswered < 20, "the surviving worker never answered"
                continue
            assert reply.status_code == 200, reply.text
            told += 1
        player = client.cookies.get(COOKIE)
        final = client.get("/state", headers=JSON).json()
    assert player is not None
    server.send_signal(signal.SIGINT)
    server.wait(20)
    store, _ = Store.open(folder / "players" / player, player=player)
    assert store is not None
    try:
        (actions,) = store.conn.execute(
            "SELECT actions FROM games WHERE code = ? AND result IS NULL", ("PY1-P-AAAAAAB",)
        ).fetchone()
    finally:
        store.close()

    # Every draw the player was told of is kept; one never answered may be too.
    assert told <= actions <= told + unanswered
    assert final["answer"]  # and the page still answers, after the kill


def _serve(folder: Path, port: int, *options: str) -> tuple[subprocess.Popen[str], str]:
    """``pyramide serve --workers 2`` on ``port`` (0: a free one) with ``options``;
    it and its address."""
    command = serve_command(folder, "--port", str(port), "--workers", "2", *options)
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if found is None:
        server.kill()
        server.wait(10)
        pytest.fail(f"no address printed: {line!r}")
    return server, found.group(0)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc for the workers")
def test_kill_9_of_the_command_ends_its_workers_and_frees_the_port(tmp_path: Path) -> None:
    # Issue 36: the workers went on serving, and a restart could not have the port.
    server, url = _serve(tmp_path / "web", 0)
    try:
        with httpx2.Client(base_url=url, timeout=30) as client:
            assert client.get("/").status_code == 200  # the workers serve
        workers = _worker_pids(server.pid)
        assert len(workers) == 2, workers
        server.kill()
        server.wait(10)
        # The kernel tells each worker its command ended; each ends (an event
        # waited on, within a bound, not a pause).
        for _ in range(600):
            if not any(process_alive(pid) for pid in workers):
                break
            time.sleep(0.05)
        left = [pid for pid in workers if process_alive(pid)]
        for pid in left:  # not to leave them serving after a failure
            os.kill(pid, signal.SIGKILL)
        assert left == []
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    again, _ = _serve(tmp_path / "web", port)  # the port is free again
    again.send_signal(signal.SIGINT)
    again.wait(30)
