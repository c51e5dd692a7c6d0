"""Translations for everything players read or hear.

Strings are marked in the source with :func:`_` (plain), :func:`ngettext`
(counts), :func:`pgettext` (a short word that needs context) and :func:`N_`
(marks a string for extraction without translating it, for tables built at
import time: translate the value with :func:`_` where it is used).

Translations are looked up at *use* time, in the language in use: a
:class:`contextvars.ContextVar`, so each session (each call of it, each thread
or asyncio task running in its copied context) has its own. A session enters
its language for each call with :func:`in_language`; :func:`set_language` sets
it for the rest of the current context (tests, one-shot scripts). Nothing is
process-wide: two players in two languages in one process never hear each
other's language. A switch in play takes effect on the next sentence and
module-level tables follow it.

The languages are records (:class:`Language`, one per language) listed by
:mod:`.languages`; the shipped ones are :data:`LANGUAGES`. Anything else — an unknown
language, a missing catalog — falls back quietly to English, the language of
the source strings. See ``docs/translating.md`` for the workflow.
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from .catalogs import extra_locales, load_translations
from .languages import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    environment_sets_language,
    language,
    language_from_environment,
    normalise_language,
    registered_language,
)
from .record import Language, Vocabulary, Voices
from .system import system_language

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "Language",
    "Vocabulary",
    "Voices",
    "_",
    "added_language",
    "catalog_in_use",
    "get_language",
    "in_language",
    "in_this_language",
    "language",
    "language_from_environment",
    "ngettext",
    "normalise_language",
    "npgettext",
    "overridden",
    "pgettext",
    "resolve_language",
    "set_language",
]

_lock = threading.Lock()
_language: contextvars.ContextVar[str] = contextvars.ContextVar(
    "pyramide_language", default=DEFAULT_LANGUAGE
)
"""The language in use in this context (see the module's docstring)."""
_cache: dict[str, _gettext.NullTranslations] = {}
_override: _gettext.NullTranslations | None = None


def _translations() -> _gettext.NullTranslations:
    if _override is not None:
        return _override
    language = _language.get()
    found = _cache.get(language)
    if found is None:
        with _lock:
            found = _cache.get(language)
            if found is None:
                found = load_translations(language)
                _cache[language] = found
    return found


def catalog_in_use() -> tuple[object, str]:
    """What the words looked up now depend on: the catalog in use (the language's,
    or an override's) and the language's code. A key for caches of words: equal
    keys, equal words; it changes whenever a lookup could give another word."""
    return _translations(), _language.get()


def set_language(language: str | None) -> str:
    """Use ``language`` from now on; returns the supported language chosen.

    Accepts anything :func:`normalise_language` does (``pt``, ``pt-BR``,
    ``en_GB.UTF-8`` …); unknown or ``None`` gives English.
    """
    chosen = normalise_language(language) or DEFAULT_LANGUAGE
    _language.set(chosen)
    return chosen


def get_language() -> str:
    """The language in use: one of :data:`LANGUAGES`."""
    return _language.get()


@contextmanager
def in_language(language: str | None) -> Iterator[str]:
    """Inside the block, ``language`` (as :func:`set_language` reads it) is the
    language in use in this context; the one before is back after it, however
    the block ends. Yields the supported language chosen."""
    chosen = normalise_language(language) or DEFAULT_LANGUAGE
    token = _language.set(chosen)
    try:
        yield chosen
    finally:
        _language.reset(token)


def in_this_language(work: Callable[..., Any]) -> Callable[..., Any]:
    """``work``, to run later or on another thread, in a copy of this context: it
    speaks the language in use here, now (a thread starts with none of its
    creator's context; a language switched later here does not reach it)."""
    context = contextvars.copy_context()

    def run(*args: Any, **kwargs: Any) -> Any:
        return context.run(work, *args, **kwargs)

    return run


def resolve_language(
    option: str | None,
    environ: Mapping[str, str] | None = None,
    system: Callable[[], str | None] = system_language,
) -> str:
    """The session language: ``--lang`` when given and known, else the environment
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``) when it sets any of them,
    else the system's user-interface language (Windows and macOS set none of those
    variables: :mod:`.system`), else English. ``system`` is for tests."""
    if option:
        chosen = normalise_language(option)
        if chosen:
            return chosen
    environment = os.environ if environ is None else environ
    if environment_sets_language(environment):
        return language_from_environment(environment)
    return system() or DEFAULT_LANGUAGE


def _(message: str) -> str:
    """``message`` translated into the current language."""
    return _translations().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; returns it untranslated."""
    return message


def _spoken_count(n: int) -> int:
    """The count whose plural form fits ``n`` as said aloud. Zero takes the plural in
    all three languages ("0 jogadas", «zero graus»), but CLDR's Brazilian rule files 0
    with 1 (it is meant for fractions, "0,5 milhão"): count it as two there
    (``Language.zero_is_plural``)."""
    return 2 if n == 0 and language(_language.get()).zero_is_plural else n


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n``, translated."""
    return _translations().ngettext(singular, plural, _spoken_count(n))


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for short, ambiguous words)."""
    return _translations().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _translations().npgettext(context, singular, plural, _spoken_count(n))


@contextmanager
def overridden(translations: _gettext.NullTranslations) -> Iterator[None]:
    """Use ``translations`` for every lookup inside the block (tests: pseudo-locale)."""
    global _override
    previous = _override
    _override = translations
    try:
        yield
    finally:
        _override = previous


@contextmanager
def added_language(record: Language, locales: Path | None = None) -> Iterator[Language]:
    """Inside the block, ``record`` is one of the game's languages, its catalog
    found in ``locales`` (``<locales>/<code>/LC_MESSAGES/pyramide.po``) when given.
    For tests that play in a language made on the spot; the language in use is
    put back afterwards."""
    previous = _language.get()
    catalog = extra_locales(locales) if locales is not None else nullcontext()
    with registered_language(record), catalog:
        _cache.pop(record.code, None)
        try:
            yield record
        finally:
            _cache.pop(record.code, None)
            set_language(previous)
