"""One web move enters the core once (issue 37): the walk of a POST of one card
(``benchmarks/web_walk.py``) counts the web's calls into each package of ours.

The page renders from the plain record :meth:`Session.turn
<pyramide_a11y.core.Session.turn>` returns: no call into the engine (card words
come from narration, through the core), none into i18n (the turn is worded in
the player's language), one into the core. The counts are exact, so any new call
out of the web shows here as a diff to read.
"""

from __future__ import annotations

from benchmarks.web_walk import walk_of_one_card, web_calls


def test_one_card_from_the_web_enters_the_core_once() -> None:
    walk = walk_of_one_card()
    assert web_calls(walk) == {
        "commands": 1,  # the card button's command (TouchCards.named)
        "core": 1,  # Session.turn
        "narration": 3,  # the page's frame; the page's context (on_page: in and out)
        "storage": 6,  # the players' sync across workers (exclusive, one commit: in
        # and out; the page kept read and written)
    }
    # The core's turn does the move and words the table: its calls stay below it.
    assert ("core", "engine") in walk.crossings and ("web", "engine") not in walk.crossings
