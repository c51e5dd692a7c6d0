"""Saved settings: what the player changed in play, reloaded at the next start.

Values are stored as text in the ``settings`` table and typed on the way back by
:data:`SETTING_TYPES`. A value that no longer reads (an old or hand-edited
database) is skipped, never an error. Only :func:`save_setting` writes.
"""

from __future__ import annotations

from .notices import StorageError
from .store import Store

SettingValue = str | int | float | bool

SETTING_TYPES: dict[str, type[SettingValue]] = {
    "language": str,  # a language code of the i18n registry
    "speech": str,  # speech backend: a backend name, "none" or "auto"
    "voice": str,  # a voice name of that backend
    "rate": int,  # words per minute
    "verbosity": str,  # brief or full
    "error_help": bool,
    "keyboard": str,  # keyboard mode
    "hint_budget": float,  # seconds a hint may think
    "sounds": bool,  # sound cues
    "lesson_step": int,  # the step the lesson was left at (0: from the start)
}


def encode(value: SettingValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def decode(key: str, text: str) -> SettingValue | None:
    """The typed value of ``key``, or None if the key is unknown or the text does
    not read as its type."""
    kind = SETTING_TYPES.get(key)
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
    if key not in SETTING_TYPES:
        raise KeyError(key)
    if store is None:
        return False
    try:
        store.save_setting(key, encode(value))
    except StorageError:
        return False
    return True
