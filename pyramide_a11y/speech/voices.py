"""Which voice speaks which session language, on each platform: the language
records' ``voices`` (``pyramide_a11y.i18n``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyramide_a11y.engine.text import fold
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
    """speech-dispatcher's language code (SSIP ``SET self LANGUAGE``) for a session language."""
    return language_record(language).voices.dispatcher


@dataclass(frozen=True)
class VoiceInfo:
    """A voice as a backend lists it: its id (what the backend is given), a
    readable name and its languages.

    ``variant`` marks a variant rather than a voice of its own: for espeak-ng a
    variant that goes after any voice (id ``+adam``: ``roa/pt+adam``); for
    speech-dispatcher a voice already joined with its variant
    (``Portuguese (Portugal)+Adam``). Listings show voices and name the variants
    apart."""

    id: str
    name: str
    languages: tuple[str, ...] = ()
    variant: bool = False


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


def _key(text: str) -> str:
    """How a voice name is compared: folded, ``_`` as a space (espeak-ng writes
    ``Portuguese_(Brazil)``, pyttsx3 ``Portuguese (Brazil)``)."""
    return fold(text.replace("_", " "))


def _matching(voices: Sequence[VoiceInfo], typed: str) -> VoiceInfo | None:
    """The voice ``typed`` names: by id, then by name, then by language tag
    (``pt-br``), first listed first. Case, accents and ``_`` do not matter."""
    wanted = _key(typed)
    for field in ("id", "name"):
        for voice in voices:
            if _key(getattr(voice, field)) == wanted:
                return voice
    for voice in voices:
        if not voice.variant and any(_key(tag) == wanted for tag in voice.languages):
            return voice
    return None


def find_voice(voices: Sequence[VoiceInfo], typed: str) -> str | None:
    """The id to give the backend for the voice the player typed, or None when
    ``voices`` (a backend's whole list) has no such voice.

    A voice is named by its id (``roa/pt-BR``), its name (``Portuguese (Brazil)``)
    or its language (``pt-br``), with a variant after a plus sign where the backend
    has variants (``roa/pt+adam``)."""
    typed = typed.strip()
    if not typed:
        return None
    found = _matching(voices, typed)
    if found is not None:
        return found.id
    base, plus, variant = typed.partition("+")
    if not plus or not variant.strip():
        return None
    voice = _matching([v for v in voices if not v.variant], base)
    extras = [v for v in voices if v.variant and v.id.startswith("+")]
    extra = _matching([VoiceInfo(v.id[1:], v.name, variant=True) for v in extras], variant)
    return f"{voice.id}+{extra.id}" if voice is not None and extra is not None else None


def voices_for_language(voices: Sequence[VoiceInfo], language: str) -> list[VoiceInfo]:
    """The voices (not variants) of a session language's family: those whose
    language tag is its ISO language (``pt``, ``pt-br``, ``pt_BR``, ``en-us``)."""
    prefix = language_record(language).locale_language.lower()
    found = []
    for voice in voices:
        tags = [tag.lower().replace("_", "-") for tag in voice.languages]
        if not voice.variant and any(t == prefix or t.startswith(prefix + "-") for t in tags):
            found.append(voice)
    return found


def variant_names(voices: Sequence[VoiceInfo], language: str) -> list[str]:
    """The variants that can go after a plus sign, for a listing: espeak-ng's
    (``+adam``) or those speech-dispatcher joined with a voice of ``language``."""
    prefix = language_record(language).locale_language.lower()
    names = set()
    for voice in voices:
        if not voice.variant:
            continue
        tags = [tag.lower() for tag in voice.languages]
        if voice.id.startswith("+"):
            names.add(voice.id[1:])
        elif any(t == prefix or t.startswith((prefix + "-", prefix + "_")) for t in tags):
            names.add(voice.id.partition("+")[2])
    return sorted(names - {""}, key=str.lower)
