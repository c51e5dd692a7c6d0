"""The page is made after the player's turn at its store (issue 38: a database
connection held only inside the locked block). While Jinja makes a move's
fragment or the whole page, the player's lock is free for another worker (SQLite:
the folder's lock; PostgreSQL: the advisory lock, and with it the pooled
connection that held it), and what is made is what the turn wrote."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from pyramide_a11y.storage.locks import player_lock
from pyramide_a11y.storage.postgres import PgConnection
from pyramide_a11y.web.app import COOKIE, WebGame, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import token_of

JSON = {"accept": "application/json"}
T = TypeVar("T")


def _lock_free(player: Player) -> bool:
    """Whether another worker could take the player's lock now."""
    assert player.sync is not None
    conn = player.sync.store.conn
    if isinstance(conn, PgConnection):
        import psycopg

        with psycopg.connect(os.environ["PYRAMIDE_DATABASE"], autocommit=True) as other:
            row = other.execute(
                "SELECT pg_try_advisory_lock(hashtext(%s))", (conn.schema,)
            ).fetchone()
            if row is not None and row[0]:
                other.execute("SELECT pg_advisory_unlock(hashtext(%s))", (conn.schema,))
                return True
            return False
    with player_lock(player.folder, timeout=0.0) as taken:
        return taken


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[TestClient, str, Player]]:
    """A client, its form token and its player, kept on disk by a first draw."""
    app = create_app(tmp_path / "web")
    with TestClient(app) as client:
        token = token_of(client.get("/").text)
        client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        players: Players = app.state.players
        player = players.find(client.cookies.get(COOKIE))
        assert player is not None and player.sync is not None
        yield client, token, player


def _watch_renders(monkeypatch: pytest.MonkeyPatch, look: Callable[[str], T]) -> list[T]:
    """What ``look`` saw each time Jinja made a template (by its name), in order."""
    seen: list[T] = []
    render = WebGame.render

    def watched(self: WebGame, name: str, **values: Any) -> str:
        seen.append(look(name))
        return render(self, name, **values)

    monkeypatch.setattr(WebGame, "render", watched)
    return seen


def test_the_page_is_made_with_the_players_lock_let_go(
    kept: tuple[TestClient, str, Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, token, player = kept
    assert player.sync is not None
    seen = _watch_renders(monkeypatch, lambda name: (name, _lock_free(player)))
    moved = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
    assert client.get("/").status_code == 200
    assert moved.status_code == 200
    assert [name for name, _ in seen] == ["game.html", "page.html"]
    assert all(free for _, free in seen), seen
    # What was made is what the turn wrote: the answer the page record keeps.
    assert player.call(player.sync.read).result()[1] == moved.json()["answer"]


@pytest.mark.skipif(not on_postgres(), reason="PostgreSQL's pooled connections")
def test_no_pooled_connection_is_held_while_the_page_is_made(
    kept: tuple[TestClient, str, Player], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, token, player = kept
    assert player.sync is not None
    conn = player.sync.store.conn
    assert isinstance(conn, PgConnection)

    def busy(_name: str) -> int:
        stats = conn.pool.get_stats()
        return stats.get("pool_size", 0) - stats.get("pool_available", 0)

    in_use = _watch_renders(monkeypatch, busy)
    client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
    assert in_use == [0]
