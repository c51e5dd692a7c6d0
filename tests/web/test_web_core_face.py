"""The web on the core's public face (issue 37): a form is one call of the session,
read once, with no sentence parsed back and no card taken apart and rebuilt."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.commands import Command, parse_command
from pyramide_a11y.core import TabClock
from pyramide_a11y.engine import Card
from pyramide_a11y.web.players import Player

from .conftest import token_of
from .test_web_http import player_of


def test_a_typed_line_is_parsed_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    token = token_of(client.get("/").text)
    parsed: list[str] = []

    def counted(text: str, language: str) -> Command:
        parsed.append(text)
        return parse_command(text, language)

    # Wherever a web request could read the line (the page's own code, the session).
    monkeypatch.setattr("pyramide_a11y.web.forms.parse_command", counted, raising=False)
    monkeypatch.setattr("pyramide_a11y.core.session.parse_command", counted)
    client.post("/type", data={"token": token, "line": "d"})
    assert parsed == ["d"]
    assert player_of(client).session.game.moves == 1


def _performs_seen(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> tuple[str, Player, list[object]]:
    """A player kept on disk (its first form played), its form token, and the list
    every command its session performs from now on is added to."""
    token = token_of(client.get("/").text)
    client.post("/act", data={"token": token, "do": "draw"})  # kept on disk: its session now
    player = player_of(client)
    performed: list[object] = []
    perform = player.session.perform

    def seen(command: object) -> object:
        performed.append(command)
        return perform(command)  # type: ignore[arg-type]

    monkeypatch.setattr(player.session, "perform", seen)
    return token, player, performed


def test_a_card_button_reaches_the_session_as_its_card(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, player, performed = _performs_seen(client, monkeypatch)
    # Not a King: one is removed at once, a touched card waits for its partner.
    free = next(c for c in player.session.game.position.free_cards() if not c.is_king)
    client.post("/card", data={"token": token, "card": str(free)})
    assert [getattr(c, "cards", None) for c in performed] == [(Card.parse(str(free)),)]
    assert player.session.game.selected == free


def test_the_clock_form_is_a_command_of_the_session(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    token, player, performed = _performs_seen(client, monkeypatch)
    answer_before = list(player.answer)
    assert client.post("/clock", data={"token": token, "state": "hidden"}).json() == {
        "paused": True
    }
    assert client.post("/clock", data={"token": token, "state": "visible"}).json() == {
        "paused": False
    }
    assert performed == [TabClock(hidden=True), TabClock(hidden=False)]
    assert player.answer == answer_before  # silent: the live region keeps its answer
