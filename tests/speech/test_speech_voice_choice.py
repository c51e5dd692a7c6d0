"""A voice chosen by name, per language (issue 12): typed in play in every
language, refused in one sentence when the backend has no such voice, saved as
``voice.<code>`` and restored next time, given on the command line for one
session, and really used by espeak-ng, pyttsx3 and speech-dispatcher."""

from __future__ import annotations

import hashlib
import io
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from kit import LANGUAGES, make_session
from speech_support import Sink, start_options, wait_for

from pyramide_a11y.cli.main import main
from pyramide_a11y.commands import (
    BadSettingValue,
    ListVoices,
    SetSpeechRoute,
    SetSwitch,
    SetVoice,
    Switch,
    parse_command,
)
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.settings import Settings, StartOptions
from pyramide_a11y.core.sources import random_deal
from pyramide_a11y.engine import get_rules
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.background import Utterance
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.speech.espeak_backend import (
    EspeakNgSpeaker,
    espeak_command,
    list_variants,
    list_voices,
)
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker
from pyramide_a11y.speech.ssip_backend import SsipSpeaker, parse_voice_list
from pyramide_a11y.speech.voices import VoiceInfo, find_voice, voices_for_language
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import load_settings
from pyramide_a11y.terminal.spoken_outlet import start_voice

# What espeak-ng 1.51 lists here (``espeak-ng --voices``), a few of them.
ESPEAK_LIKE = [
    VoiceInfo("roa/pt", "Portuguese_(Portugal)", ("pt",)),
    VoiceInfo("roa/pt-BR", "Portuguese_(Brazil)", ("pt-br",)),
    VoiceInfo("gmw/en", "English_(Great_Britain)", ("en-gb",)),
    VoiceInfo("gmw/en-US", "English_(America)", ("en-us",)),
    VoiceInfo("+f2", "Female2", ("variant",), variant=True),
    VoiceInfo("+klatt", "Klatt", ("variant",), variant=True),
]
VOICE = {"en": "voice", "pt_PT": "voz", "pt_BR": "voz"}
NAME = {"en": "name", "pt_PT": "nome", "pt_BR": "nome"}
VOICES = {"en": "voices", "pt_PT": "vozes", "pt_BR": "vozes"}
DEFAULT = {"en": "default", "pt_PT": "padrão", "pt_BR": "padrão"}


def session_in(
    language: str, storage: GameStorage | None = None, **settings: object
) -> tuple[Session, RecordingSpeaker]:
    set_language(language)
    speaker = RecordingSpeaker()
    speaker.available = list(ESPEAK_LIKE)
    session = make_session(
        random_deal(get_rules("pyramide")),
        settings=Settings(language=language, **settings),  # type: ignore[arg-type]
        speaker=speaker,
        storage=storage,
    )
    return session, speaker


# -- the words ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_read_in_every_language(language: str) -> None:
    voice, name = VOICE[language], NAME[language]
    assert parse_command(f"{voice} {name} roa/pt-BR", language) == SetVoice("roa/pt-br")
    assert parse_command(f"{voice} {name} Portuguese (Brazil)", language) == SetVoice(
        "portuguese (brazil)"
    )
    assert parse_command(f"{voice} {DEFAULT[language]}", language) == SetVoice(None)
    assert parse_command(f"{voice} {name} {DEFAULT[language]}", language) == SetVoice(None)
    assert parse_command(VOICES[language], language) == ListVoices()
    assert parse_command(f"{voice} {name}", language) == BadSettingValue("voice", "")
    assert parse_command(f"{VOICES[language]} roa/pt", language) == BadSettingValue(
        "voices", "roa/pt"
    )


def test_the_switch_words_keep_their_meaning() -> None:
    # "voz" / "voice" still switch speech; a name is only read after the name word.
    assert parse_command("voz sim", "pt_PT") == SetSwitch(Switch.SPEECH, True)
    assert parse_command("voice off", "en") == SetSwitch(Switch.SPEECH, False)
    assert parse_command("voz leitor", "pt_BR") == SetSpeechRoute("screen-reader")
    assert parse_command("voz talvez", "pt_PT") == BadSettingValue("speech", "talvez")
    # A word after the name word is a name, even a yes word: it is read as typed.
    assert parse_command("voz nome sim", "pt_PT") == SetVoice("sim")


