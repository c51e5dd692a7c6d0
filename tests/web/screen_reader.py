"""A real screen reader for the web tests: Debian's Orca reading Debian's Chromium
on a private X display, driven by real key events, with what it said and what was
really played.

Built from the project's Orca kit (``/work/shared/orca-kit``): Xvfb, a D-Bus
session bus, the AT-SPI bus, openbox (windows get activated, Orca follows them),
PulseAudio with a null sink (speech plays in real time, to nowhere),
speech-dispatcher with espeak-ng logging every word it plays, Orca 43 with its
debug log (``SPEECH OUTPUT`` lines: what it said), Chromium on the page. Keys go in
through XTEST (``xdotool``). Everything lives in one folder of its own and every
process it starts is ended, with its children, by :meth:`Desktop.stop`.

What was *heard* comes from speech-dispatcher's log (LogLevel 5): each message
Orca sends is queued, then its words are reached one by one (``INDEX MARK``) until
``__spd_end`` (played whole) or ``__spd_stopped`` (cut: Orca cancelled it for
something new); a message still queued at a cancel is never played.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from kit import child_processes, process_alive

T = TypeVar("T")

PROGRAMS = {
    "Xvfb": "xvfb",
    "xdotool": "xdotool",
    "dbus-daemon": "dbus",
    "/usr/libexec/at-spi-bus-launcher": "at-spi2-core",
    "openbox": "openbox",
    "pulseaudio": "pulseaudio",
    "/usr/bin/speech-dispatcher": "speech-dispatcher speech-dispatcher-espeak-ng",
    "/usr/bin/orca": "orca python3-pyatspi",
    "/usr/bin/chromium": "chromium",
    "gsettings": "libglib2.0-bin gsettings-desktop-schemas dconf-gsettings-backend",
    "/usr/bin/python3": "python3",
}
"""The programs the desktop runs → the Debian packages that bring them
(``scripts/test`` installs them)."""

SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
ORCA_RUN = Path(__file__).resolve().parent / "orca_run.py"
ORCA_SETTINGS = Path(__file__).resolve().parent / "orca-settings.json"
"""Orca 43's default settings (as it writes them on its first start)."""
RATE = 85
"""Orca's speech rate (0-100; its default is 50): the same words, heard sooner,
so a whole deal is played in a few minutes. What is asserted (said first, played
whole) does not depend on it."""
SPEECH = re.compile(r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*)'(\{.*\}|None|\s.*)?$")
SPEECHD = re.compile(r"^\[\w+ \w+\s+\d+ (\d\d:\d\d:\d\d) \d+ : (\d+)\] speechd:\s+(.*)$")
KEY_ECHO = {"tab", "return", "escape", "left shift", "space", "home", "end", "dash", "insert"}
MODES = {"Focus mode", "Browse mode"}

# Orca sends an utterance to speech-dispatcher within a fraction of a second;
# each wait below ends as soon as what it waits for is logged (deadlines only
# bound a failure).
POLL = 0.05


def missing_programs() -> list[str]:
    """The programs of :data:`PROGRAMS` not installed here, with their packages."""
    return [
        f"{program} (apt-get install {package})"
        for program, package in PROGRAMS.items()
        if not (
            Path(program).is_file()
            if program.startswith("/")
            else shutil.which(program, path=SYSTEM_PATH)
        )
    ]


def wait_for(what: Callable[[], T | None], timeout: float, failure: str) -> T:
    """``what()`` once it returns something other than None (checked every
    :data:`POLL` s); AssertionError with ``failure`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        found = what()
        if found is not None:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(failure)
        time.sleep(POLL)


@dataclass
class Played:
    """One message Orca gave speech-dispatcher, and how far it was played."""

    text: str
    words: int
    reached: set[str] = field(default_factory=set)
    outcome: str = "queued"
    """queued, playing, whole (played to its end), CUT or DROPPED."""


def is_echo(text: str) -> bool:
    """Orca's key echo or its mode notices: not the page speaking."""
    said = text.strip()
    return said.lower() in KEY_ECHO or len(said) == 1 or said in MODES


