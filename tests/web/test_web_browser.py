"""The page in a real browser (Debian's Chromium through Playwright): a whole deal
won by keyboard in each language and by touch on a phone, the live region, where
focus goes, axe-core on the table, and the page with no JavaScript at all."""

from __future__ import annotations

import functools
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from pyramide_a11y.core import GameSource
from pyramide_a11y.engine import Card, Draw, Game, Move, Recycle, RemoveKing, RemovePair, get_rules
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import card_name, messages, page_words, sentence
from pyramide_a11y.solver import Hint, Knowledge, Verdict, hint_for, solve
from pyramide_a11y.web.forms import ACTIONS

from .conftest import AXE, Served

LANGS = [("en", "en"), ("pt-PT", "pt_PT"), ("pt-BR", "pt_BR")]
KEYS = {"draw": "d", "recycle": "r", "undo": "u", "hint": "h", "new": "n"}
FREE_CARDS = (
    "() => [...document.querySelectorAll('#table button.card.free')].map(b => b.dataset.card)"
)
ACTIVE = "() => { const e = document.activeElement; return e ? (e.id || e.tagName) : ''; }"


@functools.cache
def winnable_deal() -> tuple[str, tuple[Move, ...]]:
    """The first deal of a fixed list that the solver wins, with its winning line."""
    from pyramide_a11y.core.sources import coded_source

    rules = get_rules("paciencia")
    for n in range(1, 200):
        source: GameSource = coded_source(DealCode(rules, n * 7919))
        game = Game(source.layout, source.rules)
        solution = solve(game.position, game.rules, timeout=10)
        if solution.verdict is Verdict.WINNABLE and source.code is not None:
            return source.code, solution.moves
    raise AssertionError("no winnable deal found")


class Table:
    """One page of the game, driven by keys (or by taps) and read back."""

    def __init__(self, page: Any, code: str, *, tap: bool = False) -> None:
        self.page, self.code, self.tap = page, code, tap
        self.heard: list[str] = []

    def mark(self) -> str:
        return str(self.page.evaluate("document.body.dataset.answered || '0'"))

    def answered(self, mark: str) -> str:
        """Waits for the answer after ``mark``; returns the live region's text."""
        self.page.wait_for_function("m => (document.body.dataset.answered || '0') !== m", arg=mark)
        return str(self.page.locator("#answer").inner_text())

    def key(self, key: str) -> str:
        mark = self.mark()
        self.page.keyboard.press(key)
        return self.answered(mark)

    def focus_card(self, card: str) -> None:
        """Arrows (never a click) until ``card`` has the focus."""
        page = self.page
        if not page.evaluate("() => !!document.activeElement.closest('#table')"):
            page.locator("#table button.card[tabindex='0']").focus()
        for _ in range(40):
            if page.evaluate("() => document.activeElement.dataset.card") == card:
                return
            page.keyboard.press("ArrowRight")
        raise AssertionError(f"arrows never reached {card}")

    def focus_no_king(self) -> str:
        """Arrows to a free card that is no King (touched, a King goes at once)."""
        for _ in range(8):
            card = str(self.page.evaluate("() => document.activeElement.dataset.card"))
            if not card.startswith("K"):
                return card
            self.page.keyboard.press("ArrowRight")
        raise AssertionError("only kings are free")

    def touch(self, card: str) -> str:
        if not self.tap:
            self.focus_card(card)
            return self.key("Enter")
        mark = self.mark()
        self.page.locator(f"#table button[data-card='{card}']").tap()
        return self.answered(mark)

    def finish(self, card: str) -> None:
        """The winning touch: the result dialog opens (it is heard, not the live
        region, which goes inside it)."""
        if self.tap:
            self.page.locator(f"#table button[data-card='{card}']").tap()
        else:
            self.focus_card(card)
            self.page.keyboard.press("Enter")
        self.page.wait_for_selector("dialog#result-dialog[open]")

    def act(self, action: str) -> str:
        if not self.tap:
            return self.key(KEYS[action])
        mark = self.mark()
        self.page.locator(f"#{action}").tap()
        return self.answered(mark)

    def pressed(self) -> list[str]:
        """The cards whose accessible name says they are selected («Selected.» first,
        in the page's language); no card is a toggle button (``aria-pressed``:
        Orca said "blank" when it changed)."""
        marks = {}
        for tag, code in LANGS:
            with in_language(code):
                marks[tag] = sentence(page_words.selected())
        return list(
            self.page.evaluate(
                "m => [...document.querySelectorAll('#table button.card')]"
                ".filter(b => { if (b.hasAttribute('aria-pressed')) { throw new Error("
                "'aria-pressed on ' + b.id); }"
                " return (b.getAttribute('aria-label') || '').startsWith("
                "m[document.documentElement.lang]); })"
                ".map(b => b.dataset.card)",
                marks,
            )
        )

    def focus_kept(self) -> None:
        """Focus is on a card of the table or on a control, never on the page."""
        where = self.page.evaluate(
            "() => { const e = document.activeElement;"
            " return e && e.tagName === 'BUTTON' && document.contains(e); }"
        )
        assert where, self.page.evaluate(ACTIVE)

    def answer_carried(self) -> None:
        """Focus moved to a card: its name is the answer first, then the card's short
        name (its words: the face beside them is hidden); or, when focus came into
        the pyramid from outside it (a screen reader says the containers it enters
        first: the table's toolbar from outside the table, the list box from the
        stock or the waste), the outermost one's name is the answer and the card's
        its short name.
        The live region shows the answer without speaking it again."""
        label, short, region, live, listed = self.page.evaluate(
            "() => { const e = document.activeElement; const r = document.getElementById('answer');"
            " const l = e.closest('#table[data-carried], #rows[data-carried]');"
            " return [e.getAttribute('aria-label') || '', e.querySelector('.words').textContent,"
            " r.innerText.trim(), r.getAttribute('aria-live'), l && l.getAttribute('aria-label')];"
            " }"
        )
        assert short, "the card's short name (its words) is empty"
        if listed is not None:
            assert (listed, label) == (region, short)
        else:
            assert label == f"{region} {short}", (label, region)
        assert live == "off"

    def focus_moved_on(self) -> None:
        """After a removal (the focused card gone): on a free card, or on Draw when
        none is left."""
        on_free, free, where = self.page.evaluate(
            "() => { const e = document.activeElement;"
            " const free = document.querySelectorAll("
            "'#table button.card.free').length;"
            " return [!!e.closest('#table button.card.free'), free, e.id]; }"
        )
        assert on_free or (free == 0 and where == "draw"), (on_free, free, where)


