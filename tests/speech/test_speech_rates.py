"""Rate per language and volume (issue 12): typed in play in every language,
followed by the speaker, saved with the other settings and restored next time."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit import LANGUAGES, make_session
from playthrough import won_code
from speech_support import start_options

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.settings import Settings
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.background import BackgroundSpeaker, Utterance
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.speech.espeak_backend import espeak_command
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import load_settings, save_setting

RATE = {"en": "rate", "pt_PT": "velocidade", "pt_BR": "velocidade"}


def session_in(
    language: str, storage: GameStorage | None = None, **settings: object
) -> tuple[Session, RecordingSpeaker]:
    set_language(language)
    speaker = RecordingSpeaker()
    session = make_session(
        won_code("pyramide"),
        settings=Settings(language=language, **settings),  # type: ignore[arg-type]
        speaker=speaker,
        storage=storage,
    )
    return session, speaker


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_keeps_its_rate_and_lang_applies_it(language: str) -> None:
    session, speaker = session_in(language)
    session.handle(f"{RATE[language]} 140")
    assert (session.settings.rate, speaker.rate) == (140, 140)
    other = "pt_BR" if language == "en" else "en"
    session.handle(f"lang {'br' if other == 'pt_BR' else 'en'}")
    assert (session.settings.language, session.settings.rate, speaker.rate) == (other, 175, 175)
    session.handle(f"{RATE[other]} 260")
    back = {"en": "en", "pt_PT": "pt", "pt_BR": "br"}[language]
    session.handle(f"{'lang' if other == 'en' else 'idioma'} {back}")
    assert (session.settings.rate, speaker.rate) == (140, 140)
    assert session.settings.rates == {language: 140, other: 260}


def test_rates_and_volume_are_saved_and_restored_next_session(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    session, _speaker = session_in("pt_PT", storage)
    session.handle("velocidade 150")
    session.handle("volume 60")
    session.handle("lang en")
    session.handle("rate 220")
    session.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    saved = load_settings(store)
    store.close()
    assert (saved["rate.pt_PT"], saved["rate.en"], saved["volume"]) == (150, 220, 60)
    assert "rate.pt_BR" not in saved and "rate" not in saved  # the fallback is untouched

    storage = GameStorage.open(tmp_path)  # the next session
    saved = dict(storage.saved_settings())
    storage.close()
    restored = {code: start_options(saved, lang=code).settings(True) for code in LANGUAGES}
    assert {code: s.rate for code, s in restored.items()} == {
        "pt_PT": 150,
        "en": 220,
        "pt_BR": 175,
    }
    assert restored["en"].volume == 60
    assert start_options(saved).language == "en"


def test_the_old_single_rate_is_the_fallback(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert save_setting(store, "rate", 200)  # saved by an earlier version
    assert save_setting(store, "rate.pt_BR", 130)
    saved = load_settings(store)
    store.close()
    assert start_options(dict(saved), lang="en").rate == 200
    assert start_options(dict(saved), lang="pt_PT").rate == 200
    assert start_options(dict(saved), lang="pt_BR").rate == 130


def test_the_command_line_rate_is_for_this_session_and_language_only() -> None:
    start = start_options({"rate.en": 220, "rate.pt_PT": 150}, lang="en", rate=300, volume=40)
    settings = start.settings(True)
    assert (settings.rate, settings.volume) == (300, 40)
    assert "rate.en" in settings.stored() and settings.stored()["rate.en"] == 220
    assert settings.rate_of("pt_PT") == 150


@pytest.mark.parametrize("language", LANGUAGES)
def test_volume_reaches_the_speaker(language: str) -> None:
    session, speaker = session_in(language)
    (line,) = session.handle("volume 60").lines
    assert "60" in line and line.count(". ") == 0
    assert speaker.volume == pytest.approx(0.6)
    assert session.settings.volume == 60
    (bad,) = session.handle("volume 200").lines
    assert (bad == "Give a volume from 0 to 100.") == (language == "en")


class _Kept(BackgroundSpeaker):
    """A background speaker that keeps its utterances instead of playing them."""

    name = "kept"

    def __init__(self) -> None:
        self.kept: list[Utterance] = []
        super().__init__("en", 175)

    def _speak(self, utterance: Utterance) -> None:
        self.kept.append(utterance)


def test_volume_reaches_the_espeak_command_line() -> None:
    speaker = _Kept()
    try:
        speaker.set_volume(0.6)
        speaker.say("Volume sixty")
        assert speaker.wait_idle(5.0)
    finally:
        speaker.close()
    (utterance,) = speaker.kept
    command = espeak_command(utterance)
    assert command[command.index("-a") + 1] == "60"
    quiet = Utterance("x", "en", 175, 0.0, 0)
    assert espeak_command(quiet)[espeak_command(quiet).index("-a") + 1] == "0"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "typed", ["volume 101", "volume loud", "volume", "volume -5", "RATE 30", "RATE fast"]
)
def test_a_bad_value_gets_one_sentence_and_changes_nothing(
    language: str, typed: str, tmp_path: Path
) -> None:
    storage = GameStorage.open(tmp_path)
    session, speaker = session_in(language, storage)
    before = session.settings.stored()
    (line,) = session.handle(typed.replace("RATE", RATE[language])).lines
    assert line.endswith(".") and line.count(". ") == 0
    assert any(word in line for word in ("100", "450"))
    assert session.settings.stored() == before
    assert (speaker.rate, speaker.volume) == (175, 1.0)
    session.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    saved = load_settings(store)
    store.close()
    assert "volume" not in saved and not any(key.startswith("rate") for key in saved)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_screen_reader_route_says_it_keeps_its_volume(language: str) -> None:
    session, _speaker = session_in(language, speech_route="screen-reader")
    (line,) = session.handle("volume 50").lines
    assert line.count(". ") == 1  # "Volume 50." and the one sentence
    assert session.settings.volume == 50
