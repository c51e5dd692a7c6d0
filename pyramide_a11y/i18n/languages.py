"""The languages of the game (a registry of :class:`~.record.Language` records),
and which of them a locale name or a typed word means.

``pt`` alone is European Portuguese (the language of the
rules of ``pyramide``); ``pt-BR``,
``pt_BR.UTF-8`` and ``pt_BR`` are Brazilian Portuguese; any English is ``en``:
each record says which locale names are its own (``locale_language`` and
``territories``). Everything else in the game reads languages from here; no
module outside :mod:`pyramide_a11y.i18n` names a language code.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from babel import Locale, UnknownLocaleError

from .english import ENGLISH
from .portuguese import BRAZILIAN_PORTUGUESE, EUROPEAN_PORTUGUESE
from .record import Language, Vocabulary

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "Vocabulary",
    "continue_words",
    "default_words",
    "environment_sets_language",
    "language",
    "language_from_environment",
    "language_named",
    "languages",
    "no_words",
    "normalise_language",
    "option_help",
    "reader_words",
    "register",
    "registered_language",
    "related_languages",
    "vocabularies",
    "voice_name_words",
    "yes_words",
]

_registry: tuple[Language, ...] = (EUROPEAN_PORTUGUESE, BRAZILIAN_PORTUGUESE, ENGLISH)

LANGUAGES: tuple[str, ...] = tuple(record.code for record in _registry)
"""The codes of the languages the game ships (each with a catalog in ``locales/``)."""
DEFAULT_LANGUAGE = ENGLISH.code
"""The language of the source strings, and of anything not understood."""

# Digits switch a setting in every language.
_NEUTRAL_YES = ("1",)
_NEUTRAL_NO = ("0",)

# The environment variables gettext consults, in its order of precedence.
ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def languages() -> tuple[Language, ...]:
    """Every language in use, in the order they are offered (``pt, br or en``).

    The same tuple object until the registry changes: callers may cache tables
    built from it and compare with ``is``.
    """
    return _registry


def register(record: Language) -> None:
    """Add ``record`` (or replace the record with its code). For a language being
    added, and for tests: see :func:`registered_language`."""
    global _registry
    _registry = (*(r for r in _registry if r.code != record.code), record)


@contextmanager
def registered_language(record: Language) -> Iterator[Language]:
    """``record`` in the registry inside the block only (tests)."""
    previous = _registry
    register(record)
    try:
        yield record
    finally:
        _restore(previous)


def _restore(previous: tuple[Language, ...]) -> None:
    global _registry
    _registry = previous


def language(code: str | None) -> Language:
    """The record of ``code``, or of whatever locale name it is (``pt-BR``); the
    default language's record when it names none of ours."""
    by_code = {record.code: record for record in _registry}
    if code in by_code:
        return by_code[code]
    chosen = normalise_language(code)
    return by_code[chosen] if chosen else by_code[DEFAULT_LANGUAGE]


def vocabularies(first: str | None = None) -> tuple[Vocabulary, ...]:
    """Each family's words once, those of ``first`` (a language code) first."""
    found: list[Vocabulary] = [language(first).vocabulary] if first is not None else []
    for record in _registry:
        if all(record.vocabulary is not known for known in found):
            found.append(record.vocabulary)
    return tuple(found)


def related_languages(code: str) -> tuple[Language, ...]:
    """The other records of the same ``locale_language`` (pt_BR for pt_PT)."""
    own = language(code)
    return tuple(
        r for r in _registry if r.locale_language == own.locale_language and r.code != own.code
    )


def language_named(word: str) -> str | None:
    """The language a player means after ``lang``: one of its aliases (``br``,
    ``ingles``, folded) or a locale name (``pt-BR``); None for none of ours."""
    for record in _registry:
        if word in record.aliases:
            return record.code
    return normalise_language(word)


def option_help(notes: bool = True) -> str:
    """The ``--lang`` values for command-line help, which is in English:
    ``pt (Portugal), pt-BR (Brazil) or en``; without ``notes``, ``pt, pt-BR or en``."""
    names = [
        (r.option or r.code) + (f" ({r.option_note})" if notes and r.option_note else "")
        for r in _registry
    ]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


_WORDS: dict[tuple[str, tuple[str, ...]], tuple[tuple[Language, ...], frozenset[str]]] = {}
"""Each word set made once per registry (a new registry is a new tuple): a line the
game does not understand is checked against the continue words on every turn."""


def _words(pick: str, neutral: tuple[str, ...] = ()) -> frozenset[str]:
    registry = _registry
    made = _WORDS.get((pick, neutral))
    if made is not None and made[0] is registry:
        return made[1]
    found = set(neutral)
    for vocabulary in vocabularies():
        found.update(getattr(vocabulary, pick))
    words = frozenset(found)
    _WORDS[pick, neutral] = (registry, words)
    return words


def yes_words() -> frozenset[str]:
    """What switches a setting on, in any language (``sim``, ``on``, ``1``)."""
    return _words("yes_words", _NEUTRAL_YES)


def no_words() -> frozenset[str]:
    """What switches a setting off, in any language (``nao``, ``off``, ``0``)."""
    return _words("no_words", _NEUTRAL_NO)


def reader_words() -> frozenset[str]:
    """What sends speech through the screen reader after ``speech``, in any language."""
    return _words("reader_words")


def voice_name_words() -> frozenset[str]:
    """What comes before a voice's name after ``speech``, in any language (``nome``)."""
    return _words("voice_name_words")


def default_words() -> frozenset[str]:
    """What goes back to the language's own voice after ``speech``, in any language."""
    return _words("default_words")


def brief_words() -> frozenset[str]:
    """What sets brief messages after ``verbosity``, in any language."""
    return _words("brief_words")


def full_words() -> frozenset[str]:
    """What sets full messages after ``verbosity``, in any language."""
    return _words("full_words")


def continue_words() -> frozenset[str]:
    """What takes up the saved game offered at start, in any language."""
    return _words("continue_words")


def normalise_language(name: str | None) -> str | None:
    """The language ``name`` stands for, or ``None`` when it is none of ours (or
    not a locale name at all). Never raises."""
    if not name:
        return None
    text = name.strip().split(".", 1)[0].split("@", 1)[0]
    if not text or text.upper() in ("C", "POSIX"):
        return None
    for record in _registry:
        if text.replace("-", "_").lower() == record.code.lower():
            return record.code
    sep = "-" if "-" in text else "_"
    try:
        locale = Locale.parse(text, sep=sep)
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    candidates = [r for r in _registry if r.locale_language == locale.language]
    for record in candidates:
        if locale.territory in record.territories:
            return record.code
    for record in candidates:
        if not record.territories:
            return record.code
    return None


def environment_sets_language(environ: Mapping[str, str]) -> bool:
    """Whether any of the variables gettext reads is set (and not empty): then the
    environment speaks for the user, even naming a language not ours."""
    return any(environ.get(variable) for variable in ENVIRONMENT_VARIABLES)


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment asks for, as gettext reads it; English when
    it names none of ours. ``LANGUAGE`` may list several, separated by ``:``."""
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        names = value.split(":") if variable == "LANGUAGE" else [value]
        for name in names:
            chosen = normalise_language(name)
            if chosen:
                return chosen
        if variable != "LANGUAGE":
            # gettext stops at the first set locale variable; so do we.
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE
