"""Speech through a real audio path: a PulseAudio null sink recorded from its monitor.

Run (from the repository, after ``scripts/test`` made ``.venv``; needs the Debian
packages ``pulseaudio pulseaudio-utils speech-dispatcher speech-dispatcher-espeak-ng
tmux``)::

    nice -n 10 .venv/bin/python benchmarks/real_audio.py [goodbye sighup busy-reader] [--runs 10]

It starts a PulseAudio server of its own (a temporary runtime folder, a null sink
``rec``, nothing of the user's touched), points the game at it through
``XDG_RUNTIME_DIR``, and measures:

- ``goodbye``: for each backend (espeak-ng, pyttsx3, speech-dispatcher), ``--runs``
  times, the real ``pyramide`` quits at once («sair») while ``parec`` records the
  sink's monitor; the voiced span heard (first to last 20 ms window above 1 % of
  full scale) is compared with the same backend saying the goodbye with nothing
  cut (a reference recorded once per backend, waiting long past its end). A run
  passes when it heard at least the reference span minus 0.1 s.
- ``sighup``: ``--runs`` times, the game with ``--speech speech-dispatcher`` in a
  tmux window (the server started for the game), speaking; the window is closed
  (``tmux kill-server``: SIGHUP) and the seconds until the server is gone are
  measured. An orphan is a server still running 10 s after the game ended.
- ``busy-reader``: a real speech-dispatcher, an Orca-like client speaking at
  ``message`` priority every answer the game gives (as a screen reader reads each
  new line), and the game's SSIP speaker saying 50 answers, one every ``--every``
  seconds (4: longer than the 3 s an answer may take to begin, as when the player
  thinks between moves): the answers wait in the queue behind the reader; any
  "speech stopped working" would be a false notice.

Results: ``benchmarks/results/real_audio.json``.
"""

from __future__ import annotations

import argparse
import array
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyramide_a11y.speech.base import Speaker  # noqa: E402
from pyramide_a11y.speech.factory import open_speaker  # noqa: E402
from pyramide_a11y.speech.ssip import SsipConnection  # noqa: E402
from pyramide_a11y.speech.ssip_backend import SsipSpeaker  # noqa: E402

BACKENDS = ("espeak-ng", "pyttsx3", "speech-dispatcher")
GOODBYE = "A sua partida está guardada. Até à próxima."
CODE = "PY1-N-AAAAAAS"
WINDOW = 0.02  # seconds per loudness window
THRESHOLD = 0.01 * 32767  # a window louder than this (RMS) is voiced
TOLERANCE = 0.1  # seconds the heard span may fall short of the reference
ORPHAN_SECONDS = 10.0
PACKAGES = ("pulseaudio", "parec", "pactl", "speech-dispatcher", "tmux")


def voiced_span(path: Path) -> float:
    """Seconds from the first to the last voiced window of a 16-bit WAV (0 if silent)."""
    with wave.open(str(path), "rb") as wav:
        rate, channels = wav.getframerate(), wav.getnchannels()
        samples = array.array("h", wav.readframes(wav.getnframes()))
    step = max(1, int(rate * WINDOW) * channels)
    voiced = []
    for index, start in enumerate(range(0, len(samples), step)):
        part = samples[start : start + step]
        if part and (sum(x * x for x in part) / len(part)) ** 0.5 > THRESHOLD:
            voiced.append(index)
    return (voiced[-1] - voiced[0] + 1) * WINDOW if voiced else 0.0


