"""The PostgreSQL server stops while players play the web game, on one and two
workers (issue 36): every request is answered (never a 500), the player hears one
sentence, play goes on, and once the server is back everything played is saved,
in one game. Two workers never play two copies: while the server is away only the
worker that played last plays on; a form reaching the other is answered in one
sentence and changes nothing. Runs when ``PYRAMIDE_DATABASE`` is the throw-away
server of ``scripts/postgres`` (which the test halts and resumes)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import Notice, NoticeKind
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Players

from .conftest import token_of

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "postgres"
JSON = {"accept": "application/json"}
BACK_TRIES = 100
"""Draws at most until the server is seen back (each is a request, no sleep)."""


def _server(command: str) -> None:
    subprocess.run([str(SCRIPT), command], check=True, timeout=60)


def _moves(client: TestClient, cookie: str) -> int:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(cookie)
    assert player is not None
    return player.call(lambda: player.session.game.moves).result()


@pytest.mark.slow
@pytest.mark.skipif(not on_postgres(), reason="the PostgreSQL server's own stop")
@pytest.mark.parametrize("workers", [1, 2])
def test_the_server_away_is_one_sentence_play_goes_on_and_all_is_saved(
    tmp_path: Path, workers: int
) -> None:
    apps = [create_app(tmp_path / "web") for _ in range(workers)]
    clients = [TestClient(app).__enter__() for app in apps]
    unavailable = notice_text(Notice(NoticeKind.UNAVAILABLE))
    again = notice_text(Notice(NoticeKind.SAVING_AGAIN))
    played = 0
    try:
        first = clients[0]
        token = token_of(first.get("/").text)
        cookie = first.cookies.get(COOKIE) or ""
        for client in clients[1:]:
            client.cookies.set(COOKIE, cookie)

        def draw(worker: int) -> tuple[int, list[str]]:
            nonlocal played
            reply = clients[worker].post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            assert reply.status_code in (200, 503), reply.text
            played += reply.status_code == 200
            return reply.status_code, reply.json()["answer"]

        # The last worker plays last before the server stops.
        assert [draw(n % workers)[0] for n in range(4)] == [200] * 4
        last = 3 % workers
        _server("halt")
        try:
            away = [draw(n % workers) for n in range(last + 1, last + 5)]
        finally:
            _server("resume")
        for n, (status, answer) in zip(range(last + 1, last + 5), away, strict=True):
            if n % workers == last:  # the worker that played last plays on
                assert status == 200
            else:  # the other: one sentence, nothing changed
                assert (status, answer) == (503, [words.store_away()])
        said = [answer for status, answer in away if status == 200]
        assert [a.count(unavailable) for a in said] == [1] + [0] * (len(said) - 1)
        # Back: the worker holding the moves saves them with its next answer...
        for _ in range(BACK_TRIES):
            status, answer = draw(last)
            if again in answer:
                break
        else:
            pytest.fail("saving never came back")
        # ...and every worker plays the one game on.
        for n in range(workers):
            assert draw(n)[0] == 200
    finally:
        for client in clients:
            client.__exit__(None, None, None)
    # Every answered draw is in the store, in one game (a new worker takes it up).
    with TestClient(create_app(tmp_path / "web")) as fresh:
        fresh.cookies.set(COOKIE, cookie)
        assert _moves(fresh, cookie) == played
