"""Only what changed, in a real browser (issue 38): moves answered with patches of
the game fragment leave the page exactly as a fresh load of it shows the table."""

from __future__ import annotations

from typing import Any

from pyramide_a11y.engine import Draw, Recycle, RemoveKing, RemovePair

from .conftest import Served
from .test_web_browser import Table, open_deal, winnable_deal

GAME = """() => {
  const game = document.getElementById('game').cloneNode(true);
  // Where the roving stop is follows focus, not the table.
  game.querySelectorAll('[tabindex]').forEach(e => e.removeAttribute('tabindex'));
  return game.outerHTML;
}"""


def _game(page: Any) -> str:
    """The game's DOM with focus out of it (a card that carried the answer in its
    name has its own name back)."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return str(page.evaluate(GAME))


def test_moves_applied_as_patches_give_the_dom_of_a_fresh_load(
    browser: Any, served: Served
) -> None:
    code, moves = winnable_deal()
    context = browser.new_context(locale="en")
    table = open_deal(context, served, code)
    page = table.page
    answers: list[Any] = []
    page.on("response", lambda r: answers.append(r) if r.request.method == "POST" else None)
    played = moves[: min(len(moves) - 1, 24)]
    for move in played:
        if isinstance(move, Draw):
            table.act("draw")
        elif isinstance(move, Recycle):
            table.act("recycle")
        elif isinstance(move, RemoveKing):
            table.touch(str(move.card))
        elif isinstance(move, RemovePair):
            table.touch(str(move.first))
            table.touch(str(move.second))
        table.focus_kept()
    bodies = [answer.json() for answer in answers]
    patched = [body for body in bodies if "patch" in body]
    assert bodies and len(patched) == len(bodies)  # the whole fragment was never sent again
    played_dom = _game(page)
    fresh = context.new_page()
    fresh.goto(served.url + "/")
    fresh.wait_for_selector("body[data-ready='yes']")
    assert _game(fresh) == played_dom
    # And back on the played page, the next move still plays from what it holds.
    page.locator("#table button.card.free").first.focus()
    mark = Table(page, code).mark()
    page.keyboard.press("Escape")
    Table(page, code).answered(mark)
    context.close()
