"""Speech latency, per backend: how long Enter holds the prompt, how soon audio
starts, how soon an interrupted answer goes quiet.

Run (from the repository, after ``scripts/test`` made ``.venv``)::

    nice -n 10 .venv/bin/python benchmarks/speech_latency.py [--answers 40]

This machine has no sound card, so what is measured is what reaches a stand-in
for the loudspeaker:

- *enter to prompt*: ``Session.handle`` of a typed command (``d``, ``u``) with
  the backend attached: the answer is narrated, handed to the speaker, and the
  prompt is free again;
- *held*: how long ``say()`` alone kept the caller (the prompt) — goal under 5 ms.

For pyttsx3 and espeak-ng, audio goes to
:mod:`pyramide_a11y.speech.realtime_sink`, a player that consumes the WAV in real
time and logs when it read the first frames:

- *audio start*: from the answer being ready (just before ``say()``) to the
  player reading its first audio frames — goal under 150 ms with espeak-ng;
- *interrupt*: from a new ``say()`` to the old player process being gone.

The sink is a Python process, so it starts slower than ``aplay``: its own
start-up (spawn to first frames of a WAV already on disk) is measured too, so a
native player's figure is about *audio start − sink start-up*.

For speech-dispatcher (the SSIP route, ``speech/ssip_backend.SsipSpeaker``) the
benchmark starts its own ``speech-dispatcher --run-single`` with the espeak-ng
module and ALSA's ``null`` device (a copy of ``/etc/speech-dispatcher`` with
``AudioOutputMethod "alsa"``, ``AudioALSADevice "null"``), so the server
synthesises and "plays" every message (``null`` takes the audio at once, not in
real time) and reports it:

- *acknowledged*: answer ready → the server's ``225`` reply to ``SPEAK``;
- *begins*: answer ready → the server's ``701 BEGIN`` event (synthesis done, audio
  handed to the device);
- *cancel acknowledged*: a new answer → the server's reply to ``CANCEL self``;
  *cut off*: a new answer → the ``703 CANCELED`` event of the answer it cut (two
  answers in three are sent as soon as the previous one began).

Without ``speech-dispatcher`` installed that part is skipped. Results:
``benchmarks/results/speech_latency.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pyramide_a11y.core.settings import Settings
from pyramide_a11y.core.sources import random_deal
from pyramide_a11y.engine import get_rules
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.background import BackgroundSpeaker
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.espeak_backend import EspeakNgSpeaker
from pyramide_a11y.speech.player import realtime_sink_command
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker
from pyramide_a11y.speech.ssip import SsipError
from pyramide_a11y.speech.ssip_backend import SsipSpeaker
from pyramide_a11y.terminal.spoken_outlet import spoken_session

RESULTS = Path(__file__).resolve().parent / "results" / "speech_latency.json"
ANSWERS = [
    "Dez de paus e três de espadas saem juntos.",
    "Essa carta ainda está coberta.",
    "Rei de ouros sai sozinho. Livres: dama de copas, ás de espadas, sete de paus.",
    "Tiraste o oito de copas. No descarte: oito de copas.",
    "A soma tem de ser igual a treze.",
]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    """Median, p95 and max, in milliseconds."""
    if not values:
        return {}
    ms = [v * 1000 for v in values]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(percentile(ms, 0.95), 2),
        "max_ms": round(max(ms), 2),
        "n": len(ms),
    }


def read_log(log: Path) -> list[tuple[str, float, int]]:
    if not log.exists():
        return []
    rows = []
    for line in log.read_text().splitlines():
        kind, at, pid = line.split()[:3]
        rows.append((kind, float(at), int(pid)))
    return rows


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def sink_startup(folder: Path, runs: int = 15) -> dict[str, float]:
    """Spawn → first frames read, for the sink on a WAV already on disk."""
    wav = folder / "tone.wav"
    subprocess.run(["espeak-ng", "-w", str(wav), "ok"], check=True)
    times = []
    for n in range(runs):
        log = folder / f"startup-{n}.log"
        began = time.monotonic()
        with wav.open("rb") as audio:
            subprocess.run(realtime_sink_command(log), stdin=audio, check=True)
        times.append(read_log(log)[0][1] - began)
    return summary(times)


def run_backend(speaker: BackgroundSpeaker, log: Path, answers: int) -> dict[str, Any]:
    held: list[float] = []
    starts: list[float] = []
    interrupts: list[float] = []
    seen = 0
    for n in range(answers):
        rows = read_log(log)
        ended = {pid for kind, _, pid in rows if kind == "end"}
        playing = [pid for kind, _, pid in rows if kind == "start" and pid not in ended]
        old = playing[-1] if playing and alive(playing[-1]) else None
        ready = time.monotonic()
        speaker.say(ANSWERS[n % len(ANSWERS)])
        held.append(time.monotonic() - ready)
        started = stopped = False
        while time.monotonic() < ready + 5 and not (started and (stopped or old is None)):
            if old is not None and not stopped and not alive(old):
                stopped = True
                interrupts.append(time.monotonic() - ready)
            if not started:
                rows = [r for r in read_log(log) if r[0] == "start"]
                if len(rows) > seen:
                    starts.append(rows[seen][1] - ready)
                    seen, started = len(rows), True
            time.sleep(0.0005)
        # Every third answer is let play to its end; the others are cut short.
        time.sleep(2.5 if n % 3 == 2 else 0.4)
    return {
        "held": summary(held),
        "audio_start": summary(starts),
        "interrupt": summary(interrupts),
        "failures": speaker.failures,
        "last_error": speaker.last_error,
    }


def enter_to_prompt(speaker: Speaker, commands: int = 20) -> dict[str, float]:
    """``Session.handle`` of typed commands with ``speaker`` attached: Enter to the
    prompt being free again (narration, the speaker's ``say()``, the answer)."""
    set_language("pt_PT")
    session = spoken_session(
        random_deal(get_rules("pyramide")),
        speaker=speaker,
        settings=Settings(language="pt_PT"),
        hint_finder=None,
    )
    times = []
    for n in range(commands):
        began = time.monotonic()
        session.handle("d" if n % 2 == 0 else "u")
        times.append(time.monotonic() - began)
        time.sleep(0.3)
    return summary(times)


class TimedSsipSpeaker(SsipSpeaker):
    """The game's SSIP speaker, noting when each reply and event arrives."""

    def __init__(self, path: Path) -> None:
        self.events: list[tuple[float, int, str]] = []
        self.replies: list[tuple[float, str, str]] = []  # (when, command, message id)
        super().__init__("pt_PT", 175, path=path)
        command = self.connection.command

        def timed(line: str, data: str | None = None) -> tuple[int, list[str]]:
            reply = command(line, data)
            body = reply[1]
            self.replies.append((time.monotonic(), line, body[0] if len(body) > 1 else ""))
            return reply

        self.connection.command = timed  # type: ignore[method-assign]

    def _event(self, code: int, message: str) -> None:
        self.events.append((time.monotonic(), code, message))
        super()._event(code, message)


def null_audio_config(folder: Path) -> Path:
    """speech-dispatcher's own configuration, playing through ALSA's ``null`` device."""
    config = folder / "speechd-config"
    shutil.copytree("/etc/speech-dispatcher", config)
    with (config / "speechd.conf").open("a") as conf:
        conf.write('\nAudioOutputMethod "alsa"\nAudioALSADevice "null"\n'
                   'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                   "DefaultModule espeak-ng\n")  # fmt: skip
    return config


def run_ssip(folder: Path, answers: int) -> dict[str, Any]:
    if shutil.which("speech-dispatcher") is None:
        return {"skipped": "speech-dispatcher is not installed"}
    path = folder / "speechd.sock"
    server = subprocess.Popen(
        ["speech-dispatcher", "--run-single", "--timeout", "60", "-C",
         str(null_audio_config(folder)), "--communication-method", "unix_socket",
         "--socket-path", str(path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 5
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.3)  # bound, then listening
        try:
            speaker = TimedSsipSpeaker(path)
        except SsipError as err:
            return {"skipped": f"no connection: {err}"}
        try:
            speaker.say("Olá.")  # the espeak-ng module starts on the first message
            time.sleep(1.0)
            result = measure_ssip(speaker, answers)
            result["enter_to_prompt"] = enter_to_prompt(speaker)
        finally:
            speaker.close()
    finally:
        server.terminate()
        server.wait()
    version = subprocess.run(["speech-dispatcher", "--version"], capture_output=True, text=True)
    result["server"] = version.stdout.splitlines()[0] if version.stdout else "?"
    result["audio"] = "ALSA null device (takes audio at once, not in real time)"
    return result


def measure_ssip(speaker: TimedSsipSpeaker, answers: int) -> dict[str, Any]:
    held: list[float] = []
    acked: list[float] = []
    begins: list[float] = []
    cancel_acked: list[float] = []
    cut_off: list[float] = []
    previous: str | None = None
    for n in range(answers):
        replies = len(speaker.replies)
        ready = time.monotonic()
        speaker.say(ANSWERS[n % len(ANSWERS)])
        held.append(time.monotonic() - ready)
        message = None
        while time.monotonic() < ready + 5:
            new = speaker.replies[replies:]
            message = next((m for _, line, m in new if line == "SPEAK"), None)
            if message and any(c == 701 and m == message for _, c, m in speaker.events):
                break
            time.sleep(0.0005)
        new = speaker.replies[replies:]
        for at, line, _ in new:
            if line == "CANCEL self":
                cancel_acked.append(at - ready)
                break
        for at, line, m in new:
            if line == "SPEAK" and m == message:
                acked.append(at - ready)
        for at, code, m in list(speaker.events):
            if m == message and code == 701:
                begins.append(at - ready)
            if previous is not None and m == previous and code == 703:
                cut_off.append(at - ready)
        previous = message
        # Every third answer is let finish; the others are cut by the next at once.
        time.sleep(1.5 if n % 3 == 2 else 0.0)
    return {
        "held": summary(held),
        "acknowledged": summary(acked),
        "begins": summary(begins),
        "cancel_acknowledged": summary(cancel_acked),
        "cut_off": summary(cut_off),
        "failures": speaker.failures,
        "last_error": speaker.last_error,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=40)
    args = parser.parse_args()
    results: dict[str, Any] = {
        "machine": f"{platform.node()} {platform.machine()}, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "answers": args.answers,
        "command": "nice -n 10 .venv/bin/python benchmarks/speech_latency.py "
        f"--answers {args.answers}",
        "espeak_ng": subprocess.run(
            ["espeak-ng", "--version"], capture_output=True, text=True
        ).stdout.strip(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    with tempfile.TemporaryDirectory(prefix="speech-bench-") as name:
        folder = Path(name)
        results["sink_startup"] = sink_startup(folder)
        for backend, make in (("pyttsx3", Pyttsx3Speaker), ("espeak-ng", EspeakNgSpeaker)):
            log = folder / f"{backend}.log"
            speaker = make("pt_PT", player=realtime_sink_command(log))
            try:
                if isinstance(speaker, Pyttsx3Speaker):
                    speaker.check()
                results[backend] = run_backend(speaker, log, args.answers)
                results[backend]["enter_to_prompt"] = enter_to_prompt(speaker)
            finally:
                speaker.close()
        results["speech-dispatcher"] = run_ssip(folder, args.answers)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