class Pulse:
    """A PulseAudio server of our own with a null sink ``rec``; ``env`` reaches it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        run = folder / "run"
        (folder / "home").mkdir(parents=True)
        run.mkdir(mode=0o700)
        self.env = dict(
            os.environ,
            HOME=str(folder / "home"),
            XDG_RUNTIME_DIR=str(run),
            PULSE_RUNTIME_PATH=str(run / "pulse"),
            PYRAMIDE_SOUNDS="off",  # cues would be heard too: the goodbye alone
            LANGUAGE="",
            LC_ALL="",
            LANG="C.UTF-8",
        )
        self.env.pop("SPEECHD_ADDRESS", None)
        self.env.pop("PYRAMIDE_AUDIO_PLAYER", None)
        subprocess.run(
            ["pulseaudio", "-n", "--daemonize=yes", "--exit-idle-time=-1",
             "-L", "module-native-protocol-unix", "-L", "module-null-sink sink_name=rec",
             f"--log-target=file:{folder / 'pulse.log'}"],
            env=self.env, check=True, timeout=30,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode:
            if time.monotonic() > deadline:
                raise RuntimeError("PulseAudio did not start")
            time.sleep(0.1)

    @contextmanager
    def recording(self, path: Path) -> Iterator[None]:
        """Record the sink's monitor into ``path`` (WAV) while the block runs."""
        recorder = subprocess.Popen(
            ["parec", "-d", "rec.monitor", "--file-format=wav", str(path)], env=self.env
        )
        deadline = time.monotonic() + 10
        # Connected once frames (the monitor's silence) follow the header.
        while not (path.exists() and path.stat().st_size > 44 + 8820):
            if time.monotonic() > deadline:
                raise RuntimeError("parec records nothing")
            time.sleep(0.02)
        try:
            yield
        finally:
            time.sleep(0.5)
            recorder.send_signal(signal.SIGINT)  # SIGINT: parec writes its last frames
            recorder.wait(10)

    def close(self) -> None:
        subprocess.run(["pulseaudio", "--kill"], env=self.env, timeout=10, check=False)


