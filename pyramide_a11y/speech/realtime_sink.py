"""An audio sink that consumes a WAV in real time and plays nothing.

For tests and benchmarks on machines with no sound card, where ``aplay`` fails
at once: it behaves like a player to whoever feeds it (reads the stream no
faster than a device would, takes the sound's duration to finish, can be killed
part-way) and can log when the audio started and ended.

Run as a script with the standard library only, so it starts fast:
``python -I -S realtime_sink.py [--log FILE] [WAV]`` (stdin when no WAV is given).
The log gets ``start <monotonic seconds> <pid>`` once the first audio frames
are read and ``end <monotonic seconds> <pid> <seconds of audio>`` after the
last (``time.monotonic()`` is system-wide on Linux, so comparable with the
parent's).
"""

from __future__ import annotations

import os
import struct
import sys
import time
from typing import BinaryIO

_CHUNK_SECONDS = 0.02  # a device period: what a real player buffers ahead


def _read_exact(stream: BinaryIO, size: int) -> bytes:
    data = b""
    while len(data) < size:
        part = stream.read(size - len(data))
        if not part:
            break
        data += part
    return data


def _wav_format(stream: BinaryIO) -> int:
    """Read the RIFF header up to the data chunk; return bytes per second."""
    head = _read_exact(stream, 12)
    if len(head) < 12 or head[:4] != b"RIFF" or head[8:12] != b"WAVE":
        raise ValueError("not a WAV stream")
    bytes_per_second = 0
    while True:
        chunk = _read_exact(stream, 8)
        if len(chunk) < 8:
            raise ValueError("WAV stream ends before its data")
        kind, size = chunk[:4], struct.unpack("<I", chunk[4:])[0]
        if kind == b"data":
            if not bytes_per_second:
                raise ValueError("WAV data before its format")
            return bytes_per_second
        body = _read_exact(stream, size + (size & 1))
        if kind == b"fmt ":
            bytes_per_second = struct.unpack("<I", body[8:12])[0]


def play(stream: BinaryIO, log: BinaryIO | None) -> float:
    """Consume the WAV on ``stream`` at its own pace; return the seconds played."""
    rate = _wav_format(stream)
    chunk_size = max(2, int(rate * _CHUNK_SECONDS) & ~1)
    played = 0
    started = 0.0
    while True:
        data = stream.read(chunk_size)
        if not data:
            break
        if not started:
            started = time.monotonic()
            if log:
                log.write(f"start {started:.6f} {os.getpid()}\n".encode())
                log.flush()
        played += len(data)
        # Sleep until the device would have played what it was given, minus
        # one period kept in its buffer.
        ahead = started + played / rate - _CHUNK_SECONDS - time.monotonic()
        if ahead > 0:
            time.sleep(ahead)
    seconds = played / rate
    if started:
        remaining = started + seconds - time.monotonic()
        if remaining > 0:
            time.sleep(remaining)
    if log:
        log.write(f"end {time.monotonic():.6f} {os.getpid()} {seconds:.3f}\n".encode())
        log.flush()
    return seconds


def main(argv: list[str]) -> int:
    log_path = None
    if argv[:1] == ["--log"]:
        log_path, argv = argv[1], argv[2:]
    log = open(log_path, "ab") if log_path else None  # noqa: SIM115
    try:
        if argv:
            with open(argv[0], "rb") as wav:
                play(wav, log)
        else:
            play(sys.stdin.buffer, log)
    except (ValueError, BrokenPipeError) as err:
        print(f"realtime_sink: {err}", file=sys.stderr)
        return 1
    finally:
        if log:
            log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
