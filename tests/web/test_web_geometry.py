"""The page as a low-vision player sees it, checked by geometry, not by pixels: a
412 × 915 phone (touch), a 1280 × 800 desktop, the same desktop at 200% zoom, and
forced colours. Positions, overlaps and sizes of the targets are read from the
layout Debian's Chromium gives the page: the pyramid keeps its shape (row 7 on
one line, each card centred on the two that cover it), cards stay where they are
after a pair, the page does not grow, the answer is in view after every tap,
Draw, the stock and the waste are next to the table, every target is at least
44 px, and the card states differ in shape, not only in colour."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.engine import get_rules
from pyramide_a11y.engine.position import Reason
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import help as help_text
from pyramide_a11y.narration import messages, page_words, sentence
from pyramide_a11y.web.app import create_app

from .conftest import Served, token_of
from .sizes import SIZES, removal
from .test_web_browser import axe_violations

MIN_TARGET = 44
FIRST_LINE = 40
"""CSS pixels of the answer's first line (its border, padding and one line)."""

RECTS = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect();
    return {id: e.id, x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; })"""
IN_VIEW = """() => { const r = document.getElementById('answer').getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: innerHeight}; }"""
PAGE_HEIGHT = "() => document.documentElement.scrollHeight"


@pytest.fixture
def seen(tmp_path: Path) -> Iterator[Served]:
    """The app, its first deal always the same one."""
    server = Served(tmp_path / "web", rng=random.Random(4))
    yield server
    server.stop()


class Page:
    """One page at one size, tapped (or clicked) and measured."""

    def __init__(self, browser: Any, served: Served, size: str, *, forced: bool = False) -> None:
        self.touch = size == "phone"
        # bypass_csp: axe-core is injected
        self.context = browser.new_context(locale="pt-BR", bypass_csp=True, **SIZES[size])
        self.page = self.context.new_page()
        if forced:
            self.page.emulate_media(forced_colors="active")
        self.page.goto(served.url + "/")
        self.page.wait_for_selector("body[data-ready='yes']")

    def close(self) -> None:
        self.context.close()

    def rects(self, selector: str) -> list[dict[str, Any]]:
        return list(self.page.evaluate(RECTS, selector))

    def press(self, selector: str) -> str:
        """Taps (or clicks) ``selector`` and waits for the answer; returns it."""
        page = self.page
        mark = page.evaluate("document.body.dataset.answered || '0'")
        target = page.locator(selector)
        # Playwright waits for aria-disabled to go: a grey control is pressed anyway.
        force = target.get_attribute("aria-disabled") == "true"
        if self.touch:
            target.tap(force=force)
        else:
            target.click(force=force)
        page.wait_for_function("m => (document.body.dataset.answered || '0') !== m", arg=mark)
        return str(page.locator("#answer").inner_text())

    def answer_off_screen(self) -> float:
        """How far the answer's beginning (its top edge and first line) lies outside
        the view, in CSS pixels: 0 when it shows."""
        box = self.page.evaluate(IN_VIEW)
        if box["top"] < 0:
            return float(-box["top"])
        return float(max(0.0, box["top"] + FIRST_LINE - box["height"]))

    def removal(self) -> list[str] | None:
        """A King or a pair among the free cards and the tops, as the player sees them."""
        free = self.page.evaluate(
            "() => [...document.querySelectorAll('#table button.card.free')]"
            ".map(b => b.dataset.card)"
        )
        return removal(free)


def overlaps(rects: list[dict[str, Any]]) -> list[tuple[str, str]]:
    found = []
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            if (
                a["x"] < b["x"] + b["w"] - 0.5
                and b["x"] < a["x"] + a["w"] - 0.5
                and a["y"] < b["y"] + b["h"] - 0.5
                and b["y"] < a["y"] + a["h"] - 0.5
            ):
                found.append((a["id"], b["id"]))
    return found


@pytest.mark.parametrize("size", list(SIZES))
def test_the_pyramid_keeps_its_shape_and_every_target_its_size(
    browser: Any, seen: Served, size: str
) -> None:
    view = Page(browser, seen, size)
    try:
        page = view.page
        assert page.evaluate(
            "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
        )
        slots = {r["id"]: r for r in view.rects("#table ul.row > li")}
        assert len(slots) == 28
        row7 = [slots[f"slot-{slot}"] for slot in range(21, 28)]
        assert len({round(r["y"]) for r in row7}) == 1, "row 7 is not on one line"
        assert all(a["x"] + a["w"] <= b["x"] for a, b in itertools.pairwise(row7))
        # Each card centred between the two just below it: the pyramid's shape.
        slot = 0
        for row in range(1, 7):
            for _ in range(row):
                centre = slots[f"slot-{slot}"]["x"] + slots[f"slot-{slot}"]["w"] / 2
                left, right = slots[f"slot-{slot + row}"], slots[f"slot-{slot + row + 1}"]
                below = (left["x"] + right["x"] + right["w"]) / 2
                assert abs(centre - below) <= 1, (slot, centre, below)
                assert slots[f"slot-{slot}"]["y"] < left["y"]
                slot += 1
        buttons = view.rects("main button")
        small = [(b["id"], b["w"], b["h"]) for b in buttons if min(b["w"], b["h"]) < MIN_TARGET]
        assert not small, small
        assert not overlaps(buttons)
        # Draw, the stock and the waste within reach: right under row 7.
        bottom7 = max(r["y"] + r["h"] for r in row7)
        for pile in ("#stock-top", "#draw", "#recycle", "#waste-top"):
            (rect,) = view.rects(pile)
            assert 0 <= rect["y"] - bottom7 <= 2 * row7[0]["h"], (pile, rect, bottom7)
        # The four fixed controls under the table (or beside it), in seed 004's order.
        fixed = view.rects(".fixed-controls button")
        assert [b["id"] for b in fixed] == ["undo", "hint", "new", "rules"]
    finally:
        view.close()


def test_the_play_area_fits_a_phone_screen(browser: Any, seen: Served) -> None:
    """From the table's top to the end of the four controls and the answer's first
    line: one screen of the 412 × 915 phone, no scrolling screens away."""
    view = Page(browser, seen, "phone")
    try:
        (table,) = view.rects("#table")
        controls = view.rects(".fixed-controls button")
        (answer,) = view.rects("#answer")
        end = max(max(b["y"] + b["h"] for b in controls), answer["y"] + FIRST_LINE)
        assert end <= SIZES["phone"]["viewport"]["height"], (table, end)
    finally:
        view.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_answer_is_in_view_after_every_tap(browser: Any, seen: Served, size: str) -> None:
    view = Page(browser, seen, size)
    try:
        first = view.page.evaluate(
            "() => document.querySelector('#table ul.row button.card.free').id"
        )
        for target in (f"#{first}", f"#{first}", "#draw", "#hint", "#recycle", "#undo"):
            said = view.press(target)
            assert said
            assert view.answer_off_screen() == 0, (target, view.page.evaluate(IN_VIEW))
    finally:
        view.close()


def test_cards_stay_put_and_the_page_does_not_grow_as_cards_go(browser: Any, seen: Served) -> None:
    view = Page(browser, seen, "phone")
    try:
        before = {r["id"]: r for r in view.rects("#table li")}
        height = view.page.evaluate(PAGE_HEIGHT)
        gone = 0
        for _ in range(30):
            removal = view.removal()
            if removal is None:
                view.press("#draw")
                continue
            ids = [
                view.page.evaluate(f"() => document.querySelector(\"[data-card='{c}']\").id")
                for c in removal
            ]
            for card in removal:
                view.press(f"#table button[data-card='{card}']")
            gone += sum(i.startswith("card-") for i in ids)
            after = {r["id"]: r for r in view.rects("#table ul.row > li")}
            for slot, rect in after.items():
                assert rect == before[slot], (slot, rect, before[slot])
            assert view.page.evaluate(PAGE_HEIGHT) <= height
            if gone >= 4:
                break
        assert gone >= 4, "too few cards went to measure"
        # A removed card's place: no card-sized box, a small mark only.
        gaps = view.page.evaluate(
            """() => [...document.querySelectorAll('#table ul.row .gap')].map(g => {
              const s = getComputedStyle(g), a = getComputedStyle(g, '::after');
              return [s.borderTopStyle, parseFloat(a.width), parseFloat(a.height)]; })"""
        )
        assert len(gaps) == gone
        assert all(style == "none" and w <= 16 and h <= 16 for style, w, h in gaps), gaps
    finally:
        view.close()


SIGNATURE = """el => { const s = getComputedStyle(el), a = getComputedStyle(el, '::after'),
  b = getComputedStyle(el, '::before');
  return [s.borderTopStyle, s.borderTopWidth, s.outlineStyle, s.boxShadow !== 'none',
    a.content, b.content].join(' '); }"""


@pytest.mark.parametrize("forced", [False, True], ids=["colours", "forced-colours"])
def test_card_states_differ_by_more_than_colour(browser: Any, seen: Served, forced: bool) -> None:
    """Free, covered, selected, the selected card's partners and the hint's cards:
    each its own shape (border style and width, outline, marks), colours aside."""
    view = Page(browser, seen, "desktop", forced=forced)
    page = view.page
    try:
        view.press("#hint")
        for _ in range(24):
            if page.locator("#table .card.hinted").count():
                break
            view.press("#draw")
            view.press("#hint")
        hinted = page.locator("#table .card.hinted").first
        signatures = {"hinted": hinted.evaluate(SIGNATURE)}
        selected = None
        for code in page.evaluate(
            "() => [...document.querySelectorAll('#table .card.free:not(.hinted)')]"
            ".map(b => b.dataset.card)"
        ):
            if code.startswith("K"):
                continue
            view.press(f"#table [data-card='{code}']")
            if page.locator("#table .card.partner:not(.hinted)").count():
                selected = code
                break
            view.press(f"#table [data-card='{code}']")  # the same card again: cancelled
        assert selected is not None, "no free card with a partner"
        signatures["selected"] = page.locator("#table .card.selected").evaluate(SIGNATURE)
        signatures["partner"] = page.locator("#table .card.partner:not(.hinted)").first.evaluate(
            SIGNATURE
        )
        signatures["free"] = page.locator(
            "#table .card.free:not(.selected):not(.partner):not(.hinted)"
        ).first.evaluate(SIGNATURE)
        signatures["covered"] = page.locator("#table .card.covered").first.evaluate(SIGNATURE)
        assert len(set(signatures.values())) == 5, signatures
        assert axe_violations(page) == []
    finally:
        view.close()


def test_recycle_is_grey_until_the_stock_is_empty_and_says_why(browser: Any, seen: Served) -> None:
    view = Page(browser, seen, "phone")
    page = view.page
    try:
        assert page.locator("#recycle").get_attribute("aria-disabled") == "true"
        assert page.locator("#draw").get_attribute("aria-disabled") is None
        grey = page.locator("#recycle").evaluate("e => getComputedStyle(e).borderTopStyle")
        lit = page.locator("#draw").evaluate("e => getComputedStyle(e).borderTopStyle")
        assert (grey, lit) == ("dashed", "solid")
        with in_language("pt_BR"):
            why = sentence(messages.refusal(Reason.RECYCLE_STOCK_NOT_EMPTY, ()))
        assert why.lower().rstrip(".") in view.press("#recycle").lower()
        for _ in range(24):
            if page.locator("#draw").get_attribute("aria-disabled") == "true":
                break
            view.press("#draw")
        assert page.locator("#recycle").get_attribute("aria-disabled") is None
        assert page.locator("#draw").get_attribute("aria-disabled") == "true"
    finally:
        view.close()


def test_rules_on_a_phone_speak_of_taps_in_view(browser: Any, seen: Served) -> None:
    view = Page(browser, seen, "phone")
    try:
        said = view.press("#rules")
        with in_language("pt_BR"):
            lines = help_text.rules_lines(get_rules("paciencia"), touch=True)
        assert said.split() == " ".join(lines).split()  # one paragraph per answer
        assert "Toque em uma carta para selecioná-la" in said and "Com d" not in said
        box = view.page.evaluate(IN_VIEW)
        assert 0 <= box["top"] < box["height"] - 100, box
        assert axe_violations(view.page) == []
    finally:
        view.close()


@pytest.mark.parametrize("language", ["en", "pt_PT", "pt_BR"])
def test_the_touch_rules_name_the_buttons_not_the_letters(tmp_path: Path, language: str) -> None:
    tag = {"en": "en", "pt_PT": "pt-PT", "pt_BR": "pt-BR"}[language]
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        token = token_of(client.get("/", headers={"accept-language": tag}).text)
        fields = {"token": token, "do": "rules"}
        typed = client.post("/act", data=fields, headers={"accept": "application/json"})
        tapped = client.post(
            "/act", data={**fields, "pointer": "coarse"}, headers={"accept": "application/json"}
        )
    keys, taps = typed.json()["answer"], tapped.json()["answer"]
    with in_language(language):
        draw, recycle = page_words.draw(), page_words.recycle()
    assert keys != taps and len(keys) == len(taps)
    touch_line = taps[2]
    assert draw in touch_line and recycle in touch_line
    assert " d " not in touch_line and " r " not in touch_line


def test_without_javascript_the_answer_shows_after_each_post(browser: Any, seen: Served) -> None:
    """A form post brings the page back at its top: on the phone the answer is on
    that first screen, under the table and the four controls."""
    context = browser.new_context(locale="pt-BR", java_script_enabled=False, **SIZES["phone"])
    page = context.new_page()
    try:
        page.goto(seen.url + "/")
        for target in ("#draw", "#hint", "#table ul.row button.card.free"):
            before = page.locator("#answer").inner_text()
            with page.expect_navigation(url=seen.url + "/"):
                page.locator(target).first.tap()
            assert page.locator("#answer").inner_text() != before
            box = page.evaluate(IN_VIEW)
            assert box["top"] >= 0 and box["top"] + FIRST_LINE <= box["height"], (target, box)
    finally:
        context.close()
