"""The typed seam (issue 25): ``perform(command)`` answers a command given already
read (a button on a page), and ``handle(line)`` is reading the line then performing
it, so both say the same things, in the session's language, through one guard."""

from __future__ import annotations

import random

import pytest
from kit import LANGUAGES, make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.commands import Action, CardSpec, Simple, Touch, parse_command
from pyramide_a11y.core.session import Session
from pyramide_a11y.engine import Rank
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
        command = parse_command(line, language)
        assert pressed.perform(command).printed == typed.handle(line).printed, line
    assert pressed.game.position == typed.game.position
    assert pressed.source.code == typed.source.code


def test_a_card_button_needs_no_words() -> None:
    s = _session("pt_BR")
    answer = s.perform(Touch((CardSpec(Rank.KING),)))  # "which one?": two kings free
    assert answer.lines[0].startswith("Qual: rei de paus ou rei de copas?")
    assert s.perform(Simple(Action.DRAW)).lines[0].startswith("Dama de paus para o descarte")


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
