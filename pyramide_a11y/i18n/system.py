"""The language of the operating system's user interface, for a session whose
environment names none.

On Linux the locale variables (``LANG`` …) are the user's word, and a session
without them is in the C locale: English. Windows and macOS set none of them;
their user's language lives in the system itself:

- Windows: the user's UI language, ``GetUserDefaultUILanguage`` (kernel32,
  through ctypes), a language identifier turned into a locale name by Python's
  own table (:data:`locale.windows_locale`: ``0x0816`` is ``pt_PT``); where that
  call cannot be made, :func:`locale.getlocale` (``Portuguese_Portugal``).
- macOS: the preferred languages in order, ``defaults read -g AppleLanguages``
  (``("pt-PT", "en-GB")``); else the region's locale, ``defaults read -g
  AppleLocale``. Apple writes Brazilian Portuguese as a bare ``pt`` and European
  Portuguese as ``pt-PT``, the reverse of this game's reading of ``pt``: a bare
  ``pt`` from macOS is read as ``pt-BR``.

Each platform's calls can be given (tests fake them); nothing here raises: a
call that fails counts as no answer.
"""

from __future__ import annotations

import ctypes
import functools
import locale
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from typing import Any

from babel import Locale

from .languages import normalise_language

__all__ = [
    "Runner",
    "macos_language_names",
    "system_language",
    "system_language_names",
    "windows_language_names",
]

DEFAULTS_SECONDS = 2.0
"""How long ``defaults read`` may take before it counts as no answer."""

Runner = Callable[[Sequence[str]], str | None]
"""Runs a command, returns its standard output (None when it failed)."""

# One entry of a printed plist array: ``pt-PT`` (quoted or not), ``zh-Hans``, ``en``.
_PLIST_ENTRY = re.compile(r'"?([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*)"?')


def _run(command: Sequence[str]) -> str | None:
    try:
        done = subprocess.run(
            list(command),
            capture_output=True,
            text=True,
            timeout=DEFAULTS_SECONDS,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def _kernel32() -> Any | None:
    windll = getattr(ctypes, "windll", None)  # only on Windows
    return None if windll is None else getattr(windll, "kernel32", None)


def _locale_name() -> str | None:
    try:
        name: str | None = locale.getlocale()[0]
    except (ValueError, TypeError):
        return None
    return name


def _from_english_names(name: str) -> str | None:
    """``pt_PT`` for Windows' ``Portuguese_Portugal`` (its locale names are English
    display names); None when it is not of that form."""
    language, _, territory = name.partition("_")
    english = Locale("en")
    codes = [str(code) for code, shown in english.languages.items() if shown == language]
    if not codes:
        return None
    if not territory:
        return codes[0]
    regions = [str(code) for code, shown in english.territories.items() if shown == territory]
    return f"{codes[0]}_{regions[0]}" if regions else codes[0]


def windows_language_names(
    kernel32: Any | None = None, locale_name: Callable[[], str | None] = _locale_name
) -> tuple[str, ...]:
    """The Windows user's UI language as a locale name (``("pt_PT",)``), from
    ``kernel32.GetUserDefaultUILanguage``; from ``locale_name`` (the C library's
    locale) when that call cannot be made. Empty when neither answers."""
    calls = _kernel32() if kernel32 is None else kernel32
    if calls is not None:
        try:
            language_id = int(calls.GetUserDefaultUILanguage())
        except (AttributeError, OSError, TypeError, ValueError):
            language_id = 0
        name = locale.windows_locale.get(language_id)
        if name:
            return (name,)
    fallback = locale_name()
    if not fallback:
        return ()
    return (_from_english_names(fallback) or fallback,)


def _plist_entries(text: str) -> list[str]:
    body = text.strip()
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1]
    return [m.group(1) for part in body.split(",") if (m := _PLIST_ENTRY.fullmatch(part.strip()))]


def _apple_reading(name: str) -> str:
    """Apple's language id as a locale name: a bare ``pt`` is Brazilian there."""
    return "pt-BR" if name.lower() == "pt" else name


def macos_language_names(run: Runner = _run) -> tuple[str, ...]:
    """The macOS user's preferred languages, first first (``("pt-PT", "en-GB")``),
    else the region's locale (``("pt_PT",)``); empty when ``defaults`` gives
    neither."""
    listed = run(["defaults", "read", "-g", "AppleLanguages"])
    names = _plist_entries(listed) if listed else []
    if names:
        return tuple(_apple_reading(name) for name in names)
    region = (run(["defaults", "read", "-g", "AppleLocale"]) or "").strip()
    # AppleLocale may carry options after "@" (en_PT@calendar=gregorian).
    region = region.split("@", 1)[0]
    return (region,) if _PLIST_ENTRY.fullmatch(region) else ()


def system_language_names(
    platform: str | None = None,
    *,
    kernel32: Any | None = None,
    run: Runner = _run,
    locale_name: Callable[[], str | None] = _locale_name,
) -> tuple[str, ...]:
    """The locale names the system's user interface is in, preferred first:
    Windows (``win32``) and macOS (``darwin``) only; empty elsewhere, where the
    environment's variables are the user's word."""
    chosen = sys.platform if platform is None else platform
    if chosen == "win32":
        return windows_language_names(kernel32, locale_name)
    if chosen == "darwin":
        return macos_language_names(run)
    return ()


def system_language(names: Callable[[], Sequence[str]] | None = None) -> str | None:
    """The first of the game's languages among the system's (:func:`system_language_names`
    unless ``names`` is given), or None when it names none of them."""
    found = _this_system_names() if names is None else names()
    for name in found:
        chosen = normalise_language(name)
        if chosen:
            return chosen
    return None


@functools.lru_cache(maxsize=1)
def _this_system_names() -> tuple[str, ...]:
    # The system's language does not change during a run; macOS costs a process.
    return system_language_names()
