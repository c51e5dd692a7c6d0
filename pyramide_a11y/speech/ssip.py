"""A small SSIP client: one persistent connection to speech-dispatcher.

SSIP is speech-dispatcher's text protocol over a unix socket
(``speech-dispatcher/speechd.sock`` in the user's runtime folder, as
:func:`socket_path` finds it, or ``SPEECHD_ADDRESS`` ``unix_socket:PATH``).
Commands end in CRLF; a reply is lines ``NNN-text`` then ``NNN text``; 2xx is
success. Events (7xx: begin, end, cancel) arrive on the
same socket once notifications are on. Only what the game needs: its client
name, language, rate, volume, ``SPEAK`` and ``CANCEL SELF`` (only the game's own
messages: Orca's go on). Every read has a deadline.
"""

from __future__ import annotations

import contextlib
import os
import queue
import socket
import threading
from collections.abc import Callable
from pathlib import Path

REPLY_SECONDS = 2.0


class SsipError(Exception):
    """The server refused a command, closed the connection or did not answer in time
    (``timed_out``: then the connection is closed, its replies could no longer be
    told apart)."""

    def __init__(self, message: str, timed_out: bool = False) -> None:
        super().__init__(message)
        self.timed_out = timed_out


def socket_path() -> Path | None:
    """Where speech-dispatcher listens for this user, found as its own client library
    and server find it; None when ``SPEECHD_ADDRESS`` names another kind of address
    (``inet_socket``: the game speaks over a unix socket only).

    ``SPEECHD_ADDRESS`` ``unix_socket:PATH`` is that path; otherwise
    ``speech-dispatcher/speechd.sock`` in GLib's user runtime folder:
    ``$XDG_RUNTIME_DIR``, or when that is unset (a console or container without a
    login session) the user's cache folder, ``$XDG_CACHE_HOME`` or ``~/.cache``.
    """
    address = os.environ.get("SPEECHD_ADDRESS", "").strip()
    method, _, where = address.partition(":")
    if method == "unix_socket" and where and where != "default":
        return Path(where).expanduser()
    if method and method != "unix_socket":
        return None
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if not os.path.isabs(runtime):
        runtime = os.environ.get("XDG_CACHE_HOME", "")
    folder = Path(runtime) if os.path.isabs(runtime) else Path.home() / ".cache"
    return folder / "speech-dispatcher" / "speechd.sock"


def escape(text: str) -> str:
    """The text of a ``SPEAK`` block: CRLF line ends, a leading dot doubled."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\r\n".join("." + line if line.startswith(".") else line for line in lines)


class SsipConnection:
    """One connection; thread-safe (one command at a time). ``on_event`` receives
    ``(code, message id)`` for 7xx events (701 begin, 702 end, 703 cancel…), from
    the reader thread."""

    def __init__(
        self,
        path: Path,
        client: str = "pyramide",
        timeout: float = REPLY_SECONDS,
        on_event: Callable[[int, str], None] | None = None,
    ) -> None:
        self.path = path
        self._timeout = timeout
        self._on_event = on_event
        self._lock = threading.Lock()
        self._replies: queue.Queue[tuple[int, list[str]] | None] = queue.Queue()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sock.settimeout(timeout)
        try:
            self._sock.connect(str(path))
        except OSError as err:
            self._sock.close()
            raise SsipError(f"cannot connect to {path}: {err}") from err
        self._sock.settimeout(None)
        self._closed = False
        self._reader = threading.Thread(target=self._read, name="ssip-reader", daemon=True)
        self._reader.start()
        try:
            self.command(f"SET self CLIENT_NAME user:{client}:main")
            if on_event is not None:
                self.command("SET self NOTIFICATION all on")
        except SsipError:
            self.close()
            raise

    def _read(self) -> None:
        buffer = b""
        lines: list[str] = []
        try:
            while True:
                chunk = self._sock.recv(4096)
                if not chunk:
                    break
                buffer += chunk
                while b"\r\n" in buffer:
                    raw, buffer = buffer.split(b"\r\n", 1)
                    line = raw.decode("utf-8", "replace")
                    if len(line) < 4 or not line[:3].isdigit():
                        continue
                    lines.append(line[4:])
                    if line[3] == "-":
                        continue
                    code, body = int(line[:3]), lines
                    lines = []
                    if 700 <= code < 800:
                        if self._on_event is not None:
                            self._on_event(code, body[0] if body else "")
                    else:
                        self._replies.put((code, body))
        except OSError:
            pass
        self._replies.put(None)  # the connection ended

    def command(self, line: str, data: str | None = None) -> tuple[int, list[str]]:
        """Send one command (and a ``SPEAK`` block); the reply. Raises SsipError."""
        with self._lock:
            if self._closed:
                raise SsipError("connection closed")
            try:
                self._sock.sendall(line.encode("utf-8") + b"\r\n")
                if data is not None:
                    code, body = self._reply(line)
                    if code != 230:
                        raise SsipError(f"{line}: {code} {' '.join(body)}")
                    self._sock.sendall(escape(data).encode("utf-8") + b"\r\n.\r\n")
            except OSError as err:
                raise SsipError(f"{line}: {err}") from err
            return self._reply(line)

    def _reply(self, line: str) -> tuple[int, list[str]]:
        try:
            reply = self._replies.get(timeout=self._timeout)
        except queue.Empty:
            # A late reply would be taken for the next command's: this connection
            # is done (the speaker opens a fresh one for the next answer).
            self._closed = True
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)
            raise SsipError(f"{line}: no reply in {self._timeout:g} s", timed_out=True) from None
        if reply is None:
            self._closed = True
            raise SsipError(f"{line}: the server closed the connection")
        code, body = reply
        if not 200 <= code < 300:
            raise SsipError(f"{line}: {code} {' '.join(body)}")
        return reply

    @property
    def closed(self) -> bool:
        """True once the connection cannot be used any more."""
        return self._closed

    def speak(self, text: str) -> str:
        """Queue ``text``; the message id."""
        _code, body = self.command("SPEAK", text)
        return body[0] if len(body) > 1 else ""

    def close(self) -> None:
        """Say goodbye (bounded) and close; safe to call twice."""
        if not self._closed:
            try:
                self._sock.settimeout(0.5)
                self._sock.sendall(b"QUIT\r\n")
            except OSError:
                pass
            else:
                # The server answers QUIT and hangs up: wait (bounded) for that, so a
                # server stopped right after has taken the goodbye.
                self._reader.join(timeout=0.5)
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        self._reader.join(timeout=1.0)
