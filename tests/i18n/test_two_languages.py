"""Two players in two languages in one process never hear each other's language
(issue 25): the language in use is per session (a context variable entered for
each call), late answers included, from threads and from asyncio tasks."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest
from fakes import HeldFinder
from kit import apart, make_session
from playthrough import won_code

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.i18n import get_language, set_language

CODE = won_code("paciencia")
COMMANDS = {
    "en": ["table", "kc", "10", "hearts", "drwa", "pyramid", "d", "status", "n", "d",
           "waste"],
    "pt_PT": ["mesa", "Rp", "10", "copas", "tirra", "pirâmide", "d", "estado", "n", "d",
              "descarte"],
}  # fmt: skip
"""``n`` then ``d``: the deal left's par is sought, and comes late (held)."""


class _Player:
    """A session and everything it said, late answers included."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.finder = HeldFinder()
        self.said: list[str] = []
        self.late: list[Answer] = []
        self.session = make_session(
            CODE, language, par_finder=self.finder, emit=self.late.append, rng=random.Random(7)
        )
        self.session.hints.finder = None

    def play(self, command: str) -> None:
        self.said.extend(self.session.handle(command).printed)

    def finish(self) -> list[str]:
        self.finder.release.set()
        assert self.session.pars.wait(30.0)
        self.session.close()
        return [*self.said, *(line for answer in self.late for line in answer.printed)]


def _alone(language: str) -> list[str]:
    """What a player hears with no other player in the process."""
    player = _Player(language)
    player.said.extend(player.session.opening().printed)
    for command in COMMANDS[language]:
        player.play(command)
    return player.finish()


@pytest.fixture(scope="module")
def alone() -> dict[str, list[str]]:
    heard = {language: _alone(language) for language in COMMANDS}
    assert any("could be won" in line for line in heard["en"])  # the late par is there
    assert any("podia ser ganha" in line for line in heard["pt_PT"])
    return heard


def test_two_sessions_on_two_threads_interleaved(alone: dict[str, list[str]]) -> None:
    set_language("pt_BR")  # a third language around them: it must reach neither
    players = [_Player(language) for language in COMMANDS]
    turn = threading.Barrier(len(players))

    def run(player: _Player) -> None:
        player.said.extend(player.session.opening().printed)
        for command in COMMANDS[player.language]:
            turn.wait(10.0)  # each command beside the other player's
            player.play(command)

    threads = [threading.Thread(target=run, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30.0)
    for player in players:
        assert player.finish() == alone[player.language]
    assert get_language() == "pt_BR"


def test_two_sessions_as_asyncio_tasks_interleaved(alone: dict[str, list[str]]) -> None:
    set_language("pt_BR")
    players = [_Player(language) for language in COMMANDS]

    async def run(player: _Player) -> None:
        player.said.extend(player.session.opening().printed)
        for command in COMMANDS[player.language]:
            player.play(command)
            await asyncio.sleep(0)  # the other task's command comes in between

    async def both() -> None:
        await asyncio.gather(*(run(p) for p in players))

    apart(asyncio.run, both())  # in this context: the language set above
    for player in players:
        assert player.finish() == alone[player.language]
    assert get_language() == "pt_BR"


def test_a_late_answer_keeps_the_language_of_the_session_that_asked() -> None:
    """The par of a deal left, found after the other session spoke meanwhile."""
    english, portuguese = _Player("en"), _Player("pt_PT")
    for player, commands in ((english, ["d", "n", "d"]), (portuguese, ["d", "n", "d"])):
        for command in commands:
            player.play(command)
    english.play("status")  # English last: the par of both is still held
    late_en = english.finish()[-1]
    late_pt = portuguese.finish()[-1]
    assert late_en == "The deal you left could be won in 52 moves."
    assert late_pt == "A partida que deixou podia ser ganha em 52 jogadas."


def test_nothing_outside_i18n_sets_the_language() -> None:
    """Sessions and commands enter their language (``in_language``); none sets it."""
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parents[2] / "pyramide_a11y"
    setters = [
        f"{path.relative_to(package)}:{number}"
        for path in package.rglob("*.py")
        if path.parent.name != "i18n"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"(?<![.\w])set_language\(", line) and "def set_language" not in line
    ]
    assert setters == []
