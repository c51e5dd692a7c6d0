"""Responses gzipped where the client accepts it, through the app's one middleware
(issue 38), the security headers on every response still; a player in memory is
found without a thread hop; a body gzipped with a window its size is no longer
than with the largest."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pyramide_a11y.web.app import create_app
from pyramide_a11y.web.guard import (
    GZIP_LEVEL,
    GZIP_MIN,
    MAX_BODY,
    SECURITY_HEADERS,
    accepts_gzip,
    gzipped,
)
from pyramide_a11y.web.players import Players

from .conftest import token_of

JSON = {"accept": "application/json", "origin": "http://testserver"}


def test_the_page_and_a_moves_json_are_gzipped_when_accepted(client: TestClient) -> None:
    page = client.get("/", headers={"accept-encoding": "gzip"})
    assert page.headers["content-encoding"] == "gzip"
    assert "Accept-Encoding" in page.headers["vary"]
    assert page.text.startswith("<!DOCTYPE html>") or "<html" in page.text
    assert int(page.headers["content-length"]) < len(page.content) / 2
    for name, value in SECURITY_HEADERS.items():
        assert page.headers[name] == value
    token = token_of(page.text)
    move = client.post(
        "/act", data={"token": token, "do": "draw"}, headers={**JSON, "accept-encoding": "gzip"}
    )
    assert move.headers["content-encoding"] == "gzip" and "html" in move.json()


def test_nothing_is_gzipped_for_a_client_that_does_not_accept_it(client: TestClient) -> None:
    for accept in ("identity", "gzip;q=0", "br"):
        page = client.get("/", headers={"accept-encoding": accept})
        assert "content-encoding" not in page.headers
        assert int(page.headers["content-length"]) == len(page.content)
        assert (
            page.headers["content-security-policy"] == SECURITY_HEADERS["content-security-policy"]
        )


def test_a_small_answer_and_a_refusal_go_as_they_are(client: TestClient) -> None:
    token = token_of(client.get("/").text)
    refused = client.post(
        "/act",
        content=b"token=" + token.encode() + b"&x=" + b"a" * MAX_BODY,
        headers={**JSON, "content-type": "application/x-www-form-urlencoded"},
    )
    assert refused.status_code == 413
    assert len(refused.content) < GZIP_MIN and "content-encoding" not in refused.headers
    assert refused.headers["x-frame-options"] == SECURITY_HEADERS["x-frame-options"]


def test_the_app_has_one_middleware_of_its_own(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web")
    assert len(app.user_middleware) == 1


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        ("gzip, deflate, br", True),
        ("br;q=1, gzip;q=0.5", True),
        ("GZIP", True),
        ("*", True),
        ("gzip;q=0", False),
        ("deflate", False),
        ("", False),
        ("gzipx", False),
    ],
)
def test_accept_encoding(header: str, accepted: bool) -> None:
    assert accepts_gzip(header) is accepted


def test_a_player_in_memory_is_found_without_the_disk(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = token_of(client.get("/").text)
    client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)

    def no_disk(self: Players, player_id: str | None) -> None:
        raise AssertionError("looked for on disk, off the event loop")

    monkeypatch.setattr(Players, "find", no_disk)
    state = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON).json()
    assert state["answer"] and "refused" not in state


@settings(max_examples=200, deadline=None)
@given(
    body=st.binary(max_size=40_000)
    | st.text(alphabet='<li>ten of clubs, row 3: free\n"{}[]', max_size=40_000).map(str.encode)
)
def test_a_body_sized_window_gzips_to_the_body_and_no_longer(body: bytes) -> None:
    packed = gzipped(body)
    assert gzip.decompress(packed) == body
    # As short as with the largest window (a few bytes of slack: deflate's choices
    # may differ by a match, never by the window's reach).
    assert len(packed) <= len(gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)) + 4
