"""The typed seam (issue 25): ``perform(command)`` answers a command given already
read (a button on a page), and ``handle(line)`` is reading the line then performing
it, so both say the same things, in the session's language, through one guard."""

from __future__ import annotations

import random

import pytest
from kit import LANGUAGES, make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    CardSpec,
    Command,
    Simple,
    Touch,
    parse_command,
)
from pyramide_a11y.core import TouchCards
from pyramide_a11y.core.session import Session
from pyramide_a11y.engine import Card, Game, Rank
from pyramide_a11y.i18n import set_language

CODE = won_code("paciencia")


def _session(language: str) -> Session:
    s = make_session(CODE, language, rng=random.Random(3))
    s.hints.finder = None
    s.pars.finder = None
    return s


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_command_performed_says_what_the_line_typed_says(language: str) -> None:
    typed, pressed = _session(language), _session(language)
    set_language("en" if language != "en" else "pt_PT")  # another language around them
    lines = [*winning_commands("paciencia", language)[:12], "u", "d", "n", "u"]
    for line in lines:
        command = pressed.resolve(parse_command(line, language))
        assert pressed.perform(command).printed == typed.handle(line).printed, line
    assert pressed.game.position == typed.game.position
    assert pressed.source.code == typed.source.code


def test_a_card_button_needs_no_words() -> None:
    s = _session("pt_BR")
    with pytest.raises(AmbiguousCardError):  # "which one?": two kings free
        s.resolve(Touch((CardSpec(Rank.KING),)))
    answer = s.perform(TouchCards((Card.parse("KH"),)))  # a button names its card
    assert answer.lines == ["Saiu rei de copas."]
    assert s.perform(Simple(Action.DRAW)).lines[0].startswith("Dama de paus para o descarte")


def test_a_rank_alone_typed_is_asked_back_and_the_answer_picks_it() -> None:
    s = _session("pt_BR")
    assert s.handle("rei").lines[0].startswith("Qual: rei de paus ou rei de copas?")
    assert s.handle("copas").lines == ["Saiu rei de copas."]


def test_a_typed_line_is_parsed_and_resolved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from pyramide_a11y.commands import resolve

    s = _session("en")
    calls: list[str] = []

    def counted_parse(text: str, language: str) -> Command:
        calls.append("parse")
        return parse_command(text, language)

    def counted_resolve(specs: tuple[CardSpec, ...], game: Game) -> tuple[Card, ...]:
        calls.append("resolve")
        return resolve(specs, game)

    monkeypatch.setattr("pyramide_a11y.core.session.parse_command", counted_parse)
    monkeypatch.setattr("pyramide_a11y.core.resolved.resolve", counted_resolve)
    s.handle("KH")
    assert calls == ["parse", "resolve"]


def test_perform_keeps_the_guard_of_a_typed_line() -> None:
    s = _session("en")
    s.strict = False

    def broken() -> list[str]:
        raise RuntimeError("a fault inside the game")

    s.play.act = lambda action: broken()  # type: ignore[method-assign]
    answer = s.perform(Simple(Action.DRAW))
    assert answer.lines == ["That is not a command: type ? for help."]  # one sentence
    assert s.game.moves == 0


def test_during_the_lesson_a_command_performed_is_answered_by_the_lesson() -> None:
    s = _session("en")
    s.handle("learn")
    assert s.perform(Simple(Action.DRAW)).lines == ["In the lesson, type the commands."]