@given(st.text(alphabet=st.characters(categories=["L", "N", "Zs"], include_characters="/+-_()."),
               max_size=30))  # fmt: skip
def test_any_name_after_the_name_word_is_that_name(name: str) -> None:
    command = parse_command(f"voice name {name}", "en")
    wanted = fold(name)
    if not wanted:
        assert command == BadSettingValue("voice", "")
    elif wanted in ("default", "padrao", "predefinida", "predefinido"):
        assert command == SetVoice(None)
    else:
        assert command == SetVoice(wanted)


def test_names_match_by_id_name_language_and_variant() -> None:
    assert find_voice(ESPEAK_LIKE, "roa/pt-br") == "roa/pt-BR"
    assert find_voice(ESPEAK_LIKE, "portuguese (brazil)") == "roa/pt-BR"
    assert find_voice(ESPEAK_LIKE, "Portuguese_(Brazil)") == "roa/pt-BR"
    assert find_voice(ESPEAK_LIKE, "en-us") == "gmw/en-US"
    assert find_voice(ESPEAK_LIKE, "roa/pt+f2") == "roa/pt+f2"
    assert find_voice(ESPEAK_LIKE, "roa/pt+nothing") is None
    assert find_voice(ESPEAK_LIKE, "klingon") is None
    assert find_voice(ESPEAK_LIKE, "") is None
    assert [v.id for v in voices_for_language(ESPEAK_LIKE, "pt_BR")] == ["roa/pt", "roa/pt-BR"]


# -- in play -----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_choosing_a_voice_in_play_reaches_the_speaker(language: str) -> None:
    session, speaker = session_in(language)
    (line,) = session.handle(f"{VOICE[language]} {NAME[language]} roa/pt-br+f2").lines
    assert "roa/pt-BR+f2" in line and line.count(". ") == 0
    assert speaker.voice == "roa/pt-BR+f2"
    assert session.settings.voices == {language: "roa/pt-BR+f2"}
    session.handle(f"{VOICE[language]} {DEFAULT[language]}")
    assert speaker.voice is None and session.settings.voices == {language: ""}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_voice_gets_one_sentence_naming_the_list_and_changes_nothing(
    language: str,
) -> None:
    session, speaker = session_in(language)
    session.handle(f"{VOICE[language]} {NAME[language]} gmw/en-US")
    (line,) = session.handle(f"{VOICE[language]} {NAME[language]} klingon").lines
    assert "klingon" in line and VOICES[language] in line and line.count(". ") == 0
    assert speaker.voice == "gmw/en-US" and session.settings.voice == "gmw/en-US"


def test_each_language_keeps_its_voice_and_lang_applies_it() -> None:
    session, speaker = session_in("pt_PT")
    session.handle("voz nome roa/pt")
    session.handle("lang en")
    assert speaker.voice is None  # English has none chosen: its own voice
    session.handle("voice name gmw/en-US")
    session.handle("idioma pt")
    assert speaker.voice == "roa/pt"
    assert session.settings.voices == {"pt_PT": "roa/pt", "en": "gmw/en-US"}


def test_the_listing_names_the_voices_the_one_in_use_and_how_to_choose() -> None:
    session, _speaker = session_in("pt_PT")
    session.handle("voz nome roa/pt-br")
    lines = session.handle("vozes").lines
    assert len(lines) == 3
    assert "roa/pt" in lines[0] and "roa/pt-BR" in lines[0] and "gmw/en" not in lines[0]
    assert lines[0].endswith("Em uso: roa/pt-BR.")
    assert "roa/pt+f2" in lines[1] and "klatt" in lines[1]
    assert "voz nome" in lines[2] and "voz padrão" in lines[2]


def test_the_screen_reader_keeps_its_own_voice() -> None:
    session, speaker = session_in("en", speech_route="screen-reader")
    for typed in ("voice name gmw/en", "voices"):
        (line,) = session.handle(typed).lines
        assert "screen reader" in line and "own voice" in line
    assert speaker.voice is None and session.settings.voices == {}


def test_with_speech_off_the_answer_says_how_to_turn_it_on() -> None:
    session, speaker = session_in("pt_BR", speech=False)
    (line,) = session.handle("voz nome roa/pt").lines
    assert "voz sim" in line and line.startswith("A voz do jogo não está falando")
    assert speaker.voice is None and session.settings.voices == {}