@contextmanager
def in_environment(env: dict[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


def reference(pulse: Pulse, backend: str, folder: Path) -> float:
    """The goodbye as the backend says it with nothing cut: its voiced span."""
    path = folder / f"reference-{backend}.wav"
    with in_environment(pulse.env):
        choice = open_speaker(backend, "pt_PT", 175, screen_reader=lambda: None)
        speaker: Speaker = choice.speaker
        if choice.problem is not None:
            raise RuntimeError(f"{backend}: {choice.problem}")
        try:
            if backend == "speech-dispatcher":
                speaker.say("Olá.")  # the server's module starts on its first message
                speaker.wait_idle(15)
                time.sleep(1.0)
            with pulse.recording(path):
                speaker.say(GOODBYE)
                speaker.wait_idle(30)
                time.sleep(1.5)  # long past its end
        finally:
            speaker.close()
    return voiced_span(path)


def goodbye(pulse: Pulse, runs: int, folder: Path) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for backend in BACKENDS:
        expected = reference(pulse, backend, folder)
        heard, exits = [], []
        for run in range(runs):
            path = folder / f"goodbye-{backend}-{run}.wav"
            with pulse.recording(path):
                start = time.monotonic()
                subprocess.run(
                    [sys.executable, "-m", "pyramide_a11y", "--deal", CODE, "--speech", backend,
                     "--lang", "pt_PT", "--data-dir", str(folder / f"data-{backend}-{run}")],
                    input="sair\n", env=pulse.env, capture_output=True, text=True, timeout=120,
                    check=True,
                )  # fmt: skip
                exits.append(round(time.monotonic() - start, 2))
            heard.append(round(voiced_span(path), 2))
        whole = sum(1 for span in heard if span >= expected - TOLERANCE)
        results[backend] = {
            "reference_seconds": round(expected, 2),
            "heard_seconds": heard,
            "heard_to_the_end": f"{whole} of {runs}",
            "game_seconds": exits,
        }
        print(backend, results[backend], flush=True)
    return results


def server_pids(run_dir: str) -> list[int]:
    """speech-dispatcher processes listening under ``run_dir``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
            state = (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        ours = command and command[0].endswith(b"speech-dispatcher")
        if ours and state != "Z" and run_dir.encode() in b" ".join(command):
            found.append(int(proc.name))
    return found


def sighup(pulse: Pulse, runs: int, folder: Path) -> dict[str, Any]:
    run_dir = pulse.env["XDG_RUNTIME_DIR"]
    socket = f"pyramide-bench-{os.getpid()}"
    gone_after: list[float | None] = []
    for run in range(runs):
        game = shlex.join(
            ["env", *(f"{k}={v}" for k, v in pulse.env.items() if k.isidentifier()),
             sys.executable, "-m", "pyramide_a11y", "--deal", CODE, "--speech",
             "speech-dispatcher", "--lang", "pt_PT", "--data-dir", str(folder / f"hup-{run}")]
        )  # fmt: skip
        subprocess.run(
            ["tmux", "-L", socket, "new-session", "-d", "-x", "100", "-y", "30", game], check=True
        )
        deadline = time.monotonic() + 30
        while not server_pids(run_dir) and time.monotonic() < deadline:
            time.sleep(0.05)
        servers = server_pids(run_dir)
        time.sleep(1.0)  # the opening is being spoken
        start = time.monotonic()
        subprocess.run(["tmux", "-L", socket, "kill-server"], check=False)
        while server_pids(run_dir) and time.monotonic() - start < 60:
            time.sleep(0.05)
        left = server_pids(run_dir)
        gone_after.append(None if left else round(time.monotonic() - start, 2))
        for pid in left:  # clean up for the next run
            os.kill(pid, signal.SIGKILL)
        print("sighup", run, servers, gone_after[-1], flush=True)
    orphans = sum(1 for t in gone_after if t is None or t > ORPHAN_SECONDS)
    return {
        "server_gone_after_seconds": gone_after,
        "no_orphan": f"{runs - orphans} of {runs}",
    }


def busy_reader(pulse: Pulse, answers: int, every: float) -> dict[str, Any]:
    lines = [
        f"Dez de paus e três de espadas saem juntos. Livres: {n} cartas. Passagem 1."
        for n in range(answers)
    ]
    notices = []
    lateness: list[tuple[int, float]] = []  # "running late", said once
    reader_events: list[int] = []
    with in_environment(pulse.env):
        speaker = SsipSpeaker("pt_PT", None)
        try:
            reader = SsipConnection(
                speaker.connection.path, client="orca",
                on_event=lambda code, _message: reader_events.append(code),
            )  # fmt: skip
            reader.command("SET self PRIORITY message")
            reader.command("SET self LANGUAGE pt")
            try:
                for number, line in enumerate(lines):
                    reader.speak(line)  # the screen reader reads the new line…
                    speaker.say(line)  # …and the game's own voice says it too
                    time.sleep(every)
                    if failure := speaker.take_failure():
                        notices.append((number, str(failure)))
                    if (late := getattr(speaker, "take_late", lambda: None)()) is not None:
                        lateness.append((number, round(late, 1)))
            finally:
                reader.command("CANCEL self")
                reader.close()
        finally:
            speaker.close()
    return {
        "answers": answers,
        "seconds_between_answers": every,
        "late_notices": lateness,
        "false_notices": notices,
        "reader_messages_begun": reader_events.count(701),
        "game_answers_begun": speaker.spoken,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", nargs="*", default=["goodbye", "sighup", "busy-reader"])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--answers", type=int, default=50)
    parser.add_argument("--every", type=float, default=4.0)
    parser.add_argument("--output", type=Path, default=ROOT / "benchmarks/results/real_audio.json")
    args = parser.parse_args()
    missing = [p for p in PACKAGES if shutil.which(p) is None]
    if missing:
        print(f"missing: {' '.join(missing)}", file=sys.stderr)
        return 2
    results: dict[str, Any] = {
        "command": " ".join(["benchmarks/real_audio.py", *sys.argv[1:]]),
        "load_at_start": os.getloadavg(),
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    with tempfile.TemporaryDirectory(prefix="pyramide-audio-") as name:
        folder = Path(name)
        pulse = Pulse(folder / "pulse")
        try:
            if "goodbye" in args.what:
                results["goodbye"] = goodbye(pulse, args.runs, folder)
            if "sighup" in args.what:
                results["sighup"] = sighup(pulse, args.runs, folder)
            if "busy-reader" in args.what:
                results["busy_reader"] = busy_reader(pulse, args.answers, args.every)
                print("busy-reader", results["busy_reader"], flush=True)
        finally:
            pulse.close()
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(results, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
