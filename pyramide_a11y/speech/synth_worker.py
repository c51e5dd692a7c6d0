"""The child process that runs pyttsx3 and writes each answer to a sound file.

pyttsx3 2.99 stays in this process, where its faults cannot reach the player:
it prints "Audio saved to …" (fd 1 here goes to /dev/null; replies travel on
a duplicate of the original stdout); it loses settings between runs and, with
espeak-ng, applies a new rate to a later utterance now and then (the voice is set
before every utterance, rate and volume travel inside the text as espeak-ng
embedded commands); now and then it writes an empty file (tried again once);
the first utterance of a process can miss its settings (one is thrown away
before the worker says it is ready); it keeps only the last of several queued
utterances (one utterance per ``runAndWait``) and it can hang
(the parent kills this process and starts another).

Protocol, one JSON object per line. The first line out is
``{"ready": true, "driver": …, "voices": [{"id", "name", "languages"}…]}``
or ``{"ready": false, "error": …}``. Each request
``{"id", "text", "voice", "rate", "volume", "path"}`` (voice, rate, volume may
be null: platform default) gets ``{"id", "ok": true, "voice": <voice in use>}``
or ``{"id", "ok": false, "error": …}``.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import wave
from typing import Any, TextIO


def _reply(out: TextIO, message: dict[str, Any]) -> None:
    out.write(json.dumps(message) + "\n")
    out.flush()


def _synthesise(engine: Any, settings: tuple[Any, ...], text: str, path: str) -> None:
    """One utterance to one file, every setting given again (2.99 forgets them)."""
    voice, rate, volume = settings
    driver = engine.proxy._driver
    if type(driver).__name__ == "EspeakDriver":
        # espeak-ng synthesises on its own thread and applies a rate set with
        # setProperty to a later utterance now and then; embedded commands in the
        # text (speed S, amplitude A) apply exactly to this one. The voice takes
        # effect at once, set straight on the driver (not through pyttsx3's queue).
        if voice:
            driver.setProperty("voice", voice)
        amplitude = 100 if volume is None else round(float(volume) * 100)
        text = f"\x01{int(rate or 175)}S\x01{amplitude}A{text}"
    else:
        if voice:
            engine.setProperty("voice", voice)
        if rate:
            engine.setProperty("rate", int(rate))
        if volume is not None:
            engine.setProperty("volume", float(volume))
    engine.save_to_file(text, path)
    engine.runAndWait()


def _frames(path: str) -> int:
    """Audio frames in the WAV at ``path``; 0 if missing; -1 if not a WAV (a
    platform that writes another format, e.g. AIFF on macOS)."""
    if not os.path.exists(path):
        return 0
    try:
        with wave.open(path, "rb") as wav:
            return wav.getnframes()
    except (wave.Error, EOFError):
        return -1 if os.path.getsize(path) > 0 else 0


def main() -> int:
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    silent = os.open(os.devnull, os.O_WRONLY)
    os.dup2(silent, 1)
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (lives as long as the process)
    try:
        import pyttsx3

        engine = pyttsx3.init()
        voices = [
            {
                "id": str(v.id),
                "name": str(v.name or ""),
                "languages": [str(x) for x in (v.languages or [])],
            }
            for v in engine.getProperty("voices")
        ]
        driver = type(engine.proxy._driver).__name__
        with tempfile.TemporaryDirectory(prefix="pyramide-synth-") as scratch:
            _synthesise(engine, (None, None, None), "ok.", os.path.join(scratch, "first.wav"))
    except Exception as err:  # no espeak-ng library, no SAPI5…: say why
        _reply(out, {"ready": False, "error": f"{type(err).__name__}: {err}"})
        return 1
    _reply(out, {"ready": True, "driver": driver, "voices": voices})
    while line := sys.stdin.readline():
        request = json.loads(line)
        try:
            settings = (request.get("voice"), request.get("rate"), request.get("volume"))
            for _attempt in range(2):  # now and then 2.99 writes an empty file
                _synthesise(engine, settings, request["text"], request["path"])
                if _frames(request["path"]) != 0:
                    break
            else:
                raise RuntimeError("pyttsx3 wrote no sound")
            _reply(out, {"id": request["id"], "ok": True, "voice": engine.getProperty("voice")})
        except Exception as err:
            _reply(out, {"id": request["id"], "ok": False, "error": f"{err}"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