def test_the_voice_is_saved_and_restored_next_session(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    session, _speaker = session_in("pt_BR", storage)
    session.handle("voz nome roa/pt-br+klatt")
    session.handle("lang en")
    session.handle("voice name en-us")
    session.handle("voice name nonsense")  # refused: nothing saved for it
    session.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    saved = load_settings(store)
    store.close()
    assert (saved["voice.pt_BR"], saved["voice.en"]) == ("roa/pt-BR+klatt", "gmw/en-US")
    assert "voice.pt_PT" not in saved

    storage = GameStorage.open(tmp_path)  # the next session
    saved = dict(storage.saved_settings())
    storage.close()
    settings = start_options(saved, lang="pt_BR").settings(True)
    speaker = RecordingSpeaker()
    speaker.available = list(ESPEAK_LIKE)
    assert start_voice(settings, speaker, given=False) is None
    assert speaker.voice == "roa/pt-BR+klatt"
    assert start_options(saved, lang="en").voice == "gmw/en-US"
    assert start_options(saved, lang="pt_PT").voice == ""


def test_a_saved_voice_the_backend_lacks_leaves_the_language_s_own() -> None:
    settings = start_options({"voice.en": "Microsoft Zira Desktop"}, lang="en").settings(True)
    speaker = RecordingSpeaker()
    speaker.available = list(ESPEAK_LIKE)
    assert start_voice(settings, speaker, given=False) is None  # not typed now: no line
    assert speaker.voice is None and settings.voice == ""
    assert settings.stored()["voice.en"] == "Microsoft Zira Desktop"  # kept for that backend


def test_the_command_line_voice_is_for_this_session_and_checked() -> None:
    assert StartOptions(voice="en-us").refusal() is None
    settings = start_options({"voice.en": "gmw/en"}, lang="en", voice="en-us").settings(True)
    speaker = RecordingSpeaker()
    speaker.available = list(ESPEAK_LIKE)
    assert start_voice(settings, speaker, given=True) is None
    assert speaker.voice == "gmw/en-US"
    assert settings.stored()["voice.en"] == "gmw/en"  # never saved

    settings = start_options({}, lang="en", voice="klingon").settings(True)
    line = start_voice(settings, speaker, given=True)
    assert line is not None and "klingon" in line and "voices" in line
    assert speaker.voice is None

    assert StartOptions(voice="  ").refusal() is not None
    assert StartOptions(voice="a\x1bb").refusal() is not None


def test_saved_values_that_cannot_be_names_are_skipped() -> None:
    start = start_options({"voice.en": "x" * 500, "voice.pt_PT": "bad\nname", "voice.pt_BR": "ok"})
    assert start.voices == {"pt_BR": "ok"}


def test_pyramide_voice_lists_the_voice_of_each_language(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    from pyramide_a11y.storage.saved_settings import save_setting

    assert save_setting(store, "voice.en", "gmw/en-US")
    store.close()
    out = io.StringIO()
    wav = tmp_path / "sample.wav"
    code = main(["--data-dir", str(tmp_path), "voice", "--lang", "en", "--speech", "espeak-ng",
                 "--out", str(wav)], out)  # fmt: skip
    assert code == 0
    lines = out.getvalue().splitlines()
    assert "Voice per language: pt_PT the language's own, pt_BR the language's own, en " \
        "gmw/en-US" in lines[2]  # fmt: skip
    assert lines[-1].endswith("voice gmw/en-US.")


# -- the backends, for real ----------------------------------------------------------------


def _sound(tmp_path: Path, voice: str | None) -> bytes:
    out = tmp_path / f"{(voice or 'own').replace('/', '_')}.wav"
    utterance = Utterance("Dez de paus.", "pt_PT", 175, None, 0, voice)
    command = espeak_command(utterance, out)
    subprocess.run(command, input=b"Dez de paus.\n", check=True, timeout=10)
    return out.read_bytes()


def test_espeak_ng_speaks_with_the_chosen_voice(tmp_path: Path, sink: Sink) -> None:
    voices = list_voices() + list_variants()
    chosen = find_voice(voices, "roa/pt+f2")
    assert chosen == "roa/pt+f2"
    assert find_voice(voices, "roa/pt-br") == "roa/pt-BR"
    utterance = Utterance("Dez de paus.", "pt_PT", 175, None, 0, chosen)
    assert espeak_command(utterance)[1:3] == ["-v", "roa/pt+f2"]
    # The voice changes the sound: the same words in another voice are other samples.
    own, female = _sound(tmp_path, None), _sound(tmp_path, chosen)
    assert hashlib.sha256(own).digest() != hashlib.sha256(female).digest()
    assert _sound(tmp_path, "roa/pt") == own  # the language's own voice is roa/pt

    started: list[list[str]] = []

    class Recorded(EspeakNgSpeaker):
        def _start(self, command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL):  # type: ignore[no-untyped-def]
            started.append(list(command))
            return super()._start(command, stdin, stdout)

    speaker = Recorded("pt_PT", player=sink.command)
    try:
        assert any(v.id == "roa/pt-BR" for v in speaker.voices())
        speaker.set_voice(chosen)
        speaker.say("Dez de paus.")
        assert wait_for(lambda: speaker.spoken == 1, 10)
        speaker.set_voice(None)
        speaker.say("Três de espadas.")
        assert wait_for(lambda: speaker.spoken == 2, 10)
    finally:
        speaker.close()
    espeak_runs = [c for c in started if c[0] == "espeak-ng"]
    assert [c[2] for c in espeak_runs] == ["roa/pt+f2", "pt"]


def test_pyttsx3_synthesises_with_the_chosen_voice(tmp_path: Path) -> None:
    speaker = Pyttsx3Speaker("pt_PT", player=["true"])
    try:
        voices = speaker.voices()
        chosen = find_voice(voices, "roa/pt-br")
        assert chosen is not None
        speaker.set_voice(chosen)
        assert speaker.synthesise("Dez de paus.", tmp_path / "a.wav") == chosen
        variant = find_voice(voices, "roa/pt+klatt")
        assert variant is not None and variant.endswith("+klatt")
        speaker.set_voice(variant)
        assert speaker.synthesise("Dez de paus.", tmp_path / "b.wav") == variant
        speaker.set_voice(None)
        assert speaker.synthesise("Dez de paus.", tmp_path / "c.wav") in ("pt", "roa/pt")
    finally:
        speaker.close()


def test_speech_dispatcher_lists_and_sets_synthesis_voices(ssip_server: Path) -> None:
    speaker = SsipSpeaker("pt_PT", 175)
    try:
        voices = speaker.voices()
        assert find_voice(voices, "portuguese (brazil)") == "Portuguese (Brazil)"
        assert find_voice(voices, "Portuguese (Brazil)+adam") == "Portuguese (Brazil)+Adam"
        assert [v.id for v in voices_for_language(voices, "pt_PT")] == [
            "Portuguese (Portugal)",
            "Portuguese (Brazil)",
        ]
        speaker.set_voice("Portuguese (Brazil)+Adam")
        speaker.say("Dez de paus.")
        assert wait_for(lambda: speaker.spoken == 1, 5)
        speaker.set_voice(None)
        speaker.say("Três de espadas.")
        assert wait_for(lambda: speaker.spoken == 2, 5)
    finally:
        speaker.close()
    log = ssip_server.read_text().splitlines()
    first, second = log.index("TEXT Dez de paus."), log.index("TEXT Três de espadas.")
    assert "SET self SYNTHESIS_VOICE Portuguese (Brazil)+Adam" in log[:first]
    # Back to speech-dispatcher's own voice: no voice type is forced over the one the
    # player configured; a fresh connection starts from the server's settings, and
    # the old one says goodbye only once the new one is open.
    between = log[first:second]
    assert not [c for c in between if "VOICE_TYPE" in c or "SYNTHESIS_VOICE" in c]
    assert between.index("SET self CLIENT_NAME user:pyramide:main") < between.index("QUIT")
    assert "SET self LANGUAGE pt" in between[between.index("QUIT") :]


def test_the_voice_list_reply_is_read() -> None:
    lines = ["English (America)\ten-US\tnone", "English (America)+Adam\ten-US\tAdam",
             "OK VOICE LIST SENT"]  # fmt: skip
    assert parse_voice_list(lines) == [
        VoiceInfo("English (America)", "English (America)", ("en-US",)),
        VoiceInfo("English (America)+Adam", "English (America)+Adam", ("en-US",), variant=True),
    ]
