"""Each player's guide in its own Portuguese (issue 24): the Brazilian guide in
Brazilian forms, the European one in European forms; and the rules presets named
in the player's language in the game's sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kit import LANGUAGES

from pyramide_a11y.i18n.maintenance import read

ROOT = Path(__file__).resolve().parents[2]
EUROPEAN_ONLY = r"\b(ficheiros?|ecrã|escreva|utilizador|guardad[oa]s?|telemóvel|percebi)\b"
BRAZILIAN_ONLY = r"\b(arquivos?|tela|digite|você|celular|salv[oa]s?)\b"


@pytest.mark.parametrize(
    ("guide", "foreign"),
    [("guide.pt_BR.md", EUROPEAN_ONLY), ("guide.pt_PT.md", BRAZILIAN_ONLY)],
)
def test_each_portuguese_guide_uses_its_own_forms(guide: str, foreign: str) -> None:
    text = (ROOT / "docs" / guide).read_text(encoding="utf-8")
    found = sorted({m.group(0).lower() for m in re.finditer(foreign, text, re.IGNORECASE)})
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_name_the_presets_in_the_players_language(language: str) -> None:
    """A preset's id (``paciencia``, ``classic``) appears only where it is typed (a
    command line, an option's help), never as the name of the rules in a sentence."""
    catalog = read(ROOT / "locales" / language / "LC_MESSAGES" / "pyramide.po", language)
    raw = re.compile(r"(?<!\{)\b(paciencia|classic)\b(?!\})")  # not a placeholder
    said = []
    for message in catalog:
        if not message.id:
            continue
        string = message.string
        texts = [string] if isinstance(string, str) else list(string or ())
        for text in texts:
            if (
                text
                and raw.search(text)
                and "--rules" not in text
                and "pyramide, classic" not in text
            ):
                said.append(text)
    assert said == []
