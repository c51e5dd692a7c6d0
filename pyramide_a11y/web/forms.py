"""What each form does to a player's game: a form's fields → one call of the session.

:func:`work_for` reads the fields (any text at all) and returns the work to run on
the player, holding their lock: a command for :meth:`Session.turn
<pyramide_a11y.core.Session.turn>` (which answers in the player's language and
returns the table after it), or lines worded here in the player's language.
Whatever does not read as one of the page's commands gets the game's own refusal
sentence and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pyramide_a11y.core import Action, SetLanguage, Simple, TouchCards, Turn
from pyramide_a11y.i18n import LANGUAGES, in_language
from pyramide_a11y.narration import answers
from pyramide_a11y.narration import help as help_text
from pyramide_a11y.narration import page_words as words

from .players import Player

Work = Callable[[Player], Turn | list[str]]
MAX_LINE = 200
"""Characters of a typed command (the longest command is far shorter)."""

ACTIONS = {
    "draw": Action.DRAW,
    "recycle": Action.RECYCLE,
    "undo": Action.UNDO,
    "hint": Action.HINT,
    "new": Action.NEW,
    "replay": Action.REPLAY,
    "rules": Action.RULES,
    "cancel": Action.CANCEL,
}
"""The buttons of the page (the ``do`` field) → the session's actions."""


def work_for(kind: str, fields: Mapping[str, str]) -> Work:
    """The work of form ``kind`` (``act``, ``card``, ``type``, ``language``, ``keys``)
    with ``fields``; unknown fields are ignored."""
    match kind:
        case "act":
            return _act(fields.get("do", ""), touch=fields.get("pointer") == "coarse")
        case "card":
            return _card(fields.get("card", ""))
        case "type":
            return _typed(fields.get("line", ""))
        case "language":
            return _language(fields.get("lang", ""))
        case "keys":
            return _keys(fields.get("on", ""))
    return _refused(kind)


@dataclass(frozen=True, slots=True)
class QuickWork:
    """A typed line that may be answered at once, without a turn at the player's
    store (:meth:`Player.now`): :meth:`applies` tells, cheaply, whether it is a
    line the session answers so (no command); calling it is the session's
    :meth:`~pyramide_a11y.core.Session.quick_turn` (None from it: the line changes
    something, and takes its turn)."""

    line: str

    def applies(self, player: Player) -> bool:
        """Whether the session answers the line at once (asked first, holding the
        player's lock: a move looks no further, and reads its line from memory
        in its turn)."""
        return player.session.answers_at_once(self.line)

    def __call__(self, player: Player) -> Turn | None:
        return player.session.quick_turn(self.line)


def quick_work_for(kind: str, fields: Mapping[str, str]) -> QuickWork | None:
    """The work of form ``kind`` with ``fields`` that may be answered at once
    (:class:`QuickWork`): a typed line. None: the form always takes its turn."""
    line = fields.get("line", "")
    if kind != "type" or len(line) > MAX_LINE:
        return None
    return QuickWork(line)


def _worded(lines: Callable[[Player], list[str]]) -> Work:
    """Work whose ``lines`` are worded here, not by the session: in the player's
    language all the same."""

    def work(player: Player) -> list[str]:
        with in_language(player.session.settings.language):
            return lines(player)

    return work


def _refused(text: str) -> Work:
    """The game's answer to a line it does not understand (``text`` echoed, cut)."""
    return _worded(lambda player: answers.unknown_command(text[:40].strip()))


def _act(name: str, *, touch: bool = False) -> Work:
    """A button of the page; ``touch``: pressed on a touch screen (the page's script
    says so), where the rules speak of taps, not of letters."""
    action = ACTIONS.get(name)
    if action is None:
        return _refused(name)
    if action is Action.RULES and touch:
        return _worded(
            lambda player: help_text.rules_lines(player.session.turn().table.rules, touch=True)
        )
    command = Simple(action)
    return lambda player: player.session.turn(command)


def _card(code: str) -> Work:
    touch = TouchCards.named(code)  # named in full: performed as it is, never read again
    if touch is None:
        return _refused(code)
    return lambda player: player.session.turn(touch)


def _typed(line: str) -> Work:
    if len(line) > MAX_LINE:
        return _refused(line)

    # Read once, by the session (whose page sessions take deal codes only, never a
    # file of the server's disk, for ``new NAME``).
    return lambda player: player.session.turn(line)


def _language(code: str) -> Work:
    if code not in LANGUAGES:
        return _refused(code)
    command = SetLanguage(code)
    return lambda player: player.session.turn(command)


def _keys(on: str) -> Work:
    if on not in ("0", "1"):
        return _refused(on)

    def switch(player: Player) -> list[str]:
        player.set_letter_keys(on == "1")
        return [words.keys_on() if on == "1" else words.keys_off()]

    return _worded(switch)
