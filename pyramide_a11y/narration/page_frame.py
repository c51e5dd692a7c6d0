"""The page around the table, in one language: its own words and its languages.

:func:`page_frame` gives the page's headings, buttons and labels
(:mod:`.page_words`, by name) and the list of languages, each named in itself,
as one plain record: the web asks for it once a request, and the words are made
once per catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pyramide_a11y.i18n import catalog_in_use, in_language

from . import page_words as words

__all__ = ["LANG_TAGS", "LanguageChoice", "PageFrame", "page_frame"]

LANG_TAGS = {"pt_PT": "pt-PT", "pt_BR": "pt-BR", "en": "en"}
"""The game's language codes → the page's ``<html lang>``."""

WORD_NAMES = (
    "title",
    "pyramid_heading",
    "piles_heading",
    "status_heading",
    "controls_heading",
    "more_controls_heading",
    "command_heading",
    "settings_heading",
    "answer_label",
    "draw",
    "recycle",
    "undo",
    "hint",
    "new_deal",
    "replay",
    "rules",
    "cancel",
    "send",
    "command_label",
    "language_label",
    "letter_keys",
    "keys_help",
    "result_new",
    "result_replay",
    "result_table",
    "copy_code",
)
"""The functions of :mod:`.page_words` the page's template uses, by name."""


@dataclass(frozen=True, slots=True)
class LanguageChoice:
    """One option of the list of languages: named in itself, through its catalog
    (the list reads the same in every language), with its ``lang`` tag."""

    code: str
    tag: str
    name: str


@dataclass(frozen=True, slots=True)
class PageFrame:
    """The page in one language, the table apart: its ``lang`` tag, the
    language's code, the page's own words by name, the languages to choose from."""

    lang: str
    language: str
    words: tuple[tuple[str, str], ...]
    languages: tuple[LanguageChoice, ...]


def page_frame(language: str) -> PageFrame:
    """The page's frame in ``language`` (one of the game's codes; another is
    worded as the i18n package falls back, tagged ``en``)."""
    with in_language(language):
        return _frame(catalog_in_use(), language)


@lru_cache(maxsize=64)
def _frame(key: object, language: str) -> PageFrame:
    return PageFrame(
        lang=LANG_TAGS.get(language, "en"),
        language=language,
        words=tuple((name, getattr(words, name)()) for name in WORD_NAMES),
        languages=_language_choices(key),
    )


@lru_cache(maxsize=64)
def _language_choices(key: object) -> tuple[LanguageChoice, ...]:
    """Each language named in itself, through its own catalog (``key``: the
    catalog in use, which a test's override changes)."""
    choices = []
    for code, tag in LANG_TAGS.items():
        with in_language(code):
            choices.append(LanguageChoice(code, tag, words.language_name(code)))
    return tuple(choices)
