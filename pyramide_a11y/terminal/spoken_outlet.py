"""The terminal's delivery of answers: the cue played, then the answer spoken, and
the speech that in-play settings change (``rate``, ``voice name …``, ``voices``).

:class:`SpokenOutlet` is the play core's :class:`~pyramide_a11y.core.outlet.Outlet`
and :class:`~pyramide_a11y.core.outlet.SpeechControl` for a terminal: it owns the
speaker and the cue player the command line opened. :func:`spoken_session` makes
a session that speaks through them.
"""

from __future__ import annotations

from typing import Any

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.session import GOODBYE_WAIT, Session
from pyramide_a11y.core.settings import Settings, reader_speaks, voice_ok
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.narration import join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.cue_player import CueSink
from pyramide_a11y.speech.voices import find_voice, variant_names, voices_for_language

from .speaking import take_speech_sentences, use_screen_reader

EXAMPLE_VARIANTS = ("f1", "f2", "m1", "m2", "klatt", "whisper", "adam", "alicia")
"""Variants named as examples in the "voices" listing, when the backend has them
(espeak-ng's and speech-dispatcher's with espeak-ng have all of these)."""
EXAMPLES_SHOWN = 6


class SpokenOutlet:
    """Answers delivered aloud: each answer's cue through ``cues``, then its spoken
    form through ``speaker`` (either may be None: not there). Neither is closed
    here: whoever opened them closes them."""

    def __init__(self, speaker: Speaker | None = None, cues: CueSink | None = None) -> None:
        self.speaker = speaker
        self.cues = cues
        self._cue_problem_told = False

    @property
    def plays_cues(self) -> bool:
        return self.cues is not None

    def deliver(self, answer: Answer, settings: Settings) -> None:
        """The cue first (it starts just ahead of the words), or, once, why cues
        stopped; then what the player must know about speech; then the words."""
        if self.cues is not None:
            problem = self.cues.take_problem()
            if problem is not None and not self._cue_problem_told:
                self._cue_problem_told = True
                answer.notices.append(join([m.sounds_failed(problem)]))
            elif answer.cue is not None:
                self.cues.play(answer.cue.kind, answer.cue.place, mono=answer.cue.mono)
        if self.speaker is not None and settings.speech:
            answer.notices.extend(take_speech_sentences(self.speaker))
            self.speaker.say(answer.speech_text)

    def close(self, goodbye: bool) -> None:
        if goodbye and self.speaker is not None:
            self.speaker.wait_idle(GOODBYE_WAIT)

    # -- SpeechControl: the settings typed in play -------------------------------------

    def language_changed(self, settings: Settings) -> None:
        if self.speaker is not None:
            self.speaker.set_language(settings.language)
            self.speaker.set_rate(settings.rate)
            apply_voice(settings, self.speaker)

    def rate_changed(self, rate: int) -> None:
        if self.speaker is not None:
            self.speaker.set_rate(rate)

    def volume_changed(self, volume: int) -> None:
        if self.speaker is not None:
            self.speaker.set_volume(volume / 100)

    def switched(self, on: bool) -> None:
        if self.speaker is not None and on:
            self.speaker.retry()  # also after it gave up: try it again
        elif self.speaker is not None:
            self.speaker.stop()

    def use_screen_reader(self) -> str:
        return use_screen_reader(self.speaker)

    def choose_voice(self, settings: Settings, name: str | None) -> str:
        return choose_voice(settings, name, self.speaker)

    def voice_listing(self, settings: Settings) -> list[str]:
        return voice_listing(settings, self.speaker)


def spoken_session(
    source: GameSource,
    *,
    speaker: Speaker | None = None,
    cues: CueSink | None = None,
    **options: Any,
) -> Session:
    """A session whose answers are spoken by ``speaker`` with cues from ``cues``
    (the other ``options`` are :class:`Session`'s)."""
    outlet = SpokenOutlet(speaker, cues)
    return Session(source, outlet=outlet, speech=outlet, **options)


def apply_voice(settings: Settings, speaker: Speaker) -> bool:
    """Give ``speaker`` the voice in use (``settings.voice``) when its backend has
    it; otherwise, and when none was chosen, the language's own. True when the
    chosen voice is the one speaking (at start, after ``lang``: a voice saved with
    another backend is not forced on this one, where it could not speak)."""
    if not settings.voice:
        speaker.set_voice(None)
        return True
    found = find_voice(speaker.voices(), settings.voice)
    speaker.set_voice(found)
    return found is not None


def start_voice(settings: Settings, speaker: Speaker, given: bool) -> str | None:
    """At start: give ``speaker`` the voice in use (saved, or ``--voice`` when
    ``given``). A voice the backend lacks leaves the language's own; only one typed
    on the command line now is worth a sentence (the player's, to print), as is
    ``--voice`` with the screen reader's own voice. Never holds a silent start: a
    silent speaker keeps the name for when it speaks."""
    if given and reader_speaks(settings):
        return m.voice_not_for_reader()
    if _silent(speaker) or apply_voice(settings, speaker):
        return None
    typed, settings.voice = settings.voice, ""
    return m.unknown_voice(typed) if given else None


def _silent(speaker: Speaker | None) -> bool:
    return speaker is None or getattr(speaker, "backend", speaker.name) == "none"


def choose_voice(settings: Settings, name: str | None, speaker: Speaker | None) -> str:
    """The answer to "voice name X" / "voice default"; changes nothing unless the
    backend speaking has the voice (or back to the language's own)."""
    if reader_speaks(settings):
        return m.voice_not_for_reader()
    if name is None:
        settings.voice = settings.voices[settings.language] = ""
        if speaker is not None:
            speaker.set_voice(None)
        return m.voice_own()
    if not settings.speech or _silent(speaker):
        return m.voices_silent()
    assert speaker is not None
    voices = speaker.voices()
    if not voices:
        return m.no_voice_list()
    found = find_voice(voices, name) if voice_ok(name) else None
    if found is None:
        return m.unknown_voice(name)
    settings.voice = settings.voices[settings.language] = found
    speaker.set_voice(found)
    return m.voice_set(found)


def voice_listing(settings: Settings, speaker: Speaker | None) -> list[str]:
    """The answer to "voices": the voices of the backend speaking for the session
    language, the one in use, the variants, and how to choose."""
    if reader_speaks(settings):
        return [join([m.voice_not_for_reader()])]
    if not settings.speech or _silent(speaker):
        return [join([m.voices_silent()])]
    assert speaker is not None
    every = speaker.voices()
    if not every:
        return [join([m.no_voice_list()])]
    mine = voices_for_language(every, settings.language)
    names = [voice.id for voice in mine]
    in_use = find_voice(every, settings.voice) if settings.voice else None
    backend = getattr(speaker, "backend", speaker.name)
    lines = [join([m.voices_listed(backend, names, in_use or m.voice_own_short())])]
    if variants := variant_names(every, settings.language):
        # A hundred names would be a minute of speech: the count and a few examples.
        by_key = {v.lower(): v for v in variants}
        shown = [by_key[v] for v in EXAMPLE_VARIANTS if v in by_key] or variants
        shown = shown[:EXAMPLES_SHOWN]
        example = f"{names[0] if names else every[0].id}+{shown[0]}"
        lines.append(join([m.variants_listed(len(variants), example, shown)]))
    lines.append(join([m.voice_help()]))
    return lines