class Desktop:
    """The whole desktop, started in ``folder`` (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: list[subprocess.Popen[bytes]] = []
        self.daemons: list[int] = []
        """Processes that left their parent (speech-dispatcher): ended by pid."""
        self.env: dict[str, str] = {}
        self.orca_log = folder / "orca.log"
        self.speechd_log = folder / "speechd" / "speech-dispatcher.log"

    # -- start and stop ------------------------------------------------------------

    def _spawn(self, args: list[str], name: str, **options: object) -> subprocess.Popen[bytes]:
        log = open(self.folder / f"{name}.out", "wb")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(  # type: ignore[call-overload]
            args, env=self.env, stdout=log, stderr=subprocess.STDOUT, **options
        )
        log.close()
        self.processes.append(process)
        return process  # type: ignore[no-any-return]

    def start(self, url: str) -> int:
        """Everything up, Chromium on ``url`` once Orca runs; returns the mark
        (:meth:`mark`) of Orca's log before Chromium started."""
        home = self.folder / "home"
        runtime = self.folder / "run"
        for path in (home, runtime, self.folder / "speechd", self.folder / "orca-prefs"):
            path.mkdir(parents=True)
        runtime.chmod(0o700)
        self.env = {
            # Debian's programs, not a test's stand-ins (the suite puts a
            # speech-dispatcher that never starts first on PATH).
            "PATH": SYSTEM_PATH,
            "HOME": str(home),
            "XDG_RUNTIME_DIR": str(runtime),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "GTK_MODULES": "gail:atk-bridge",
            "NO_AT_BRIDGE": "0",
            "ACCESSIBILITY_ENABLED": "1",
            "LANG": "C.UTF-8",
        }
        # 1. The X server, on a display number of its own choosing (-displayfd).
        read, write = os.pipe()
        self._spawn(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            "xvfb",
            pass_fds=(write,),
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        assert display.isdigit(), "Xvfb did not start"
        self.env["DISPLAY"] = f":{display}"
        # 2. A D-Bus session bus of its own, in the foreground (no --fork).
        bus = self._spawn(
            [
                "dbus-daemon",
                "--session",
                "--nofork",
                "--nopidfile",
                f"--address=unix:path={runtime}/bus",
                "--print-address=1",
            ],
            "dbus",
        )
        address = f"unix:path={runtime}/bus"
        wait_for(lambda: True if (runtime / "bus").exists() else None, 20, "no D-Bus session bus")
        assert bus.poll() is None, "dbus-daemon ended"
        self.env["DBUS_SESSION_BUS_ADDRESS"] = address
        # 3. Accessibility on for the session; the AT-SPI bus and its registry.
        for key, value in (
            ("org.gnome.desktop.interface toolkit-accessibility", "true"),
            ("org.gnome.desktop.a11y.applications screen-reader-enabled", "true"),
        ):
            subprocess.run(
                ["gsettings", "set", *key.split(), value],
                env=self.env,
                check=False,
                capture_output=True,
                timeout=30,
            )
        self._spawn(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], "atspi")
        # 4. A window manager: Orca follows window activation.
        self._spawn(["openbox"], "openbox")
        # 5. Sound: a null sink that plays in real time, so speech takes its time.
        self._spawn(
            [
                "pulseaudio",
                "-n",
                "--daemonize=no",
                "--exit-idle-time=-1",
                "-L",
                "module-null-sink sink_name=nullsink",
                "-L",
                "module-native-protocol-unix",
            ],
            "pulse",
        )
        wait_for(
            lambda: True if (runtime / "pulse" / "native").exists() else None,
            20,
            "PulseAudio did not start",
        )
        # 6. speech-dispatcher (espeak-ng) in the foreground, every word logged.
        config = home / ".config" / "speech-dispatcher"
        shutil.copytree("/etc/speech-dispatcher", config)
        with open(config / "speechd.conf", "a") as conf:
            conf.write('\nDefaultModule espeak-ng\nAudioOutputMethod "pulse"\n')
        # It runs as a daemon (its single-client mode talks over stdin instead):
        # its pid file says which process to end.
        logs = self.speechd_log.parent
        pid_file = self.folder / "speechd.pid"
        command = ["/usr/bin/speech-dispatcher", "-d", "-t", "0", "-l", "5", "-L", str(logs)]
        with open(self.folder / "speechd.out", "wb") as out:
            subprocess.run(
                [*command, "-C", str(config), "-P", str(pid_file)],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
                timeout=30,
            )
        socket = runtime / "speech-dispatcher" / "speechd.sock"
        try:
            wait_for(
                lambda: True if socket.exists() and pid_file.exists() else None,
                20,
                "speech-dispatcher did not start",
            )
        except AssertionError as failure:
            said = (self.folder / "speechd.out").read_text(errors="replace")
            raise AssertionError(f"{failure}: {said}") from None
        self.daemons.append(int(pid_file.read_text().split()[0]))
        # 7. Orca, its debug log line-buffered (speech: the SPEECH OUTPUT lines);
        #    its default settings but the rate.
        settings = json.loads(ORCA_SETTINGS.read_text())
        settings["profiles"]["default"]["voices"] = {"default": {"rate": RATE, "established": True}}
        (self.folder / "orca-prefs" / "user-settings.conf").write_text(json.dumps(settings))
        orca = self._spawn(
            [
                "/usr/bin/python3",
                str(ORCA_RUN),
                "-u",
                str(self.folder / "orca-prefs"),
                f"--debug-file={self.orca_log}",
            ],
            "orca",
        )

        # Ready once it speaks ("Screen reader on").
        def ready() -> bool | None:
            if orca.poll() is not None:
                said = (self.folder / "orca.out").read_text(errors="replace")
                raise AssertionError(f"Orca ended: {said}")
            return True if self.said(0) else None

        wait_for(ready, 60, "Orca did not start")
        # 8. Chromium on the page.
        page_mark = self._size()
        self._spawn(
            [
                "/usr/bin/chromium",
                "--no-sandbox",
                "--force-renderer-accessibility",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--password-store=basic",
                "--lang=en",
                "--accept-lang=en",
                f"--user-data-dir={self.folder / 'chrome'}",
                "--window-position=0,0",
                "--window-size=1280,1000",
                url,
            ],
            "chromium",
        )
        return page_mark

    def stop(self) -> list[int]:
        """Every process started here and its descendants ended (TERM, then KILL);
        returns those still alive after that (none, normally)."""
        every: list[int] = []

        def gather(pid: int) -> None:
            for child in child_processes(pid):
                gather(child)
            every.append(pid)

        for pid in self.daemons:
            gather(pid)
        for process in reversed(self.processes):
            gather(process.pid)
        # speech-dispatcher forks as it becomes a daemon: the pid in its pid file
        # was at times a parent already gone, its daemon and modules then left to
        # init, running after the test (two sets found on 3 December 2026). Each
        # of them names this desktop's folder in its command line.
        every += [pid for pid in naming(self.folder) if pid not in every]
        for pid in every:
            with _gone():
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(process_alive(p) for p in every):
            for process in self.processes:
                process.poll()
            time.sleep(POLL)
        for pid in every:
            if process_alive(pid):
                with _gone():
                    os.kill(pid, signal.SIGKILL)
        for process in self.processes:
            with _gone():
                process.wait(10)
        return [pid for pid in every if process_alive(pid)]

    # -- what Orca said ----------------------------------------------------------------

    def _size(self) -> int:
        try:
            return self.orca_log.stat().st_size
        except OSError:
            return 0

    def _orca_text(self, offset: int) -> str:
        try:
            with open(self.orca_log, "rb") as log:
                log.seek(offset)
                return log.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def mark(self) -> int:
        """A point in Orca's log: :meth:`said` tells what came after it."""
        return self._size()

    def said(self, since: int) -> list[str]:
        """Every utterance Orca sent since ``since``, in order."""
        out = []
        for line in self._orca_text(since).splitlines():
            found = SPEECH.match(line)
            if found:
                out.append(found.group(2))
        return out

    def wait_said(
        self, since: int, test: Callable[[str], bool], what: str, timeout: float = 40
    ) -> list[str]:
        """The utterances since ``since`` up to the first for which ``test`` holds."""

        def upto() -> list[str] | None:
            said = self.said(since)
            for i, text in enumerate(said):
                if test(text):
                    return said[: i + 1]
            return None

        return wait_for(upto, timeout, f"Orca never said {what}; it said {self.said(since)}")

    def wait_event(self, since: int, event: str, what: str, timeout: float = 40) -> None:
        """Waits until Orca's log, after ``since``, shows it got the accessibility
        event ``event`` (the start of its "EVENT MANAGER: " line, e.g.
        ``"object:state-changed:focused for [document web | Title] in [application
        | Chromium] (1"``): what the browser did, as Orca heard it."""
        line = "EVENT MANAGER: " + event

        def seen() -> bool | None:
            return True if line in self._orca_text(since) else None

        wait_for(seen, timeout, f"Orca never got {what} ({event!r})")

    # -- what was played ---------------------------------------------------------------

    def played(self) -> list[Played]:
        """Every message speech-dispatcher was given, with how far it was played."""
        messages: list[Played] = []
        waiting: list[Played] = []
        current: Played | None = None
        try:
            lines = self.speechd_log.read_text(errors="replace").splitlines()
        except OSError:
            return []
        for raw in lines:
            found = SPEECHD.match(raw)
            if not found:
                continue
            body = found.group(3)
            if body.startswith("Queueing message |"):
                ssml = body[len("Queueing message |") : body.rfind("| with priority")]
                text = re.sub(r"<[^>]+>", "", ssml).strip()
                message = Played(text, len(re.findall(r'<mark name="[^"]+"/>', ssml)))
                messages.append(message)
                waiting.append(message)
            elif body.startswith("Cancel received"):
                for message in waiting:
                    message.outcome = "DROPPED"
                waiting = []
            elif body.startswith("INDEX MARK: "):
                name = body[len("INDEX MARK: ") :].strip()
                if name == "__spd_begin" and waiting:
                    current = waiting.pop(0)
                    current.outcome = "playing"
                elif name in ("__spd_end", "__spd_stopped") and current is not None:
                    current.outcome = "whole" if name == "__spd_end" else "CUT"
                    current = None
                elif not name.startswith("__spd") and current is not None:
                    current.reached.add(name)
        return messages

    def wait_played(self, text: str, after: int = 0) -> Played:
        """The first message after the ``after`` first ones that holds ``text``, once
        speech-dispatcher is done with it (played whole, cut or dropped)."""

        def done() -> Played | None:
            for message in self.played()[after:]:
                if text in message.text and message.outcome not in ("queued", "playing"):
                    return message
            return None

        return wait_for(done, 60, f"{text!r} was never played to an end")

    def message_count(self) -> int:
        return len(self.played())

    # -- keys --------------------------------------------------------------------------

    def key(self, *names: str) -> None:
        """Real key presses (XTEST), e.g. ``key("Home")``, ``key("Return")``."""
        subprocess.run(
            ["xdotool", "key", "--delay", "60", *names], env=self.env, check=True, timeout=30
        )


def naming(folder: Path) -> list[int]:
    """The living processes whose command line names ``folder`` (Linux's /proc)."""
    mark = str(folder).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                named = mark in (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if named and process_alive(int(entry.name)):
                found.append(int(entry.name))
    return found


class _gone:
    """``with _gone():`` a process already gone is no error."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, value: object, trace: object) -> bool:
        return isinstance(value, ProcessLookupError | ChildProcessError | subprocess.TimeoutExpired)
