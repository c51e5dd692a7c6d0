"""One commit per move (issue 38): a move's saved action and the page record
written after it are one transaction on the player's SQLite store, so one disk
sync; what the player did is stored with its page all the same."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from pyramide_a11y.storage import Store
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import token_of

JSON = {"accept": "application/json"}

pytestmark = pytest.mark.skipif(on_postgres(), reason="counts SQLite's commits")


class Commits:
    """Counts the commits made on a SQLite connection: each ``COMMIT``, and each
    write run outside ``BEGIN`` … ``COMMIT`` (the connection autocommits it)."""

    def __init__(self) -> None:
        self.count = 0
        self._open = False

    def __call__(self, sql: str) -> None:
        word = sql.strip().split(None, 1)[0].upper() if sql.strip() else ""
        if word == "BEGIN":
            self._open = True
        elif word in ("COMMIT", "ROLLBACK"):
            self.count += word == "COMMIT"
            self._open = False
        elif word in ("INSERT", "UPDATE", "DELETE", "REPLACE") and not self._open:
            self.count += 1


def _player(app: object, client: TestClient) -> Player:
    players: Players = app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None and player.sync is not None
    return player


def _conn(player: Player) -> sqlite3.Connection:
    assert player.sync is not None
    store = player.sync.storage.store
    assert store is not None and isinstance(store.conn, sqlite3.Connection)
    return store.conn


def test_a_move_and_its_page_make_one_commit(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web")
    with TestClient(app) as client:
        token = token_of(client.get("/").text)
        client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        player = _player(app, client)
        assert player.sync is not None
        version = player.call(lambda: player.sync.read()[0]).result()  # type: ignore[union-attr]
        commits = Commits()
        _conn(player).set_trace_callback(commits)
        answer = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        _conn(player).set_trace_callback(None)
        assert answer.status_code == 200
        assert commits.count == 1
        # Both are stored: the move and the page showing its answer.
        stored, shown = player.call(player.sync.read).result()
        assert stored == version + 1
        assert shown == answer.json()["answer"]
    # A restart finds the move stored: both draws are in the game's record.
    store, _ = Store.open(player.folder)
    assert store is not None
    try:
        (listed,) = store.in_progress()
        record = store.load(listed.id)
        assert record is not None and len(record.tokens) == 2
    finally:
        store.close()


def test_a_refused_command_still_makes_one_commit(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web")
    with TestClient(app) as client:
        token = token_of(client.get("/").text)
        client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        player = _player(app, client)
        commits = Commits()
        _conn(player).set_trace_callback(commits)
        client.post("/act", data={"token": token, "line": "no such command"}, headers=JSON)
        _conn(player).set_trace_callback(None)
        assert commits.count == 1
