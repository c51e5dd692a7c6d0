"""Which voice speaks which session language, on each platform: the language
records' ``voices`` (``pyramide_a11y.i18n``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyramide_a11y.i18n import language as language_record
from pyramide_a11y.i18n.languages import related_languages


def session_language(language: str) -> str:
    """Normalise ``pt``, ``pt-PT``, ``pt_BR``, ``en_GB``… to a session language's code.

    Plain ``pt`` means European Portuguese; anything none of ours reads as the
    default language (English).
    """
    return language_record(language).code


def espeak_voice(language: str) -> str:
    """The espeak-ng voice name for a session language (``pt``, ``pt-br``, ``en``):
    ``Language.voices.espeak``."""
    return language_record(language).voices.espeak


def dispatcher_language(language: str) -> str:
    """speech-dispatcher's language code (``spd-say -l``) for a session language."""
    return language_record(language).voices.dispatcher


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
    the language; then a voice of a related language (for pt_PT a Brazilian voice,
    and vice versa), then the record's fallback tags (any Portuguese): still better
    than reading Portuguese with an English voice.
    """
    wanted = language_record(language)

    def text(voice: VoiceInfo) -> str:
        return " ".join((voice.id, voice.name, *voice.languages)).lower()

    related = [tag for other in related_languages(wanted.code) for tag in other.voices.platform]
    for tag in (*wanted.voices.platform, *related, *wanted.voices.fallback):
        for voice in voices:
            if _has_tag(text(voice), tag):
                return voice.id
    return None


def _has_tag(haystack: str, tag: str) -> bool:
    # Short tags must be whole tokens, or a language tag would match inside a name (Helena).
    if len(tag) > 3:
        return tag in haystack
    tokens: Iterable[str] = haystack.replace("\\", " ").replace("/", " ").replace(".", " ").split()
    return any(t == tag or t.startswith(tag + "_") or t.startswith(tag + "-") for t in tokens)
