"""docs/adding-a-language.md names everything a language record needs: each field
of ``Language``, ``Vocabulary`` and ``Voices`` appears on the page as code."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pyramide_a11y.i18n.record import Language, Vocabulary, Voices

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adding-a-language.md"
FIELDS = [
    (record.__name__, field.name)
    for record in (Language, Vocabulary, Voices)
    for field in dataclasses.fields(record)
]


@pytest.mark.parametrize(("record", "name"), FIELDS, ids=[f"{r}.{n}" for r, n in FIELDS])
def test_the_page_names_every_field_of_a_language_record(record: str, name: str) -> None:
    assert f"`{name}`" in PAGE.read_text(encoding="utf-8"), f"{record}.{name} is not on the page"


def test_the_page_names_every_setting_word_target() -> None:
    """The settings a vocabulary's ``settings`` words may name, as the parser knows them."""
    from pyramide_a11y.i18n.languages import languages

    targets = {value for language in languages() for value in language.vocabulary.settings.values()}
    text = PAGE.read_text(encoding="utf-8")
    assert targets  # the check reads real records
    assert [t for t in sorted(targets) if f"`{t}`" not in text] == []
