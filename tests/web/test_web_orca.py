"""The page as a blind player hears it: Debian's Orca reading Debian's Chromium,
real key presses, a short deal of ``paciencia`` played to its win (see
``screen_reader.py`` for the desktop it runs on).

What a player would notice, asserted on what Orca said and on what
speech-dispatcher really played:
- on load, nothing of the page's controls is said before the game's opening line
  (no list box of languages);
- every move's result is said first, before any card's name, and played whole
  before the next key;
- the letter keys reach the game where the page says to use them (the table):
  at once on load, and after one Tab from the page's top;
- the win dialog is heard with its facts (moves, cards removed, the deal's code),
  and once it is closed the letters reach the game again (N deals anew);
- a new deal's answer is said first, from the table (N) or from the New deal
  button, never after the table's toolbar.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyramide_a11y.core.sources import random_deal
from pyramide_a11y.engine import Card, Draw, Game, Move, Recycle, RemoveKing, RemovePair, get_rules
from pyramide_a11y.engine.view import table_view
from pyramide_a11y.narration import card_name, describe, messages, sentence
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.solver import Verdict
from pyramide_a11y.solver.shortest import solve_shortest
from pyramide_a11y.storage.postgres import database_url

from .conftest import Served
from .screen_reader import Desktop, is_echo, missing_programs

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(900),
    pytest.mark.skipif(
        database_url() is not None,
        reason="the page a screen reader hears is the same on either store: heard once, "
        "in the run on the SQLite file",
    ),
]

SEED = 149
"""The rng of the server's new deals: its first deal has a short winning line (31
moves), so the whole deal is played through Orca in a few minutes."""
LABEL = re.compile(r"^(?:stock: |waste: )?(\w+ of \w+): row \d")


@pytest.fixture
def desktop() -> Iterator[Desktop]:
    """The desktop in a short folder of its own (a socket's path has at most 107
    bytes: pytest's tmp_path can be longer), every process ended after."""
    missing = missing_programs()
    if missing and os.environ.get("CI"):
        pytest.fail("; ".join(missing))
    if missing:
        pytest.skip("; ".join(missing))
    folder = Path(tempfile.mkdtemp(prefix="orca-"))
    started = Desktop(folder / "d")
    try:
        yield started
    finally:
        left = started.stop()
        keep = os.environ.get("PYRAMIDE_ORCA_LOGS")
        if keep:  # Orca's debug log and speech-dispatcher's, to find why a step failed
            for log in (started.orca_log, started.speechd_log):
                if log.is_file():
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copy(log, Path(keep) / log.name)
        shutil.rmtree(folder, ignore_errors=True)
    assert left == [], f"processes left running: {left}"


def first_sentence(line: str) -> str:
    """The first sentence of an answer line ("X and Y removed.")."""
    return line.split(". ")[0].rstrip(".") + "."


def free_order(game: Game) -> list[Card]:
    """The free cards in the page's order: the pyramid's by place, the stock top,
    the waste top (the arrows go through them in this order)."""
    view = table_view(game)
    cards = [s.card for s in view.slots if s.card is not None and s.free]
    if game.rules.stock_top_playable and view.stock_top is not None:
        cards.append(view.stock_top)
    if view.waste_top is not None:
        cards.append(view.waste_top)
    return cards


def starts_with_card(text: str, card: Card) -> bool:
    said = text.lower()
    name = card_name(card).lower()
    return any(said.startswith(p + name) for p in ("", "stock: ", "waste: "))


class Player:
    """Keys in, speech out, with the game mirrored by the engine."""

    def __init__(self, desktop: Desktop, game: Game) -> None:
        self.desktop = desktop
        self.game = game
        self.results: list[tuple[str, list[str]]] = []
        self.win_mark = 0
        self.win_count = 0

    def go_to(self, card: Card) -> None:
        """Arrows to ``card`` (Home, then Right), and Orca said its name."""
        order = free_order(self.game)
        at = order.index(card)
        keys = ["Home", *(["Right"] * at)] if at else ["End", "Home"]
        mark = self.desktop.mark()
        self.desktop.key(*keys)
        self.desktop.wait_said(mark, lambda t: starts_with_card(t, card), card_name(card))

    def heard_first(self, key: str, expected: str) -> list[str]:
        """``key`` pressed: Orca says ``expected`` first (nothing but the key's echo
        before it), and speech-dispatcher plays it whole."""
        count = self.desktop.message_count()
        mark = self.desktop.mark()
        self.desktop.key(key)
        said = self.desktop.wait_said(mark, lambda t: expected in t, repr(expected))
        spoken = [t for t in said if not is_echo(t)]
        assert spoken and spoken[0].startswith(expected), (
            f"after {key}, Orca said {spoken} before the result {expected!r}"
        )
        played = self.desktop.wait_played(expected, after=count)
        assert played.outcome == "whole", (
            f"{expected!r} was {played.outcome}: {len(played.reached)} of {played.words} words"
        )
        self.results.append((expected, spoken))
        return said

    def play(self, move: Move) -> str:
        """``move`` by keys, as a player does it; the result's first sentence."""
        game = self.game
        match move:
            case Draw():
                key = "d"
            case Recycle():
                key = "r"
            case RemoveKing(card):
                self.go_to(card)
                key = "Return"
            case RemovePair(first, second):
                self.go_to(first)
                mark = self.desktop.mark()
                self.desktop.key("Return")
                chosen = sentence(messages.selected(first)).rstrip(".")
                said = self.desktop.wait_said(mark, lambda t: chosen in t, chosen)
                # The selection in the game's words only: no "blank", no toggle.
                noise = [t for t in said if t.strip() == "blank" or "toggle" in t]
                assert not noise, f"selecting {first}, Orca said {said}"
                self.go_to(second)
                key = "Return"
            case _:
                raise AssertionError(f"no key for {move}")
        outcome = game.play(move)
        expected = first_sentence(describe(outcome, game)[0])
        if game.won:  # the win: the dialog is heard, not the live region
            self.win_mark = self.desktop.mark()
            self.win_count = self.desktop.message_count()
            self.desktop.key(key)
            return expected
        self.heard_first(key, expected)
        return expected


def test_a_short_deal_won_through_orca(desktop: Desktop, tmp_path: Path) -> None:
    rules = get_rules("paciencia")
    source = random_deal(rules, random.Random(SEED))
    code = source.code
    assert code is not None
    line = solve_shortest(source.layout.position(), rules, timeout=60)
    assert line.verdict is Verdict.WINNABLE
    server = Served(tmp_path / "web", rng=random.Random(SEED))
    try:
        start = desktop.start(server.url + "/")
        # Load: the game's opening line first; no control (the language list) before.
        said = desktop.wait_said(start, lambda t: code in t, "the opening line")
        before = said[:-1]
        assert not [t for t in before if "combo box" in t or "button" in t or "Language" in t], (
            f"said before the opening line: {before}"
        )
        # On load the table has focus and Orca is in its focus mode there: the
        # letters the page speaks of reach the game at once (left on the page's
        # top, Orca read the page aloud and took the first Tab into the table in
        # browse mode, so the letters went to its quick navigation).
        desktop.wait_said(start, lambda t: t == "Focus mode", "focus mode on load")
        game = Game(source.layout, source.rules)
        player = Player(desktop, game)
        player.heard_first("d", first_sentence(describe(game.play(Draw()), game)[0]))
        player.heard_first("u", sentence(messages.undone()))
        game.undo()
        # From the page's top, as a player comes back from reading it (Orca's
        # browse mode, Ctrl+Home), one Tab into the table: focus mode, the letters
        # reach the game.
        mark = desktop.mark()
        desktop.key("Insert+a")
        desktop.wait_said(mark, lambda t: t == "Browse mode", "browse mode")
        mark = desktop.mark()
        desktop.key("ctrl+Home")
        desktop.wait_said(mark, lambda t: words.title() in t, "the page's title")
        # Orca says the title at once and asks Chromium to move its caret there;
        # Chromium does it in its own time, the table's focus then going to the
        # page. A Tab before that (under load: 30 ms before) met Chromium's caret
        # moving behind it and Orca said only "tab"; a player's Tab comes later.
        desktop.wait_event(
            mark,
            f"object:state-changed:focused for [document web | {words.title()}] in "
            "[application | Chromium] (1",
            "the page's focus, Chromium's caret at the top",
        )
        mark = desktop.mark()
        desktop.key("Tab")
        said = desktop.wait_said(mark, lambda t: t == "Focus mode", "focus mode")
        assert [t for t in said if LABEL.match(t.lower())], f"Tab from the top: {said}"
        player.heard_first("d", first_sentence(describe(game.play(Draw()), game)[0]))
        player.heard_first("u", sentence(messages.undone()))
        game.undo()
        for move in line.moves:
            player.play(move)
        assert game.won
        # The win: the dialog's name and its facts, heard whole.
        mark = player.win_mark
        facts = [
            sentence(messages.won()).rstrip("."),
            sentence(messages.moves(game.moves)).rstrip("."),
            code,
        ]
        desktop.wait_said(
            mark, lambda t: all(f in " ".join(desktop.said(mark)) for f in facts), "the win"
        )
        said = desktop.said(mark)
        heard = " ".join(said)
        for fact in facts:
            assert fact in heard, (fact, said)
        played = desktop.wait_played(code, after=player.win_count)
        assert played.outcome == "whole", played
        # Esc closes the dialog: focus is back on the table, in focus mode, and N
        # there deals anew, its answer first (the won deal's empty rows are a list
        # box again before focus enters it: test_web_outcomes).
        mark = desktop.mark()
        desktop.key("Escape")
        desktop.wait_said(mark, lambda t: "button" in t, "the table's focus")
        player.heard_first("n", sentence(messages.new_deal()))
        # The New deal button, from outside the table: Orca says the table's
        # toolbar first as focus comes back into it, so the answer is there.
        button = f"{words.new_deal()} push button"
        for _ in range(8):
            mark = desktop.mark()
            desktop.key("Tab")
            said = desktop.wait_said(mark, lambda t: "button" in t, "a button")
            if any(t.startswith(button) for t in said):
                break
        else:
            raise AssertionError(f"Tab never reached {button!r}")
        player.heard_first("Return", sentence(messages.new_deal()))
        # And N from a card of the pyramid: the focused card goes with its rows,
        # the answer is in the name of the card focus lands on.
        said = player.heard_first("n", sentence(messages.new_deal()))
        assert not [t for t in said if "tool bar" in t or "List with" in t], (
            f"after N on a card, Orca said {said}"
        )
    finally:
        server.stop()
    assert len(player.results) == len([m for m in line.moves]) + 6
