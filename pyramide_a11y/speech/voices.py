"""Which voice speaks which session language, on each platform."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# espeak-ng voice names (both the library behind pyttsx3 on Linux and the
# command-line program) for each session language.
ESPEAK_VOICES = {"pt_PT": "pt", "pt_BR": "pt-br", "en": "en"}
# speech-dispatcher language codes (``spd-say -l``).
DISPATCHER_LANGUAGES = {"pt_PT": "pt", "pt_BR": "pt-BR", "en": "en"}
# How platform voices (SAPI5 on Windows, NSSpeechSynthesizer on macOS) name the
# languages, most specific first.
_PLATFORM_TAGS = {
    "pt_PT": ("pt_pt", "pt-pt", "portugal", "portuguese (portugal)", "joana", "catarina"),
    "pt_BR": ("pt_br", "pt-br", "brazil", "brasil", "luciana", "maria", "daniel"),
    "en": ("en_us", "en-us", "en_gb", "en-gb", "english", "en"),
}


def session_language(language: str) -> str:
    """Normalise ``pt``, ``pt-PT``, ``pt_BR``, ``en_GB``… to ``pt_PT``, ``pt_BR`` or ``en``.

    Plain ``pt`` means European Portuguese; anything not Portuguese reads as ``en``.
    """
    code = language.replace("-", "_").split(".")[0].lower()
    if code.startswith("pt_br"):
        return "pt_BR"
    if code == "pt" or code.startswith("pt_"):
        return "pt_PT"
    return "en"


def espeak_voice(language: str) -> str:
    """The espeak-ng voice name for a session language (``pt``, ``pt-br``, ``en``)."""
    return ESPEAK_VOICES[session_language(language)]


@dataclass(frozen=True)
class VoiceInfo:
    """A voice as a backend lists it: its id, a readable name and its languages."""

    id: str
    name: str
    languages: tuple[str, ...] = ()


def platform_voice(voices: Sequence[VoiceInfo], language: str) -> str | None:
    """The id of the platform voice best fitting ``language``, or None.

    Used on Windows and macOS, where pyttsx3 lists the system's voices. A voice
    whose language tag matches exactly wins over one whose name merely mentions
    the language; for pt_PT a Brazilian voice is the last resort (and vice versa),
    still better than reading Portuguese with an English voice.
    """
    wanted = session_language(language)

    def text(voice: VoiceInfo) -> str:
        return " ".join((voice.id, voice.name, *voice.languages)).lower()

    for tag in _PLATFORM_TAGS[wanted]:
        for voice in voices:
            if _has_tag(text(voice), tag):
                return voice.id
    if wanted != "en":
        other = "pt_BR" if wanted == "pt_PT" else "pt_PT"
        for tag in (*_PLATFORM_TAGS[other], "portugu", "pt"):
            for voice in voices:
                if _has_tag(text(voice), tag):
                    return voice.id
    return None


def _has_tag(haystack: str, tag: str) -> bool:
    # Short tags ("en", "pt") must be whole tokens, or "en" would match "Helena".
    if len(tag) > 3:
        return tag in haystack
    tokens: Iterable[str] = haystack.replace("\\", " ").replace("/", " ").replace(".", " ").split()
    return any(t == tag or t.startswith(tag + "_") or t.startswith(tag + "-") for t in tokens)
