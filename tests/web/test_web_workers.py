"""Several workers, one player: any worker answers any request the same, and two
answering the same player at once never lose or double a move.

Each worker is an app of its own on the same data folder (on PostgreSQL, when
``PYRAMIDE_DATABASE`` is set, the same server), with its own players in memory,
as ``pyramide serve --workers N`` runs them; the tests send one browser's
requests (one cookie) to them in turn, then at once from two threads.
"""

from __future__ import annotations

import threading
from pathlib import Path

from starlette.testclient import TestClient

from pyramide_a11y.core.sources import coded_source
from pyramide_a11y.engine import Game, parse_code
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Players

from .conftest import token_of
from .test_web_browser import winnable_deal

JSON = {"accept": "application/json"}


def _moves_of(client: TestClient) -> int:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player.call(lambda: player.session.game.moves).result()


def test_workers_in_turn_play_one_game(tmp_path: Path) -> None:
    code, line = winnable_deal()
    one, two = create_app(tmp_path / "web"), create_app(tmp_path / "web")
    with TestClient(one) as first, TestClient(two) as second:
        token = token_of(first.get("/").text)
        first.post("/type", data={"token": token, "line": f"new {code}"}, headers=JSON)
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        source = coded_source(parse_code(code))
        expected = Game(source.layout, source.rules)
        for index, move in enumerate(line[:12]):
            worker, other = ((first, second), (second, first))[index % 2]
            typed = str(move)
            state = worker.post("/type", data={"token": token, "line": typed}, headers=JSON)
            assert state.status_code == 200, state.text
            expected.play(move)
            # The other worker shows the answer this one gave, on the same game.
            assert other.get("/state").json()["answer"] == state.json()["answer"]
        assert _moves_of(first) == _moves_of(second) == expected.moves > 0


def test_two_workers_at_once_never_lose_or_double_a_move(tmp_path: Path) -> None:
    code, _ = winnable_deal()
    one, two = create_app(tmp_path / "web"), create_app(tmp_path / "web")
    with TestClient(one) as first, TestClient(two) as second:
        token = token_of(first.get("/").text)
        first.post("/type", data={"token": token, "line": f"new {code}"}, headers=JSON)
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        draws = 8
        assert _draw_at_once(first, second, token, draws // 2) == [200] * draws
        # Every draw counted once, in either worker's view and in the store.
        assert _moves_of(first) == _moves_of(second) == draws


def test_the_rate_limit_is_one_for_every_worker(tmp_path: Path) -> None:
    # Three commands at once, then one a thousand seconds: a player sending to two
    # workers gets the same three, not three from each.
    apps = [create_app(tmp_path / "web", burst=3, per_second=0.001) for _ in range(2)]
    with TestClient(apps[0]) as first, TestClient(apps[1]) as second:
        token = token_of(first.get("/").text)
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        statuses = [
            worker.post("/act", data={"token": token, "do": "draw"}, headers=JSON).status_code
            for worker in (first, second, first, second, first, second)
        ]
    assert statuses == [200, 200, 200, 429, 429, 429]


def test_forwarded_https_is_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    forwarded = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7"}
    trusted = create_app(tmp_path / "one", trusted_proxies="testclient")
    with TestClient(trusted) as client:
        cookie = client.get("/", headers=forwarded).headers["set-cookie"]
    assert "secure" in cookie.lower()  # behind a TLS proxy: the cookie is Secure
    untrusted = create_app(tmp_path / "two")
    with TestClient(untrusted) as client:
        cookie = client.get("/", headers=forwarded).headers["set-cookie"]
    assert "secure" not in cookie.lower()  # anyone can send the header: not believed


def test_a_new_players_first_burst_on_two_workers_keeps_every_answered_move(
    tmp_path: Path,
) -> None:
    # Issue 36: both workers settled the new player at once (on PostgreSQL the
    # second failed to make the player's schema) and each played a game of its own:
    # 44 moves answered, 21 stored. Every answered move must be one of the game's.
    for round_ in range(3):
        folder = tmp_path / f"web{round_}"
        statuses, cookie = _first_burst(folder, draws_each=4)
        assert statuses == [200] * 8
        # The store keeps one game with every draw (a third worker takes it up).
        with TestClient(create_app(folder)) as third:
            third.cookies.set(COOKIE, cookie)
            assert _moves_of(third) == 8


def _first_burst(folder: Path, draws_each: int) -> tuple[list[int], str]:
    """A new player shown the page by one worker, whose first forms go to two
    workers at once (``draws_each`` draws from each): the statuses, the cookie."""
    one, two = create_app(folder), create_app(folder)
    with TestClient(one) as first, TestClient(two) as second:
        token = token_of(first.get("/").text)  # a guest, on the first worker only
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        statuses = _draw_at_once(first, second, token, draws_each)
        return statuses, first.cookies.get(COOKIE) or ""


def _draw_at_once(first: TestClient, second: TestClient, token: str, each: int) -> list[int]:
    """``each`` draws sent to both workers at once (a thread each): the statuses."""
    start = threading.Barrier(2)
    statuses: list[int] = []

    def draw_from(client: TestClient) -> None:
        start.wait(10)
        for _ in range(each):
            reply = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            statuses.append(reply.status_code)

    threads = [threading.Thread(target=draw_from, args=(c,)) for c in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses
