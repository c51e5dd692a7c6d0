"""A whole deal of the presets `pyramide` (seed 000) and `classic` (seed 002) won on
the page, by keyboard in each language and by tap on a phone: the deal started
with ``new CODE`` typed in the command box, then its shortest winning line, the
answer, the counts and focus checked after each action, axe-core mid-game and on
the result dialog. (`paciencia`, the page's default, is test_web_browser's.)"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pyramide_a11y.core.sources import coded_source
from pyramide_a11y.engine import Draw, Game, Move, Recycle, RemoveKing, parse_code
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import card_name, messages, sentence
from pyramide_a11y.narration.narrator import counts
from pyramide_a11y.solver import Verdict
from pyramide_a11y.solver.shortest import solve_shortest

from .conftest import Served
from .test_web_browser import ACTIVE, LANGS, Table, _cards, axe_violations

# Deals the solver wins in under a second; the pyramide line recycles once.
PRESETS = {"pyramide": "PY1-N-AAABJDT", "classic": "PY1-C-AACIVLX"}
PLAYED_SECONDS = 65.0  # the fake clock at the winning touch
SPOKEN = {"en": "en", "pt-PT": "pt_PT", "pt-BR": "pt_BR"}


@functools.cache
def winning_line(code: str) -> tuple[Move, ...]:
    source = coded_source(parse_code(code))
    found = solve_shortest(source.layout.position(), source.rules, timeout=60)
    assert found.verdict is Verdict.WINNABLE, code
    return found.moves


class Clock:
    """The games' clock: stands still until the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clocked(tmp_path: Path) -> Iterator[tuple[Served, Clock]]:
    clock = Clock()
    server = Served(tmp_path / "web", game_clock=clock)
    yield server, clock
    server.stop()


def status_is(page: Any, game: Game, language: str) -> None:
    """The status says the engine's counts: removed, stock, pass, score."""
    status = page.locator("#status").inner_text()
    with in_language(language):
        parts = [sentence(part) for part in counts(game)]
    for part in parts:
        assert part in status, (part, status)


def focus_ok(table: Table) -> None:
    """By keyboard focus stays in the table; by tap on a button of the page."""
    if table.tap:
        table.focus_kept()
    else:
        assert table.page.evaluate("() => !!document.activeElement.closest('#table')"), (
            table.page.evaluate(ACTIVE)
        )


def play_preset(
    context: Any, clocked: tuple[Served, Clock], preset: str, language: str, *, tap: bool
) -> None:
    served, clock = clocked
    code, moves = PRESETS[preset], winning_line(PRESETS[preset])
    source = coded_source(parse_code(code))
    game = Game(source.layout, source.rules)
    assert source.rules.name == preset
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    table = Table(page, code, tap=tap)
    mark = table.mark()
    page.locator("#line").fill(f"new {code}")
    if table.tap:
        page.locator("#send").tap()
    else:
        page.keyboard.press("Enter")
    assert code in table.answered(mark)
    status_is(page, game, language)
    if not table.tap:
        page.locator("#table button.card[tabindex='0']").focus()
    for index, move in enumerate(moves):
        cards = [str(card) for card in _cards(move)]
        game.play(move)
        with in_language(language):
            names = [card_name(card).lower() for card in _cards(move)]
            if isinstance(move, Draw):
                assert game.position.waste_top is not None
                expected = [messages.drew(game.position.waste_top).lower()]
            elif isinstance(move, Recycle):
                expected = [messages.recycled().lower()]
            else:
                expected = names
        if index == len(moves) - 1:
            clock.now = PLAYED_SECONDS
            for card in cards[:-1]:
                assert names[0] in table.touch(card).lower()
            table.finish(cards[-1])
            break
        if isinstance(move, Draw | Recycle):
            said = table.act("draw" if isinstance(move, Draw) else "recycle").lower()
        else:
            if not isinstance(move, RemoveKing):
                assert names[0] in table.touch(cards[0]).lower()
                assert table.pressed() == [cards[0]]
            said = table.touch(cards[-1]).lower()
            assert table.pressed() == []
        for words in expected:
            assert words in said, (words, said)
        status_is(page, game, language)
        focus_ok(table)
        if not isinstance(move, Draw | Recycle) and not table.tap:
            table.focus_moved_on()
        if index == len(moves) // 2:
            assert axe_violations(page) == []
    assert game.won
    won_by(page, game, code, len(moves), language)


def won_by(page: Any, game: Game, code: str, moves: int, language: str) -> None:
    """The result dialog: focus on its heading, the time, moves, cards and code."""
    with in_language(language):
        heading = sentence(messages.won()).removesuffix(".")
        facts = [
            sentence(messages.elapsed(PLAYED_SECONDS)),
            sentence(messages.moves(moves)),
            sentence(messages.won_panel_removed(28)),
            code,
        ]
    dialog = page.get_by_role("dialog", name=heading)
    assert dialog.is_visible()
    assert page.evaluate(ACTIVE) == "result-dialog"  # the dialog itself: name and facts read
    said = page.locator("#result-facts").inner_text()
    for fact in facts:
        assert fact in said, (fact, said)
    assert page.locator("dialog #answer[aria-live='polite']").count() == 1
    status_is(page, game, language)
    assert axe_violations(page) == []


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize(("tag", "language"), LANGS)
def test_a_preset_won_by_keyboard(
    browser: Any, clocked: tuple[Served, Clock], preset: str, tag: str, language: str
) -> None:
    context = browser.new_context(locale=tag, bypass_csp=True)  # bypass: axe is injected
    try:
        play_preset(context, clocked, preset, language, tap=False)
    finally:
        context.close()


@pytest.mark.slow
@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("tag", ["pt-PT", "pt-BR", "en"])
def test_a_preset_won_by_tap_on_a_phone(
    browser: Any, playwright: Any, clocked: tuple[Served, Clock], preset: str, tag: str
) -> None:
    context = browser.new_context(**playwright.devices["Pixel 7"], locale=tag, bypass_csp=True)
    try:
        play_preset(context, clocked, preset, SPOKEN[tag], tap=True)
    finally:
        context.close()
