"""The page's cached words (issue 38) are never stale: a page made with every
cache warm (other tables, other languages, other selections seen before) is the
page made with no cache at all, word for word, in every language, move after
move."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import page_frame, table_words
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import token_of

LANGUAGES = ("pt_PT", "pt_BR", "en")
CACHED = {
    table_words: ("_place_label", "_card_words", "_row_heading", "_selected_word", "_pile_label"),
    page_frame: ("_language_choices", "_frame"),
}


def _player(client: TestClient) -> Player:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def _model(player: Player, language: str) -> tuple[table_words.TableWords, page_frame.PageFrame]:
    """The page's words now: the table's and the frame's."""
    with in_language(language):
        words = table_words.table_words(player.session.view())
    return words, page_frame.page_frame(language)


def _uncached(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cached function of the page's words replaced by the function it wraps."""
    for module, names in CACHED.items():
        for name in names:
            monkeypatch.setattr(module, name, getattr(module, name).__wrapped__)


def test_a_page_from_warm_caches_is_the_page_with_none(tmp_path: Path) -> None:
    chooser = random.Random(38)
    # A clock that never moves: a won deal's panel says the same time twice.
    app = create_app(tmp_path / "web", rng=random.Random(38), game_clock=lambda: 0.0)
    with TestClient(app, base_url="http://testserver") as client:
        token = token_of(client.get("/").text)
        player = _player(client)
        compared = 0
        for step in range(60):
            session = player.session
            game = session.game
            moves = list(game.legal_moves())
            free = [str(c) for c in game.position.free_cards()]
            # A card touched (a selection and its partners), a move, or a new deal.
            if step % 15 == 14 or not moves:
                form, fields = "/type", {"line": "new"}
            elif free and chooser.random() < 0.4:
                form, fields = "/card", {"card": chooser.choice(free)}
            else:
                form, fields = "/type", {"line": str(chooser.choice(moves))}
            client.post(
                form, data={"token": token, **fields}, headers={"origin": "http://testserver"}
            )
            for language in chooser.sample(LANGUAGES, len(LANGUAGES)):
                warm = _model(player, language)
                with pytest.MonkeyPatch.context() as monkeypatch:
                    _uncached(monkeypatch)
                    cold = _model(player, language)
                assert warm == cold, (step, language)
                compared += 1
            # Warm again in every language before the next move.
            for language in LANGUAGES:
                _model(player, language)
        assert compared == 60 * len(LANGUAGES)


def test_the_caches_are_all_known() -> None:
    """Every cache of the page's words is one this test turns off (a new one must
    be added)."""
    for module, names in CACHED.items():
        cached = {name for name in dir(module) if hasattr(getattr(module, name), "cache_clear")}
        assert cached == set(names), module.__name__
