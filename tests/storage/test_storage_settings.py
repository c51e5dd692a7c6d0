"""Saved settings and the storage's sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit import LANGUAGES

from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import Notice, NoticeKind, Store
from pyramide_a11y.storage.saved_settings import load_settings, save_setting


def test_settings_are_saved_typed_and_reloaded(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert save_setting(store, "language", "pt_BR")
    assert save_setting(store, "rate", 220)
    assert save_setting(store, "error_help", False)
    assert save_setting(store, "hint_budget", 2.5)
    store.close()
    store, _ = Store.open(tmp_path)
    assert load_settings(store) == {
        "language": "pt_BR",
        "rate": 220,
        "error_help": False,
        "hint_budget": 2.5,
    }


def test_a_value_that_no_longer_reads_is_skipped(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    store.save_setting("rate", "fast")
    store.save_setting("retired_option", "x")
    store.save_setting("verbosity", "full")
    assert load_settings(store) == {"verbosity": "full"}


def test_unknown_setting_is_refused_and_no_store_is_harmless() -> None:
    with pytest.raises(KeyError):
        save_setting(None, "colour", "red")
    assert save_setting(None, "rate", 200) is False
    assert load_settings(None) == {}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", list(NoticeKind))
def test_every_notice_is_one_translated_sentence(language: str, kind: NoticeKind) -> None:
    set_language(language)
    try:
        text = notice_text(Notice(kind, "pyramide-corrupt-20261129-170000.sqlite3"))
    finally:
        set_language("en")
    assert text.endswith(".") and text.count(". ") == 0 and "{" not in text
    if kind in (NoticeKind.MOVED_CORRUPT, NoticeKind.MOVED_NEWER):
        assert "pyramide-corrupt-20261129-170000.sqlite3" in text
    if language != "en":
        set_language("en")
        assert text != notice_text(Notice(kind, "pyramide-corrupt-20261129-170000.sqlite3"))


def test_the_mono_sounds_setting_is_saved_and_reloaded(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert save_setting(store, "sounds_mono", True)
    store.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert load_settings(store) == {"sounds_mono": True}
    store.save_setting("sounds_mono", "loud")  # hand-edited: skipped, not an error
    assert load_settings(store) == {}
    store.close()
