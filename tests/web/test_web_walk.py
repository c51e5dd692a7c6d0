"""One web move enters the core once (issue 37): the walk of a POST of one card
(``benchmarks/web_walk.py``) counts the web's calls into each package of ours.

The page renders from the plain record :meth:`Session.turn
<pyramide_a11y.core.Session.turn>` returns: no call into the engine (card words
come from narration, through the core), none into i18n (the turn is worded in
the player's language), one into the core; the other packages it enters, at most
as often as measured, so any new call out of the web shows here.
"""

from __future__ import annotations

from benchmarks.web_walk import walk_of_one_card, web_calls


def test_one_card_from_the_web_enters_the_core_once() -> None:
    walk = walk_of_one_card()
    calls = web_calls(walk)
    assert calls["core"] == 1  # Session.turn
    assert not calls.keys() & {"engine", "i18n", "solver"}, calls
    # What else the web enters, at most as measured (3 December 2026): the card
    # button's command (TouchCards.named); the page's frame and the page's
    # context (on_page: in and out). Fewer is fine; more is a new call out of
    # the web to read.
    assert calls.get("commands", 0) <= 1
    assert calls.get("narration", 0) <= 3
    # The player's turn at its store (Store.page_turn): in once (the lock, the
    # one commit, the page record read), out once (the record written, the
    # writer marked, the lock let go).
    assert calls.get("storage", 0) == 2
    # The core's turn does the move and words the table: its calls stay below it.
    assert ("core", "engine") in walk.crossings
