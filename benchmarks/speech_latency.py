"""Speech latency, per backend: how long the prompt is held, how soon audio starts,
how soon an interrupted answer goes quiet.

Run (from the repository, after ``scripts/test`` made ``.venv``)::

    nice -n 10 .venv/bin/python benchmarks/speech_latency.py [--answers 40]

For each backend it says ``--answers`` game answers one after another, as the
prompt loop does, with a pause between them that lets some finish and cuts
others short. It measures, in the calling thread:

- *held*: how long ``say()`` kept the caller (the prompt) — goal under 5 ms;
- *audio start*: from the answer being ready (just before ``say()``) to the
  player reading its first audio frames — goal under 150 ms with espeak-ng;
- *interrupt*: from a new ``say()`` to the old player process being gone.

Audio goes to :mod:`pyramide_a11y.speech.realtime_sink`, a player that consumes
audio in real time (this machine has no sound card; ``aplay`` fails at once). The
sink is a Python process, so it starts slower than ``aplay``: its own start-up
(from spawn to reading the first frames of a WAV already on disk) is measured and
reported, so a native player's figure is about *audio start − sink start-up*.
speech-dispatcher plays through its own server: only *held* and the time
``spd-say`` takes are measured for it. Results: ``benchmarks/results/speech_latency.json``.
"""

from __future__ import annotations

import argparse
import json
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

from pyramide_a11y.speech.background import BackgroundSpeaker
from pyramide_a11y.speech.dispatcher_backend import SpeechDispatcherSpeaker
from pyramide_a11y.speech.espeak_backend import EspeakNgSpeaker
from pyramide_a11y.speech.player import realtime_sink_command
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker

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


def run_dispatcher(answers: int) -> dict[str, Any]:
    if shutil.which("spd-say") is None:
        return {"skipped": "spd-say is not installed"}
    speaker = SpeechDispatcherSpeaker("pt_PT")
    # spd-say may hang on every call here (no sound server): keep trying anyway,
    # so that every say() below takes the ordinary path, not the gave-up one.
    speaker.give_up_after = answers + 1
    held = []
    try:
        for n in range(answers):
            ready = time.monotonic()
            speaker.say(ANSWERS[n % len(ANSWERS)])
            held.append(time.monotonic() - ready)
            time.sleep(0.4)
        calls = []
        for _ in range(5):
            began = time.monotonic()
            try:
                subprocess.run(["spd-say", "-C", "-N", "pyramide"], timeout=3, check=False)
                calls.append(time.monotonic() - began)
            except subprocess.TimeoutExpired:
                calls.append(3.0)
    finally:
        speaker.close()
    return {
        "held": summary(held),
        "spd_say_call": summary(calls),
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
            finally:
                speaker.close()
        results["speech-dispatcher"] = run_dispatcher(args.answers)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