STANDING = ("#table", "#rows", "#answer", "#stock-top", "#draw", "[role='toolbar']")
"""The page's standing elements: a new deal changes what is inside them, never them
(a screen reader would announce a new one: Orca once said "Pyramid tool bar")."""


def dealt_anew_in_place(table: Table, press: str) -> str:
    """``press`` deals anew: the standing elements are the same nodes as before (a
    property set on each survives), focus and the table's one tab stop are on the
    new deal's first free card, and the answer is what focus says first (in the
    card's name, or in the container's that focus came into: see ``answer_carried``)."""
    page = table.page
    marked = page.evaluate(
        "s => s.flatMap(q => [...document.querySelectorAll(q)])"
        ".map(e => { e.keptForTest = 'yes'; return e; }).length",
        list(STANDING),
    )
    said = table.key(press).strip()
    kept, focused, stop, first, label, carried = page.evaluate(
        "s => { const e = document.activeElement;"
        " const kept = s.flatMap(q => [...document.querySelectorAll(q)])"
        ".filter(n => n.keptForTest === 'yes').length;"
        " return [kept, e.id, document.querySelector('#table button.card[tabindex=\"0\"]').id,"
        " document.querySelector('#table button.card.free').id, e.getAttribute('aria-label'),"
        " e.closest('[data-carried]') && e.closest('[data-carried]').getAttribute('aria-label')];"
        " }",
        list(STANDING),
    )
    assert kept == marked, f"{marked - kept} of the page's standing elements were replaced"
    assert focused == stop == first, (focused, stop, first)
    assert said and (label.startswith(said) or carried == said), (said, label, carried)
    return said


