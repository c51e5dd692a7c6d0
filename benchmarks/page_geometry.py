"""The page's geometry at the sizes of issue 34, as figures (the tests in
``tests/web/test_web_geometry.py`` hold the limits; this prints the numbers).

Run from the repository root after ``scripts/test`` made ``.venv``::

    .venv/bin/python -m benchmarks.page_geometry [--tree DIR]

``--tree`` measures another checkout of the project (e.g. ``git archive`` of an
older commit unpacked in DIR) with this one's virtualenv. For each size (a
412 × 915 phone by touch, a 1280 × 800 desktop, that desktop at 200% zoom) on the
same first deal: how many lines row 7 takes, the page's height, how far the
answer's top lies outside the view after a tap on a free card (CSS px, 0: in
view), the gap from row 7's bottom to Draw, the smallest button side, and, after
up to four cards removed, how far the cards left moved and how much the game (the
table, the piles, the status) and the whole page (the answer's length included) grew.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

GAME_HEIGHT = "() => document.getElementById('game').getBoundingClientRect().height"
FREE = "#table button.card:not([aria-disabled='true'])"
RECTS = """sel => Object.fromEntries([...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect(); return [e.dataset.card || e.id,
  [r.left + scrollX, r.top + scrollY, r.width, r.height]]; }))"""
FIGURES = """() => {
  const row7 = [...document.querySelectorAll('#table ul.row')][6];
  const cells = [...row7.children].map(li => li.getBoundingClientRect());
  const draw = document.getElementById('draw').getBoundingClientRect();
  const sides = [...document.querySelectorAll('main button')].filter(b => b.offsetParent)
    .map(b => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); });
  return {row7_lines: new Set(cells.map(r => Math.round(r.top))).size,
    page_height: document.documentElement.scrollHeight,
    draw_below_row7: Math.round(draw.top - Math.max(...cells.map(r => r.bottom))),
    smallest_button: Math.round(Math.min(...sides))}; }"""


def measure(browser: Any, url: str, options: dict[str, Any], sizes: Any) -> dict[str, Any]:
    context = browser.new_context(locale="pt-BR", **options)
    page = context.new_page()
    page.goto(url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    figures: dict[str, Any] = page.evaluate(FIGURES)
    touch = bool(options.get("has_touch"))

    def press(selector: str) -> None:
        mark = page.evaluate("document.body.dataset.answered || '0'")
        target = page.locator(selector).first
        force = target.get_attribute("aria-disabled") == "true"
        target.tap(force=force) if touch else target.click(force=force)
        page.wait_for_function("m => (document.body.dataset.answered || '0') !== m", arg=mark)

    press(FREE)
    top = page.evaluate("() => document.getElementById('answer').getBoundingClientRect().top")
    height = page.evaluate("innerHeight")
    figures["answer_off_view_after_tap"] = round(max(-top, top + 40 - height, 0))
    press(FREE + "[aria-pressed='true']")  # the same card again: cancelled
    before = page.evaluate(RECTS, "#table ul.row button.card")
    page_height = page.evaluate("document.documentElement.scrollHeight")
    game_height = page.evaluate(GAME_HEIGHT)
    gone, moved = 0, 0.0
    for _ in range(30):
        free = page.evaluate(
            f'() => [...document.querySelectorAll("{FREE}")].map(b => b.dataset.card)'
        )
        pair = sizes.removal(free)
        if pair is None:
            press("#draw")
            continue
        for card in pair:
            press(f"#table button[data-card='{card}']")
        gone += sum(card in before for card in pair)
        after = page.evaluate(RECTS, "#table ul.row button.card")
        for card, rect in after.items():
            moved = max(
                moved, *(abs(a - b) for a, b in zip(rect[:2], before[card][:2], strict=True))
            )
        if gone >= 4:
            break
    figures["pyramid_cards_removed"] = gone
    figures["cards_moved_px"] = round(moved)
    figures["page_grew_px"] = page.evaluate("document.documentElement.scrollHeight") - page_height
    figures["game_grew_px"] = round(page.evaluate(GAME_HEIGHT) - game_height)
    context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, help="another checkout to measure")
    args = parser.parse_args()
    if args.tree:
        sys.path.insert(0, str(args.tree.resolve()))
    # The sizes and the removal of this tree's tests, whatever tree is measured (read
    # from the file: the tests are no package of mypy's here).
    spec = importlib.util.spec_from_file_location("page_sizes", HERE.parent / "tests/web/sizes.py")
    assert spec is not None and spec.loader is not None
    sizes: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sizes)
    from playwright.sync_api import sync_playwright

    # The web tests' server and browser flags (imported by name: the tests are no package
    # of mypy's here); from --tree's checkout when one is given.
    kit: Any = importlib.import_module("tests.web.conftest")
    server = kit.Served(Path(tempfile.mkdtemp()) / "web", rng=random.Random(4))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=str(kit.CHROMIUM), headless=True, args=kit.CHROMIUM_ARGS
            )
            for name, options in sizes.SIZES.items():
                print(name, measure(browser, server.url, options, sizes), flush=True)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
