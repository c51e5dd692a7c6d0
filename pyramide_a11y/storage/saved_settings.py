"""Saved settings: what the player changed in play, reloaded at the next start.

Values are stored as text in the ``settings`` table and typed on the way back by
:data:`SETTING_TYPES` (and :data:`PER_LANGUAGE_TYPES` for a setting kept per
language, such as ``rate.pt_PT``). A value that no longer reads (an old or hand-edited
database) is skipped, never an error. Only :func:`save_setting` writes.
"""

from __future__ import annotations

import re

from .notices import StorageError
from .store import Store

SettingValue = str | int | float | bool

SETTING_TYPES: dict[str, type[SettingValue]] = {
    "language": str,  # a language code of the i18n registry
    "speech": str,  # speech backend: a backend name, "none" or "auto"
    "voice": str,  # unused: voices are kept per language (voice.<code>)
    "rate": int,  # words per minute, for a language with no rate of its own saved
    "volume": int,  # 0 to 100
    "verbosity": str,  # brief or full
    "error_help": bool,
    "keyboard": str,  # keyboard mode
    "hint_budget": float,  # seconds a hint may think
    "sounds": bool,  # sound cues
    "sounds_mono": bool,  # every cue in both ears alike (else placed left to right)
    "lesson_step": int,  # the step the lesson was left at (0: from the start)
}


PER_LANGUAGE_TYPES: dict[str, type[SettingValue]] = {
    "rate": int,  # "rate.pt_PT": the rate of one language, words per minute
    "voice": str,  # "voice.en": a voice chosen by name for one language (empty: its own)
}
"""Settings kept once per language, under ``NAME.CODE`` (a language code: ``en``,
``pt_BR``)."""

_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(_[A-Z]{2})?")


def per_language_key(name: str, language: str) -> str:
    """The key a per-language setting is saved under: ``rate.pt_PT``."""
    return f"{name}.{language}"


def setting_type(key: str) -> type[SettingValue] | None:
    """How ``key`` is typed on disk, or None for an unknown key."""
    if key in SETTING_TYPES:
        return SETTING_TYPES[key]
    name, dot, language = key.partition(".")
    if dot and name in PER_LANGUAGE_TYPES and _LANGUAGE_CODE.fullmatch(language):
        return PER_LANGUAGE_TYPES[name]
    return None


def encode(value: SettingValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def decode(key: str, text: str) -> SettingValue | None:
    """The typed value of ``key``, or None if the key is unknown or the text does
    not read as its type."""
    kind = setting_type(key)
    try:
        if kind is bool:
            return {"true": True, "false": False}.get(text.strip().lower())
        if kind is int:
            return int(text)
        if kind is float:
            return float(text)
    except ValueError:
        return None
    return text if kind is str else None


def load_settings(store: Store | None) -> dict[str, SettingValue]:
    """The saved settings that still read; empty without storage or on a failure."""
    if store is None:
        return {}
    try:
        saved = store.settings()
    except StorageError:
        return {}
    loaded = {}
    for key, text in saved.items():
        value = decode(key, text)
        if value is not None:
            loaded[key] = value
    return loaded


def save_setting(store: Store | None, key: str, value: SettingValue) -> bool:
    """Save one setting the player changed in play; False if it could not be saved
    (the change still holds for this session).

    Raises:
        KeyError: not a known setting.
    """
    if setting_type(key) is None:
        raise KeyError(key)
    if store is None:
        return False
    try:
        store.save_setting(key, encode(value))
    except StorageError:
        return False
    return True
