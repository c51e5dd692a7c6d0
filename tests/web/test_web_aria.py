"""The accessibility tree of the opening table, pinned: roles, names, pressed and
disabled states, as Chromium gives them to a screen reader, compared with
``tests/web/golden/opening.<lang>.yaml``. A change shows up in review.

``UPDATE_ARIA=1 .venv/bin/pytest tests/web/test_web_aria.py`` writes the files
anew (read the diff before keeping it)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from .conftest import Served

GOLDEN = Path(__file__).resolve().parent / "golden"
SEED = 4
"""The rng of the new deals: the first deal is always the same one."""


@pytest.mark.parametrize(
    ("tag", "language"), [("en", "en"), ("pt-PT", "pt_PT"), ("pt-BR", "pt_BR")]
)
def test_the_opening_tables_accessibility_tree(
    browser: Any, tmp_path: Path, tag: str, language: str
) -> None:
    server = Served(tmp_path / "web", rng=random.Random(SEED))
    try:
        context = browser.new_context(locale=tag)
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='yes']")
        tree = page.locator("main").aria_snapshot() + "\n"
        context.close()
    finally:
        server.stop()
    golden = GOLDEN / f"opening.{language}.yaml"
    if os.environ.get("UPDATE_ARIA") == "1":
        golden.write_text(tree, encoding="utf-8")
    assert golden.is_file(), f"no {golden.name}: run with UPDATE_ARIA=1 to write it"
    assert tree == golden.read_text(encoding="utf-8")
