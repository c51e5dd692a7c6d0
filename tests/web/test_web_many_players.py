"""Many players on one worker (issue 36): open files ran out at about 337 players
on SQLite (three files each: the database, its WAL and shared memory), and the
rest were told their folder could not be written; every player had a thread of
its own (2,005 threads at 10,000 guests). Players past what the open-files limit
leaves are closed (their games saved) and taken up again when they come back,
and the players' calls share a few threads."""

from __future__ import annotations

import os
import resource
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import THREADS, Player, Players

from .conftest import token_of

JSON = {"accept": "application/json"}
PLAYERS = 120
HEADROOM = 400
"""Files left under the limit for the test: fewer than the players would hold
open if each kept its store (3 each), more than the worker needs besides."""


@pytest.fixture
def few_files() -> Iterator[None]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    in_use = len(os.listdir("/proc/self/fd"))
    resource.setrlimit(resource.RLIMIT_NOFILE, (in_use + HEADROOM, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _moves(player: Player) -> int:
    return player.call(lambda: player.session.game.moves).result()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files in /proc")
def test_many_players_each_play_and_keep_their_game(tmp_path: Path, few_files: None) -> None:
    threads_before = threading.active_count()
    app = create_app(tmp_path / "web")
    players: Players = app.state.players
    most_threads = 0
    with TestClient(app) as client:
        cookies = []
        for _ in range(PLAYERS):
            client.cookies.clear()
            token = token_of(client.get("/").text)
            reply = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            # Saved: no sentence about a folder that cannot be written.
            assert reply.status_code == 200 and len(reply.json()["answer"]) == 1, reply.text
            cookies.append((client.cookies.get(COOKIE), token))
            most_threads = max(most_threads, threading.active_count())
        # Each comes back to its own game, one draw played, and draws again.
        for cookie, token in cookies:
            client.cookies.clear()
            client.cookies.set(COOKIE, cookie or "")
            reply = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            assert reply.status_code == 200 and len(reply.json()["answer"]) == 1, reply.text
            player = players.find(cookie)
            assert player is not None
            assert _moves(player) == 2
    # The players' calls ran on the shared threads, not one each (the solver's
    # pool and the test client add a few of their own).
    assert most_threads - threads_before <= THREADS + 16
