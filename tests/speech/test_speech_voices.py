"""Each session language gets its own voice."""

from __future__ import annotations

import pytest

from pyramide_a11y.speech.detect import process_names, running_screen_reader
from pyramide_a11y.speech.voices import VoiceInfo, espeak_voice, platform_voice, session_language


@pytest.mark.parametrize(
    ("given", "session"),
    [("pt", "pt_PT"), ("pt-PT", "pt_PT"), ("pt_BR", "pt_BR"), ("pt-br", "pt_BR"),
     ("pt_BR.UTF-8", "pt_BR"), ("en_GB", "en"), ("de", "en")],
)  # fmt: skip
def test_session_language(given: str, session: str) -> None:
    assert session_language(given) == session


def test_espeak_voices() -> None:
    assert [espeak_voice(x) for x in ("pt_PT", "pt_BR", "en")] == ["pt", "pt-br", "en"]


KEY = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\"
WINDOWS = [
    VoiceInfo(KEY + "TTS_MS_EN-US_ZIRA_11.0", "Microsoft Zira Desktop - English (United States)"),
    VoiceInfo(KEY + "TTS_MS_PT-BR_MARIA_11.0", "Microsoft Maria Desktop - Portuguese(Brazil)"),
    VoiceInfo(KEY + "TTS_MS_PT-PT_HELIA_11.0", "Microsoft Helia Desktop - Portuguese(Portugal)"),
]
MACOS = [
    VoiceInfo("com.apple.voice.compact.en-US.Samantha", "Samantha", ("en_US",)),
    VoiceInfo("com.apple.voice.compact.pt-BR.Luciana", "Luciana", ("pt_BR",)),
]


def test_platform_voices_by_language() -> None:
    assert platform_voice(WINDOWS, "pt_PT") == WINDOWS[2].id
    assert platform_voice(WINDOWS, "pt_BR") == WINDOWS[1].id
    assert platform_voice(WINDOWS, "en") == WINDOWS[0].id
    assert platform_voice(MACOS, "pt_BR") == MACOS[1].id
    # No European Portuguese voice: Brazilian beats English for Portuguese text.
    assert platform_voice(MACOS, "pt_PT") == MACOS[1].id
    assert platform_voice(MACOS[:1], "pt_PT") is None


def test_screen_reader_names() -> None:
    assert running_screen_reader(["bash", "orca"]) == "Orca"
    assert running_screen_reader(["explorer.exe", "nvda.exe"]) == "NVDA"
    assert running_screen_reader(["JFW.EXE"]) == "JAWS"
    assert running_screen_reader(["VoiceOver"]) == "VoiceOver"
    assert running_screen_reader(["bash", "python3"]) is None


def test_process_names_sees_this_process() -> None:
    assert any(name.startswith("python") or name == "pytest" for name in process_names())
