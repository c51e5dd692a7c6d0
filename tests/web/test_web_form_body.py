"""A posted form read without Starlette's parser (issue 38's fourth round): the
same fields as Starlette's for any urlencoded body, a form of too many fields
refused in one sentence, and the page's own forms as before."""

from __future__ import annotations

import asyncio
import hmac
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import apart
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.testclient import TestClient
from starlette.types import Message

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.form_body import FORM_FIELDS, URLENCODED, form_fields, text_fields

from .conftest import token_of

RAW = st.text(alphabet="ab=&+%20%C3%A9%zz;é\x00 \n", max_size=40)
FIELD = st.text(alphabet="abcXYZ019 -_+&=%?/\\<>\"';\x00é✓♠\n", max_size=12)


def _request(body: bytes, content_type: str = URLENCODED) -> Request:
    sent = False

    async def receive() -> Message:
        nonlocal sent
        more, sent = not sent, True
        return {"type": "http.request", "body": body if more else b"", "more_body": False}

    headers = [(b"content-type", content_type.encode())]
    scope = {"type": "http", "method": "POST", "path": "/type", "headers": headers}
    return Request({**scope, "query_string": b""}, receive)


def _both(body: bytes) -> tuple[object, object]:
    """The fields read here and by Starlette's own parser, or the error each raised."""

    async def read() -> tuple[object, object]:
        results: list[object] = []
        for reader in (form_fields, _starlette):
            try:
                results.append(dict(await reader(_request(body))))
            except HTTPException as err:
                results.append(err.status_code)
        return results[0], results[1]

    return apart(asyncio.run, read())


async def _starlette(request: Request) -> dict[str, str]:
    return dict(text_fields(await request.form(max_files=0, max_fields=FORM_FIELDS)))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(FIELD, FIELD), max_size=FORM_FIELDS))
def test_a_form_as_browsers_send_it_reads_as_starlette_reads_it(
    pairs: list[tuple[str, str]],
) -> None:
    # A browser encodes every field (URLSearchParams, a form without script).
    mine, theirs = _both(urlencode(pairs).encode())
    assert mine == theirs


@settings(max_examples=300, deadline=None)
@given(RAW)
def test_any_body_reads_as_starlette_reads_it(body: str) -> None:
    # Unencoded separators, "=" in values, bad "%" sequences, raw UTF-8, NUL.
    mine, theirs = _both(body.encode())
    assert mine == theirs


def test_too_many_fields_are_one_sentence_and_change_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        token = token_of(client.get("/", headers={"accept-language": "en"}).text)
        first = client.get("/").text
        fields = {"token": token, "do": "draw", **{f"f{n}": "x" for n in range(FORM_FIELDS)}}
        answer = client.post("/act", data=fields, headers={"origin": "http://testserver"})
        assert answer.status_code == 400
        with in_language("en"):
            assert words.failure() in answer.text
        assert "Traceback" not in answer.text
        assert client.get("/").text == first  # no draw made


@pytest.mark.parametrize("kind", [URLENCODED, f"{URLENCODED}; charset=UTF-8"])
def test_the_page_forms_are_read(tmp_path: Path, kind: str) -> None:
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        token = token_of(client.get("/", headers={"accept-language": "en"}).text)
        body = urlencode({"token": token, "line": "draw"})
        headers = {
            "origin": "http://testserver",
            "content-type": kind,
            "accept": "application/json",
        }
        answer = client.post("/type", content=body, headers=headers)
        player = client.app.state.players.find(client.cookies.get(COOKIE))  # type: ignore[attr-defined]
        assert answer.status_code == 200 and player.session.game.moves == 1  # the draw made


def test_a_players_form_token_is_made_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each move checked the token and sent it again: two HMACs a request, now one
    # per player while it plays.
    made: list[bytes] = []
    new = hmac.new

    def counted(key: bytes, message: bytes, digest: Any) -> hmac.HMAC:
        made.append(message)
        return new(key, message, digest)

    monkeypatch.setattr(hmac, "new", counted)
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        token = token_of(client.get("/").text)
        headers = {"origin": "http://testserver", "accept": "application/json"}
        for line in ("draw", "zz", "draw"):
            answer = client.post("/type", data={"token": token, "line": line}, headers=headers)
            assert answer.status_code == 200
        stale = client.post("/type", data={"token": "x" + token[1:], "line": "draw"})
        assert stale.status_code == 403  # a wrong token is still refused
    assert len(made) == 1
