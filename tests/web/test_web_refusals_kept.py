"""Refusals that keep their promises (issue 36): one sentence in the player's
language, the security headers on every answer, nothing changed; a read changes
nothing in the store either."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest
import uvicorn
from starlette.testclient import TestClient

from pyramide_a11y.cli.serve import uvicorn_options
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.web.app import create_app
from pyramide_a11y.web.guard import LOOPBACK_HOSTS, SECURITY_HEADERS

from .conftest import page_record_version, token_of, two_workers

JSON = {"accept": "application/json"}


def _secured(headers: object) -> bool:
    return all(name in headers for name in SECURITY_HEADERS)  # type: ignore[operator]


@pytest.mark.parametrize("token", ["é" * 64, "\u2603"])
def test_a_non_ascii_form_token_is_an_out_of_date_form(client: TestClient, token: str) -> None:
    client.get("/")
    answer = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
    assert answer.status_code == 403
    with in_language("en"):
        assert answer.json()["answer"] == [words.stale_form()]


def test_a_500_carries_the_security_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = TestClient(create_app(tmp_path / "web"), raise_server_exceptions=False)
    client.get("/")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("fault")

    monkeypatch.setattr("pyramide_a11y.web.app.page_model", broken)
    answer = client.get("/")
    assert answer.status_code == 500
    assert _secured(answer.headers)


def test_uvicorns_own_400_carries_the_security_headers(tmp_path: Path) -> None:
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(8)
    server = uvicorn.Server(uvicorn.Config(create_app(tmp_path / "web"), **uvicorn_options()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        with socket.create_connection(listening.getsockname(), timeout=30) as garbled:
            garbled.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            reply = b""
            while chunk := garbled.recv(65536):  # the server closes after it
                reply += chunk
        head = reply.split(b"\r\n\r\n", 1)[0].decode().lower()
        assert head.startswith("http/1.1 400")
        assert all(f"\r\n{name}:" in head for name in SECURITY_HEADERS)
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()


@pytest.mark.parametrize(
    ("method", "path", "status", "sentence"),
    [
        ("GET", "/no/such/page", 404, words.not_found),
        ("PUT", "/act", 405, words.failure),
        ("POST", "/act", 413, words.too_large),
    ],
)
def test_refusals_speak_the_players_saved_language(
    client: TestClient, method: str, path: str, status: int, sentence: object
) -> None:
    token = token_of(client.get("/", headers={"accept-language": "pt-PT"}).text)
    client.post("/act", data={"token": token, "do": "draw"})  # kept, in pt_PT
    body = {"token": token, "line": "x" * 10_000} if status == 413 else None
    # The browser now asks for English: the player's own language still wins.
    answer = client.request(method, path, data=body, headers={"accept-language": "en", **JSON})
    assert answer.status_code == status
    with in_language("pt_PT"):
        assert answer.json()["answer"] == [sentence()]  # type: ignore[operator]
    assert _secured(answer.headers)


def test_reading_the_state_on_two_workers_writes_nothing(tmp_path: Path) -> None:
    with two_workers(tmp_path / "web") as (first, second, token):
        before = page_record_version(first)
        for worker in (first, second, first, second):
            assert worker.get("/state").status_code == 200
        assert page_record_version(first) == before
        # A move still writes it.
        second.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        assert page_record_version(first) == before + 1


@pytest.mark.parametrize(
    ("host", "kept"),
    [
        ("127.0.0.1:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("evil.example:8000", False),  # another site's name pointed at 127.0.0.1
    ],
)
def test_a_server_on_this_computer_takes_forms_for_its_own_names_only(
    tmp_path: Path, host: str, kept: bool
) -> None:
    # Issue 36: the origin check compared Origin with Host, both the browser's, so
    # a rebound name passed it.
    app = create_app(tmp_path / "web", allowed_hosts=LOOPBACK_HOSTS)
    with TestClient(app, base_url=f"http://{host}") as client:
        token = token_of(client.get("/").text)
        headers = {**JSON, "origin": f"http://{host}", "sec-fetch-site": "same-origin"}
        answer = client.post("/act", data={"token": token, "do": "draw"}, headers=headers)
    if kept:
        assert answer.status_code == 200
    else:
        assert answer.status_code == 403
        with in_language("en"):
            assert answer.json()["answer"] == [words.stale_form()]
