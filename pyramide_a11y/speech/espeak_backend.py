"""The espeak-ng backend: the ``espeak-ng`` program streaming into the player.

``espeak-ng --stdout`` starts writing audio after its first clause, and the
player starts on the first chunk, so sound begins within tens of milliseconds.
Both children are killed when a newer answer arrives.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from pyramide_a11y.i18n import DEFAULT_LANGUAGE

from .background import BackgroundSpeaker, Outcome, Utterance, remove, speaking_seconds
from .player import default_player, in_process, reads_stdin, with_file
from .voices import VoiceInfo, espeak_voice

PROGRAM = "espeak-ng"


def espeak_command(utterance: Utterance, out: Path | None = None) -> list[str]:
    """The espeak-ng command line for an utterance; the text is given on stdin.

    Writes a WAV to ``out``, or to standard output when ``out`` is None.
    """
    voice = utterance.voice or espeak_voice(utterance.language)
    command = [PROGRAM, "-v", voice, "-s", str(utterance.rate or 175)]
    if utterance.volume is not None:
        command += ["-a", str(round(utterance.volume * 100))]
    return [*command, *(["-w", str(out)] if out else ["--stdout"])]


def _voice_lines(which: str) -> list[list[str]]:
    """The rows of ``espeak-ng --voices[=which]`` (language, age/gender, name, file…)."""
    try:
        result = subprocess.run(
            [PROGRAM, f"--voices={which}" if which else "--voices"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return []
    return [line.split() for line in result.stdout.splitlines()[1:] if len(line.split()) >= 5]


def list_voices(language_prefix: str = "") -> list[VoiceInfo]:
    """The voices ``espeak-ng --voices`` lists (optionally for one language prefix)
    that can speak here: MBROLA voices only when the ``mbrola`` program is
    installed (without it espeak-ng refuses them)."""
    mbrola = shutil.which("mbrola") is not None
    return [
        VoiceInfo(fields[4], fields[3], (fields[1],))
        for fields in _voice_lines(language_prefix)
        if fields[1] != "variant" and (mbrola or not fields[4].startswith("mb/"))
    ]


def list_variants() -> list[VoiceInfo]:
    """espeak-ng's variants, each to put after a voice with a plus sign: id
    ``+adam`` for the file ``!v/adam`` (``-v roa/pt+adam``)."""
    return [
        VoiceInfo("+" + fields[4].rpartition("/")[2], fields[3], ("variant",), variant=True)
        for fields in _voice_lines("variant")
    ]


class EspeakNgSpeaker(BackgroundSpeaker):
    """Speaks through the ``espeak-ng`` program and the player."""

    name = "espeak-ng"

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        rate: int | None = None,
        player: Sequence[str] | None = None,
    ) -> None:
        self.player = list(player) if player else default_player()
        self._dir = Path(tempfile.mkdtemp(prefix="pyramide-espeak-"))
        self._voices: list[VoiceInfo] | None = None
        super().__init__(language, rate)

    def voices(self) -> list[VoiceInfo]:
        """Every voice and variant ``espeak-ng`` lists (asked once, about 20 ms)."""
        if self._voices is None:
            self._voices = list_voices() + list_variants()
        return list(self._voices)

    def _speak(self, utterance: Utterance) -> None:
        deadline = time.monotonic() + speaking_seconds(utterance, self.player_grace)
        if reads_stdin(self.player):
            synth = self._start(
                espeak_command(utterance), stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
            assert synth.stdout is not None
            try:
                player = self._start(self.player, stdin=synth.stdout)
            finally:
                synth.stdout.close()  # the player holds it now; espeak-ng sees it go
            # A sentence fits the pipe's buffer: this write never blocks.
            self._feed(synth, utterance.text)
            self._follow([synth, player], utterance, deadline)
        else:
            # A file per answer: winsound may still be reading the one before.
            path = self._dir / f"answer-{utterance.generation}.wav"
            try:
                synth = self._start(espeak_command(utterance, path), stdin=subprocess.PIPE)
                self._feed(synth, utterance.text)
                if self._follow([synth], utterance, deadline, counts=False) is not Outcome.DONE:
                    return
                if in_process(self.player):
                    self._play_in_process(path, utterance)
                else:
                    self._follow([self._start(with_file(self.player, path))], utterance, deadline)
            finally:
                remove(path)

    @staticmethod
    def _feed(child: subprocess.Popen[bytes], text: str) -> None:
        assert child.stdin is not None
        try:
            child.stdin.write(text.encode("utf-8") + b"\n")
            child.stdin.close()
        except OSError:
            pass

    def _release(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)
