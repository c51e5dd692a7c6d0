"""A player's store that cannot be made or opened when a request needs it (issue
36): a full disk on a new player's first form, a folder that cannot be written.
The request is answered in one sentence in the player's language (never a 500),
nothing changes, and the next request, once the fault is gone, plays."""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Players

from .conftest import token_of

JSON = {"accept": "application/json"}


def _failing_mkdir(under: Path, error: int) -> Callable[..., None]:
    real = Path.mkdir

    def mkdir(self: Path, *args: Any, **kwargs: Any) -> None:
        if self.is_relative_to(under) and self != under:
            raise OSError(error, "no room")
        real(self, *args, **kwargs)

    return mkdir


def _moves(client: TestClient) -> int:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player.call(lambda: player.session.game.moves).result()


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EACCES])
def test_a_new_players_first_form_on_a_full_disk_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    with TestClient(create_app(tmp_path / "web")) as client:
        page = client.get("/", headers={"accept-language": "pt-PT"})
        token = token_of(page.text)
        with monkeypatch.context() as patched:
            patched.setattr(Path, "mkdir", _failing_mkdir(tmp_path / "web" / "players", error))
            refused = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
            # The page (no script) gets the sentence too, in the player's language.
            page_refused = client.post("/act", data={"token": token, "do": "draw"})
        played = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        assert played.status_code == 200
        if on_postgres():  # the games are on the server: a full local disk loses none
            assert (refused.status_code, page_refused.status_code) == (200, 200)
            assert _moves(client) == 3
            return
        with in_language("pt_PT"):
            sentence = words.store_away()
        assert refused.status_code == 503
        assert refused.json()["answer"] == [sentence]
        assert page_refused.status_code == 503 and sentence in page_refused.text
        assert "content-security-policy" in page_refused.headers
        # Room again: the next form played the first move of the game.
        assert _moves(client) == 1


def test_a_data_folder_that_cannot_be_made_still_serves_guests(tmp_path: Path) -> None:
    # A worker that died at start here was respawned for ever (issue 36).
    (tmp_path / "file").write_text("")
    with TestClient(create_app(tmp_path / "file" / "web")) as client:
        token = token_of(client.get("/").text)  # a guest plays in memory
        answer = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
    if on_postgres():  # the games are on the server: the folder holds only locks
        assert answer.status_code == 200
        return
    assert answer.status_code == 503
    with in_language("en"):
        assert answer.json()["answer"] == [words.store_away()]
