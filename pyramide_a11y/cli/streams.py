"""The standard streams made safe for the whole program, set up once at start-up
(:func:`guard_standard_streams`, called by :mod:`pyramide_a11y.launch`).

What a hostile shell can hand the program, and what it then does:

- **Output that is not UTF-8** (``LC_ALL=C``, ``PYTHONIOENCODING=ascii`` or
  ``latin-1``): every character the stream cannot take is written as the nearest
  plain letters (:func:`readable_replacement`: «paus» stays «paus», «não» becomes
  «nao», the quotes «» plain ``"``), and only what has no such form becomes ``?``.
  Never a ``UnicodeEncodeError``.
- **A closed standard stream** (``<&-``, ``>&-``, ``2>&-``): its descriptor is filled
  with the null device first, so no file the program opens later (the database)
  takes descriptor 0, 1 or 2. A closed input is an input at its end (the game says
  goodbye, exit 0); a closed output is an output that cannot be written.
- **Output that cannot be written** (closed, ``/dev/full``, an I/O error): the
  first failed write raises :class:`OutputLost` wherever it happens. It is a
  ``BaseException``, like Ctrl-C, so the session's guards do not take it for a
  fault of the game: ``finally`` blocks run (the game is saved and closed) and
  :func:`pyramide_a11y.cli.main.main` ends the program with
  :data:`EXIT_OUTPUT_LOST` (74, ``EX_IOERR`` of ``sysexits.h``) and one sentence
  on standard error. A reader that went away (``| head``, a broken pipe) is not an
  error of ours: exit 0, as before. After that, writes to standard output are
  dropped, so the interpreter's last flush stays quiet (no "Exception ignored").
- **Standard error that cannot be written**: what was meant for it is dropped
  (there is nowhere left to say it); the exit status is the one the program had.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import sys
import unicodedata
from typing import TextIO

READABLE = "pyramide.readable"
"""The name of the encoding error handler that writes plain letters."""

EXIT_OUTPUT_LOST = 74
"""``EX_IOERR``: standard output could not be written."""

PLAIN_PUNCTUATION = {
    "«": '"',
    "»": '"',
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "‚": "'",
    "–": "-",
    "—": "-",
    "−": "-",
    "…": "...",
    "•": "*",
    "·": ".",
}
"""Punctuation with no decomposition, and the ASCII a listener hears the same."""


def readable_replacement(text: str, encoding: str) -> str:
    """``text`` as ``encoding`` can write it: each character that it cannot is its
    plain form (the letters without their accents, by NFKD with the combining marks
    left out; the punctuation of :data:`PLAIN_PUNCTUATION`), and ``?`` when even
    that cannot be written."""
    out: list[str] = []
    for char in text:
        if _writable(char, encoding):
            out.append(char)
            continue
        plain = PLAIN_PUNCTUATION.get(char) or "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append(plain if plain and _writable(plain, encoding) else "?")
    return "".join(out)


def _writable(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _readable_errors(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start : error.end]
    return readable_replacement(chunk, error.encoding), error.end


def register_readable_errors() -> None:
    """Make :data:`READABLE` known to ``codecs`` (repeating it is harmless)."""
    codecs.register_error(READABLE, _readable_errors)


class OutputLost(BaseException):
    """Standard output could not be written (closed, full, an I/O error); ``errno``
    says why (``EPIPE``: the reader went away)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.errno, error.strerror)
        self.errno = error.errno or errno.EIO
        self.strerror = error.strerror or os.strerror(self.errno)


class _GuardedWriter(io.RawIOBase):
    """A standard output or error descriptor whose failed writes are handled:
    ``raising`` (the output) raises :class:`OutputLost` at the first failed write
    and at every write after it (another thread may have met the failure first),
    until :meth:`drop`; else (standard error) the bytes are dropped from the first
    failure on."""

    def __init__(self, fd: int, *, raising: bool, failed: OSError | None = None) -> None:
        super().__init__()
        self._fd = fd
        self._raising = raising
        self._error = failed  # closed from the start: each write says so
        self._dropped = False

    @property
    def failed(self) -> bool:
        return self._error is not None or self._dropped

    def fileno(self) -> int:
        return self._fd

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return not self.failed and os.isatty(self._fd)

    def write(self, data: object) -> int:
        size = len(memoryview(data))  # type: ignore[arg-type]
        if self._dropped or (self._error is not None and not self._raising):
            return size
        if self._error is not None:
            raise OutputLost(self._error)
        try:
            return os.write(self._fd, data)  # type: ignore[arg-type]
        except (BlockingIOError, InterruptedError):
            raise
        except OSError as err:
            self._error = err
            if self._raising:
                raise OutputLost(err) from None
            return size

    def drop(self) -> None:
        """From now on every write is dropped (after :class:`OutputLost` was handled)."""
        self._dropped = True


def _fill_closed(fd: int) -> bool:
    """Whether ``fd`` was closed; if so it now holds the null device."""
    try:
        os.fstat(fd)
    except OSError:
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        return True
    return False


def _guarded(old: TextIO | None, fd: int, *, raising: bool, closed: bool) -> TextIO:
    encoding = getattr(old, "encoding", None) or "utf-8"
    tty = not closed and os.isatty(fd)
    failed = OSError(errno.EBADF, os.strerror(errno.EBADF)) if closed else None
    raw = _GuardedWriter(fd, raising=raising, failed=failed)
    buffered = io.BufferedWriter(raw)
    return io.TextIOWrapper(
        buffered,
        encoding=encoding,
        errors=READABLE,
        line_buffering=tty,
        write_through=not raising,  # standard error: each message at once, as Python's
    )


def guard_standard_streams() -> None:
    """Set up the process's standard streams as the module docstring says. Call it
    once, first thing, in the process's main thread."""
    register_readable_errors()
    closed = [_fill_closed(fd) for fd in (0, 1, 2)]
    if closed[0] or sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's)
    sys.stdout = _guarded(sys.stdout, 1, raising=True, closed=closed[1] or sys.stdout is None)
    sys.stderr = _guarded(sys.stderr, 2, raising=False, closed=closed[2] or sys.stderr is None)


def output_lost_quietly() -> None:
    """After :class:`OutputLost`: drop what standard output still holds and every
    later write, so nothing more is tried (nor reported) at exit."""
    stream = sys.stdout
    raw = getattr(getattr(stream, "buffer", None), "raw", None)
    if isinstance(raw, _GuardedWriter):
        raw.drop()
        return
    # Not guarded (a test calling main): point the descriptor at the null device.
    with contextlib.suppress(AttributeError, OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