def document_listeners(page: Any) -> list[str]:
    """The event types the document itself listens to (DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    document = cdp.send("Runtime.evaluate", {"expression": "document"})["result"]
    found = cdp.send("DOMDebugger.getEventListeners", {"objectId": document["objectId"]})
    cdp.detach()
    return [listener["type"] for listener in found["listeners"]]


def axe_violations(page: Any) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run()).violations.map(v => v.id + ' '"
        " + v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary).join('; '))"
    )
    return list(found)


def play_line(table: Table, moves: tuple[Move, ...], language: str) -> None:
    """Every move of the winning line, checking the answers, the selection and focus."""
    page = table.page
    for index, move in enumerate(moves):
        with in_language(language):
            names = {str(c): card_name(c).lower() for c in _cards(move)}
        if index == len(moves) - 1:
            cards = [str(c) for c in _cards(move)]
            for card in cards[:-1]:
                assert names[card] in table.touch(card).lower()
            table.finish(cards[-1])
            return
        if isinstance(move, Draw):
            assert table.act("draw")
        elif isinstance(move, Recycle):
            assert table.act("recycle")
        elif isinstance(move, RemoveKing):
            said = table.touch(str(move.card)).lower()
            assert names[str(move.card)] in said
        else:
            first, second = str(move.first), str(move.second)
            said = table.touch(first).lower()
            assert names[first] in said
            assert table.pressed() == [first]
            said = table.touch(second).lower()
            assert names[second] in said
            assert table.pressed() == []
        table.focus_kept()
        if isinstance(move, RemoveKing | RemovePair):
            table.focus_moved_on()
            if not table.tap:
                table.answer_carried()
        if index == len(moves) // 2:
            assert axe_violations(page) == []


def _cards(move: Move) -> tuple[Any, ...]:
    if isinstance(move, RemovePair):
        return move.cards
    if isinstance(move, RemoveKing):
        return (move.card,)
    return ()


def open_deal(context: Any, served: Served, code: str) -> Table:
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    table = Table(page, code)
    mark = table.mark()
    page.locator("#line").fill(code)
    page.keyboard.press("Enter")
    table.answered(mark)
    return table


@pytest.mark.slow
@pytest.mark.parametrize(("tag", "language"), LANGS)
def test_a_whole_deal_won_by_keyboard(
    browser: Any, served: Served, tag: str, language: str
) -> None:
    code, moves = winnable_deal()
    context = browser.new_context(locale=tag, bypass_csp=True)  # bypass: axe is injected
    table = open_deal(context, served, code)
    page = table.page
    assert page.evaluate("document.documentElement.lang") == tag
    assert code in page.locator("#answer").inner_text()
    assert axe_violations(page) == []
    play_line(table, moves, language)
    with in_language(language):
        won, all_gone = messages.won(), messages.removed_of_28(28)
    assert won in page.locator("dialog #result-heading").inner_text()
    # Focus on the dialog itself: its name and its facts are read, and a stray
    # Enter spends nothing. No click listener on the document (a screen reader
    # would call everything "clickable").
    assert page.evaluate(ACTIVE) == "result-dialog"
    assert page.locator("dialog").get_attribute("aria-describedby") == "result-facts"
    assert "click" not in document_listeners(page)
    assert all_gone in page.locator("#status").inner_text()
    assert axe_violations(page) == []
    page.reload()
    assert page.evaluate("document.documentElement.lang") == tag
    assert all_gone in page.locator("#status").inner_text()
    page.wait_for_selector("dialog#result-dialog[open]")
    assert won in page.locator("dialog #result-heading").inner_text()
    # Esc closes the dialog, focus is on the table (the stock's top); N there deals
    # anew inside the same table, its answer first.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result-dialog", state="detached")
    assert page.evaluate("() => !!document.activeElement.closest('#table')")
    with in_language(language):
        new_deal = sentence(messages.new_deal())
    assert dealt_anew_in_place(table, "n").startswith(new_deal)
    context.close()


def test_the_same_answer_twice_is_heard_twice_and_keys_switch_off(
    browser: Any, served: Served
) -> None:
    context = browser.new_context(locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")  # game.js ran under the CSP
    page.evaluate(
        "() => { window.heard = []; new MutationObserver(() => "
        "window.heard.push(document.getElementById('answer').textContent))"
        ".observe(document.getElementById('answer'), {childList: true, subtree: true}); }"
    )
    table = Table(page, "")
    opening = page.locator("#answer").inner_text()
    page.locator("#table button.card[tabindex='0']").focus()
    first = table.key("u")
    second = table.key("u")
    assert first == second and first
    # Cleared, then set, each time: a screen reader hears it twice.
    assert page.evaluate("window.heard")[-4:] == ["", first, "", first]
    # N deals anew; U after it brings the deal back, as in the terminal.
    found = re.search(r"PY1-P-[A-Z]{7}", opening)
    assert found is not None, opening
    assert found.group(0) not in table.key("n")
    assert found.group(0) in table.key("u")
    table.focus_kept()
    # Esc cancels a selection; the single-letter keys can be switched off.
    free = table.focus_no_king()
    table.key("Enter")
    assert table.pressed() == [free]
    table.key("Escape")
    assert table.pressed() == []
    mark = table.mark()
    page.locator("#letter-keys").click()
    table.answered(mark)
    assert page.locator("#letter-keys").get_attribute("aria-pressed") == "false"
    stock = page.locator("#status").inner_text()
    page.locator("#table button.card[tabindex='0']").focus()
    page.keyboard.press("d")
    table.key("Escape")  # an answer after the d: the d had its chance to act
    assert page.locator("#status").inner_text() == stock
    assert not [e for e in errors if "Content Security Policy" in e]
    context.close()


@pytest.mark.slow
def test_a_whole_deal_won_by_touch_on_a_phone(
    browser: Any, playwright: Any, served: Served
) -> None:
    code, moves = winnable_deal()
    context = browser.new_context(**playwright.devices["Pixel 7"], locale="pt-BR")
    table = open_deal(context, served, code)
    table.tap = True
    for move in moves[:-1]:
        if isinstance(move, Draw | Recycle):
            table.act("draw" if isinstance(move, Draw) else "recycle")
        else:
            for card in _cards(move):
                table.touch(str(card))
    last = [str(card) for card in _cards(moves[-1])]
    for card in last[:-1]:
        table.touch(card)
    table.finish(last[-1])
    with in_language("pt_BR"):
        assert messages.won() in table.page.locator("dialog #result-heading").inner_text()
    sizes = table.page.evaluate(
        "() => [...document.querySelectorAll('button')].map(b => {"
        " const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); })"
    )
    assert min(sizes) >= 44
    context.close()


def test_the_page_plays_without_javascript(browser: Any, served: Served) -> None:
    context = browser.new_context(java_script_enabled=False, locale="en")
    page = context.new_page()
    page.goto(served.url + "/")
    stock = page.locator("#status").inner_text()
    with page.expect_navigation(url=served.url + "/"):
        page.locator("#draw").click()
    assert page.locator("#status").inner_text() != stock
    with in_language("en"):
        assert messages.stock_count(23) in page.locator("#status").inner_text()
    # A pair (or a king) of the free cards, by form posts: drawn for until one shows.
    for _ in range(24):
        pyramid = page.evaluate(FREE_CARDS.replace("#table", "#table ul.row"))
        tops = page.evaluate(FREE_CARDS.replace("#table", "#table ul.piles"))
        cards = [Card.parse(c) for c in pyramid + tops]
        removal = next(
            (
                [a] if a.rank.value == 13 else [a, b]
                for a in cards
                for b in cards
                if a.rank.value == 13 or a.rank.value + b.rank.value == 13
            ),
            None,
        )
        if removal is not None:
            break
        with page.expect_navigation(url=served.url + "/"):
            page.locator("#draw").click()
    assert removal is not None
    for card in removal:
        with page.expect_navigation(url=served.url + "/"):
            page.locator(f"#table button[data-card='{card}']").click()
    expected = sum(str(card) in pyramid for card in removal)
    with in_language("en"):
        assert messages.removed_of_28(expected) in page.locator("#status").inner_text()
    context.close()


def test_a_slow_hint_says_searching_then_the_hint(browser: Any, tmp_path: Path) -> None:
    gate = threading.Event()

    def slow(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        gate.wait(20)
        return hint_for(knowledge, budget, cancelled)

    served = Served(tmp_path / "web", hint_finder=slow)
    try:
        context = browser.new_context(locale="pt-BR")
        page = context.new_page()
        page.goto(served.url + "/")
        page.wait_for_selector("body[data-ready='yes']")
        table = Table(page, "")
        page.locator("#table button.card[tabindex='0']").focus()
        assert table.key("h") == "Procurando uma solução."
        assert page.locator("#searching").inner_text() == "Procurando uma solução."
        table.focus_no_king()
        said = table.key("Enter")  # the table keeps answering while the hint thinks
        assert said != "Procurando uma solução."
        before = page.locator("#answer p").all_inner_texts()
        mark = table.mark()
        gate.set()
        table.answered(mark)  # brought by the page's poll, added after the answer
        after = page.locator("#answer p").all_inner_texts()
        assert after[: len(before)] == before and len(after) == len(before) + 1
        assert after[-1].startswith("Dica")
        assert page.locator("#searching").count() == 0
        context.close()
    finally:
        gate.set()
        served.stop()


def test_zoom_and_forced_colours(browser: Any, served: Served) -> None:
    # 200% zoom of a 1280-pixel window: a 640-pixel viewport at twice the density.
    context = browser.new_context(
        viewport={"width": 640, "height": 900}, device_scale_factor=2, bypass_csp=True
    )
    page = context.new_page()
    page.emulate_media(forced_colors="active", reduced_motion="reduce")
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    assert axe_violations(page) == []
    context.close()


def test_actions_are_known_to_the_keys() -> None:
    assert set(KEYS) <= set(ACTIONS)


def test_focus_carries_the_answer_and_stays_on_the_table(browser: Any, served: Served) -> None:
    """After a removal the card focus lands on says the answer first, until focus
    leaves it; after a new deal focus and the table's tab stop are on its first
    free card; Up and Down change rows."""
    code, moves = winnable_deal()
    context = browser.new_context(locale="en")
    table = open_deal(context, served, code)
    page = table.page
    page.locator("#table button.card[tabindex='0']").focus()
    # Home: the first free card; Down: the next row that way (the stock); Up: back.
    page.keyboard.press("Home")
    first = page.evaluate(ACTIVE)
    page.keyboard.press("ArrowDown")
    assert page.evaluate(ACTIVE) == "stock-top"
    page.keyboard.press("ArrowUp")
    assert page.evaluate("() => !!document.activeElement.closest('ul.row')")
    assert page.evaluate(ACTIVE) != first  # the nearest card up: the row's last
    index = next(i for i, m in enumerate(moves) if isinstance(m, RemoveKing | RemovePair))
    for move in moves[:index]:
        table.act("draw" if isinstance(move, Draw) else "recycle")
    for card in _cards(moves[index]):
        table.touch(str(card))
    table.answer_carried()
    carried = page.evaluate(ACTIVE)
    page.keyboard.press("ArrowRight")
    label = page.locator(f"#{carried}").get_attribute("aria-label") or ""
    assert ": row " in label and not label.startswith(page.locator("#answer").inner_text())
    # A new deal from the table: its first free card, the answer in its name.
    said = table.key("n")
    assert page.evaluate(ACTIVE) == page.evaluate(
        "() => document.querySelector('#table button.card.free').id"
    )
    assert page.locator("#table button.card[tabindex='0']").get_attribute("id") == page.evaluate(
        ACTIVE
    )
    assert said and page.evaluate(
        "() => document.activeElement.getAttribute('aria-label')"
    ).startswith(said.strip())
    # The New deal button: focus goes to the table too, where the keys work.
    page.locator("#new").focus()
    table.key("Enter")
    assert page.evaluate("() => !!document.activeElement.closest('#table')")
    context.close()


def test_a_new_deal_keeps_the_table_and_its_toolbars(browser: Any, served: Served) -> None:
    """A new deal (N on a card, the New deal button) changes the cards inside the
    table, not the table: its toolbar, the pyramid's list box, the piles and the
    live region are the same elements, focus is on the first free card of the new
    deal, and its answer is said first. The whole table replaced, focus landed in
    a new toolbar and Orca said "Pyramid tool bar" before "New deal."."""
    context = browser.new_context(locale="en")
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    table = Table(page, "")
    new_deal = sentence(messages.new_deal())
    page.keyboard.press("End")  # on the waste side: focus is not on the first free card
    assert dealt_anew_in_place(table, "n").startswith(new_deal)
    page.locator("#new").focus()
    assert dealt_anew_in_place(table, "Enter").startswith(new_deal)
    context.close()


def test_the_table_has_focus_on_arrival(browser: Any, served: Served) -> None:
    """On load, and on the page reloaded in another language, focus is on the
    table's one tab stop, its first free card: a screen reader is then in its
    focus mode there, so the letters the page speaks of reach the game at once
    (left on the page's top, Orca reads the page aloud and takes a Tab into the
    table in browse mode; ``test_web_orca`` hears it). The letters work at once."""
    context = browser.new_context(locale="en")
    page = context.new_page()
    stop = "() => document.querySelector('#table button.card[tabindex=\"0\"]').id"
    first_free = "() => document.querySelector('#table button.card.free').id"
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    assert page.evaluate(ACTIVE) == page.evaluate(stop) == page.evaluate(first_free)
    stock = page.locator("#status").inner_text()
    # No click, no Tab: the first key pressed on the page draws.
    Table(page, "").key("d")
    assert page.locator("#status").inner_text() != stock
    # The languages are a form post: the page comes back in Portuguese, focus on
    # the table again.
    page.locator("#lang-pt-PT").click()
    page.wait_for_selector("html[lang='pt-PT'] body[data-ready='yes']")
    assert page.evaluate(ACTIVE) == page.evaluate(stop) == page.evaluate(first_free)
    context.close()


def test_the_pyramid_is_one_list_box_of_cards(browser: Any, served: Served) -> None:
    """With the script, the pyramid is one list box of options named "Pyramid": a
    screen reader says a card by its name alone, with no role word after each
    ("push button") and nothing at a change of row; its row headings and gaps are
    for reading the page, out of the list box. Focus coming into the table from
    outside it (here: New deal) puts the answer in the name of the table's
    toolbar, the first thing said (Orca: "Pyramid tool bar" first, when the list
    box carried it); the list box is "Pyramid". Without the script the cards are
    buttons under their rows' headings."""
    context = browser.new_context(locale="en")
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    shape = (
        "() => { const l = document.getElementById('rows');"
        " const cards = [...l.querySelectorAll('button.card')];"
        " return [l.getAttribute('role'), l.getAttribute('aria-labelledby'),"
        " l.getAttribute('aria-label'), cards.length,"
        " cards.every(c => c.getAttribute('role') === 'option'),"
        " [...l.querySelectorAll('h3')].every(h => h.getAttribute('aria-hidden') === 'true')]; }"
    )
    assert page.evaluate(shape) == ["listbox", "pyramid-heading", None, 28, True, True]
    table = Table(page, "")
    page.locator("#new").focus()
    said = table.key("Enter").strip()
    focused = page.evaluate(
        "() => { const e = document.activeElement; const t = document.getElementById('table');"
        " return [e.getAttribute('aria-label'), e.querySelector('.words').textContent,"
        " e.getAttribute('role'), t.getAttribute('aria-label'),"
        " t.getAttribute('aria-labelledby')]; }"
    )
    label, words, role, table_name, table_labelledby = focused
    assert said and table_name == said and table_labelledby is None, (table_name, said)
    assert label == words and role == "option"
    assert page.evaluate(shape)[:3] == ["listbox", "pyramid-heading", None]
    page.keyboard.press("ArrowRight")  # the answer was heard: the table is "Pyramid" again
    assert page.evaluate(
        "() => [document.getElementById('table').getAttribute('aria-label'),"
        " document.getElementById('table').getAttribute('aria-labelledby')]"
    ) == [None, "pyramid-heading"]
    context.close()
    plain = browser.new_context(locale="en", java_script_enabled=False)
    page = plain.new_page()
    page.goto(served.url + "/")
    assert page.evaluate("() => document.getElementById('rows').getAttribute('role')") is None
    assert page.locator("#rows h3").count() == 7
    assert page.get_by_role("button", name="row 7, position 1", exact=False).count() == 1
    plain.close()
