"""Refusals in the player's saved language (issue 36): a 404, 405, 413 or 500 for
a player this worker does not hold in memory (the other worker's, or one it let
go) speaks the language the player's store keeps, not the browser's; the browser's
only when the request names no player of this server, then ``serve --lang``. The
lookup writes nothing. On SQLite, or PostgreSQL when ``PYRAMIDE_DATABASE`` is set."""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.web.app import COOKIE, create_app

from .conftest import serving, token_of

JSON = {"accept": "application/json"}
EN = {"accept-language": "en"}
REFUSALS: list[tuple[str, str, int, Callable[[], str]]] = [
    ("GET", "/no/such/page", 404, words.not_found),
    ("GET", "/static/no-such-file.css", 404, words.not_found),
    ("PUT", "/act", 405, words.failure),
    ("POST", "/act", 413, words.too_large),
]
IDS = [f"{status}-{path}" for _, path, status, _ in REFUSALS]


def _body(status: int) -> dict[str, str] | None:
    return {"line": "x" * 10_000} if status == 413 else None


def _said(language: str, sentence: Callable[[], str]) -> str:
    with in_language(language):
        return sentence()


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[TestClient, TestClient]]:
    """Two apps on one data folder, as two workers of ``serve --workers 2``: the
    first settles a player in Brazilian Portuguese, the second has never seen it."""
    one, two = create_app(tmp_path / "web"), create_app(tmp_path / "web")
    with TestClient(one) as first, TestClient(two) as second:
        token = token_of(first.get("/", headers={"accept-language": "pt-BR"}).text)
        first.post("/act", data={"token": token, "do": "draw"}, headers=JSON)  # kept
        second.cookies.set(COOKIE, first.cookies.get(COOKIE) or "")
        yield first, second


@pytest.mark.parametrize(("method", "path", "status", "sentence"), REFUSALS, ids=IDS)
def test_the_other_workers_refusal_speaks_the_saved_language(
    two_workers: tuple[TestClient, TestClient],
    method: str,
    path: str,
    status: int,
    sentence: Callable[[], str],
) -> None:
    _, second = two_workers
    answer = second.request(method, path, data=_body(status), headers={**EN, **JSON})
    assert answer.status_code == status
    assert answer.json()["answer"] == [_said("pt_BR", sentence)]
    page = second.request(method, path, data=_body(status), headers=EN)
    assert page.status_code == status
    assert '<html lang="pt-BR">' in page.text
    assert html.escape(_said("pt_BR", sentence), quote=False) in page.text


def test_a_500_on_the_other_worker_speaks_the_saved_language(
    two_workers: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, second = two_workers

    def broken(player_id: str | None) -> None:
        raise RuntimeError("a fault before the player is found")

    players = second.app.state.players  # type: ignore[attr-defined]
    monkeypatch.setattr(players, "find", broken)
    second_raw = TestClient(second.app, raise_server_exceptions=False)
    second_raw.cookies.set(COOKIE, second.cookies.get(COOKIE) or "")
    answer = second_raw.get("/", headers={**EN, **JSON})
    assert answer.status_code == 500
    assert answer.json()["answer"] == [_said("pt_BR", words.failure)]


def test_a_language_changed_on_one_worker_is_the_others_next_refusal(
    two_workers: tuple[TestClient, TestClient],
) -> None:
    first, second = two_workers
    token = token_of(first.get("/").text)
    first.post("/language", data={"token": token, "lang": "pt_PT"}, headers=JSON)
    answer = second.get("/no/such/page", headers={**EN, **JSON})
    assert answer.json()["answer"] == [_said("pt_PT", words.not_found)]


def test_a_request_naming_no_player_here_follows_the_browser_then_the_server(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(tmp_path / "web", language="pt_PT")) as client:
        unknown = secrets.token_urlsafe(32)  # the shape of a player id, no such player
        for cookie in (unknown, "../../etc", ""):
            client.cookies.set(COOKIE, cookie)
            answer = client.get("/no/such/page", headers={"accept-language": "pt-BR", **JSON})
            assert answer.json()["answer"] == [_said("pt_BR", words.not_found)]
            answer = client.get("/no/such/page", headers={"accept-language": "de", **JSON})
            assert answer.json()["answer"] == [_said("pt_PT", words.not_found)]
        # The lookup made nothing for the id that names no player.
        assert not (tmp_path / "web" / "players" / unknown).exists()


def test_a_refusal_writes_nothing_in_the_players_folder(
    two_workers: tuple[TestClient, TestClient], tmp_path: Path
) -> None:
    first, second = two_workers
    folder = tmp_path / "web" / "players" / (first.cookies.get(COOKIE) or "")

    def files() -> dict[str, bytes]:
        # The -shm file is SQLite's index of the WAL, which every reader of a file
        # in use marks (as the first worker's own reads do); the data is the rest.
        return {
            p.name: b"" if p.name.endswith("-shm") else p.read_bytes()
            for p in folder.iterdir()
            if p.is_file()
        }

    before = files()
    for method, path, status, _ in REFUSALS:
        second.request(method, path, data=_body(status), headers={**EN, **JSON})
    assert files() == before


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_after_a_restart_every_worker_refuses_in_the_saved_language(
    tmp_path: Path, workers: str
) -> None:
    # No worker holds the player in memory after a restart: with two workers that
    # is every player the other worker served.
    folder = tmp_path / "web"
    with (
        serving(folder, "--lang", "en") as (url, _),
        httpx2.Client(base_url=url, timeout=30) as client,
    ):
        token = token_of(client.get("/", headers={"accept-language": "pt-PT"}).text)
        kept = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        assert kept.status_code == 200
        player = client.cookies.get(COOKIE) or ""
    with serving(folder, "--lang", "en", "--workers", workers) as (url, _):
        # A new connection each time, so that both workers answer some.
        limits = httpx2.Limits(max_keepalive_connections=0)
        with httpx2.Client(base_url=url, timeout=30, limits=limits) as client:
            client.cookies.set(COOKIE, player)
            for _round in range(3):
                for method, path, status, sentence in REFUSALS:
                    answer = client.request(
                        method, path, data=_body(status), headers={**EN, **JSON}
                    )
                    assert answer.status_code == status
                    assert answer.json()["answer"] == [_said("pt_PT", sentence)]


def test_a_lookup_that_fails_leaves_the_refusal_in_the_browsers_language(
    two_workers: tuple[TestClient, TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, second = two_workers

    def broken(root: Path, player_id: str) -> str | None:
        raise OSError("the disk went away")

    monkeypatch.setattr("pyramide_a11y.web.app.saved_language", broken)
    answer = second.get("/no/such/page", headers={"accept-language": "pt-PT", **JSON})
    assert answer.status_code == 404
    assert answer.json()["answer"] == [_said("pt_PT", words.not_found)]
