"""Players bounded: a visit without a cookie leaves nothing on disk until the
player's first form, and at most ``max_players`` stay in memory (the least
recently seen is closed, its game saved, and taken up again when it comes back)."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import token_of


def players_of(client: TestClient) -> Players:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    return players


def me(client: TestClient) -> Player:
    player = players_of(client).find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def test_a_crawlers_visits_leave_no_folder(tmp_path: Path) -> None:
    root = tmp_path / "web" / "players"
    app = create_app(tmp_path / "web")
    with TestClient(app) as crawler:
        for _ in range(5):
            crawler.cookies.clear()
            assert crawler.get("/").status_code == 200
            assert crawler.get("/state").status_code == 200
        assert list(root.iterdir()) == []
        # The first form of a visitor keeps them: the deal they saw, on disk.
        page = crawler.get("/")
        shown = me(crawler).session.source.code
        crawler.post("/act", data={"token": token_of(page.text), "do": "draw"})
        assert [p.name for p in root.iterdir()] == [crawler.cookies.get(COOKIE)]
        player = me(crawler)
        assert not player.guest and player.session.source.code == shown
        assert player.session.game.moves == 1


def test_an_evicted_player_loses_nothing(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web", max_players=2)
    with TestClient(app) as alice, TestClient(app) as bob, TestClient(app) as carol:
        token = token_of(alice.get("/").text)
        alice.post("/act", data={"token": token, "do": "draw"})
        alice.post("/keys", data={"token": token, "on": "0"})
        before = me(alice)
        game = before.session.game
        kept = (game.position, game.moves, before.session.source.code)
        for other in (bob, carol):
            other.post("/act", data={"token": token_of(other.get("/").text), "do": "draw"})
        players = players_of(alice)
        assert alice.cookies.get(COOKIE) not in players._players  # pushed out, closed
        assert len(players._players) == 2
        page = alice.get("/")  # taken up again from the disk
        again = me(alice)
        assert again is not before
        game = again.session.game
        assert (game.position, game.moves, again.session.source.code) == kept
        assert again.letter_keys is False
        assert 'aria-pressed="false">' in page.text
        assert len(players._players) == 2


def test_guests_are_bounded_too(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web", max_players=3)
    with TestClient(app) as crawler:
        for _ in range(8):
            crawler.cookies.clear()
            crawler.get("/")
        assert len(players_of(crawler)._players) == 3
        assert list((tmp_path / "web" / "players").iterdir()) == []
