"""A stand-in speech-dispatcher for tests: speaks SSIP on a unix socket, logs every
command to ``FAKE_SSIP_LOG``; ``FAKE_SSIP_MODE`` is ``plays`` (each message begins:
event 701; with ``FAKE_SSIP_SPEAK_SECONDS`` it ends that long after, event 702,
unless cancelled first, event 703; with ``FAKE_SSIP_BEGIN_SECONDS`` it begins
that long after it was queued: a slow server), ``mute`` (messages are taken but never begin,
nor are cancelled: no audio), ``busy`` (a screen reader speaks at a higher
priority all along: messages wait in the queue and never begin, and ``CANCEL
self`` cancels them, event 703, as speech-dispatcher 0.11 does) or ``hangs`` (no
reply to SPEAK). Like speech-dispatcher, SIGHUP does not end it.
``LIST SYNTHESIS_VOICES`` answers with :data:`VOICES` as speech-dispatcher 0.11
with espeak-ng does (each voice alone, then joined with a variant). Run as
``speech-dispatcher``: only ``--socket-path`` counts."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import socket
import sys
import threading

VOICES = (
    ("Portuguese (Portugal)", "pt", "none"),
    ("Portuguese (Portugal)+Adam", "pt", "Adam"),
    ("Portuguese (Brazil)", "pt-BR", "none"),
    ("Portuguese (Brazil)+Adam", "pt-BR", "Adam"),
    ("English (America)", "en-US", "none"),
    ("English (Great Britain)", "en-GB", "none"),
)
_numbers = itertools.count(1)  # message ids, server-wide as speech-dispatcher's
_numbers_lock = threading.Lock()


def serve(conn: socket.socket, mode: str, log: str) -> None:
    buffer = b""
    notify = False
    sending = threading.Lock()
    waiting: list[int] = []  # this client's messages queued or playing
    speak_seconds = float(os.environ.get("FAKE_SSIP_SPEAK_SECONDS", "0") or 0)
    begin_seconds = float(os.environ.get("FAKE_SSIP_BEGIN_SECONDS", "0") or 0)

    def send(data: bytes) -> None:
        with sending, contextlib.suppress(OSError):  # the client has gone
            conn.sendall(data)

    def finish(number: int) -> None:
        with sending:
            if number not in waiting:
                return  # cancelled meanwhile
            waiting.remove(number)
        send(f"702-{number}\r\n702-1\r\n702 END\r\n".encode())

    def begin(number: int) -> None:
        with sending:
            if number not in waiting:
                return  # cancelled meanwhile
        send(f"701-{number}\r\n701-1\r\n701 BEGIN\r\n".encode())
        if speak_seconds:
            threading.Timer(speak_seconds, finish, (number,)).start()

    with conn:
        while True:
            while b"\r\n" not in buffer:
                chunk = conn.recv(4096)
                if not chunk:
                    return
                buffer += chunk
            raw, buffer = buffer.split(b"\r\n", 1)
            line = raw.decode()
            with open(log, "a") as out:
                out.write(line + "\n")
            verb = line.split(" ")[0].upper()
            if verb == "QUIT":
                send(b"231 HAPPY HACKING\r\n")
                return
            if verb == "SPEAK":
                if mode == "hangs":
                    continue
                send(b"230 OK RECEIVING DATA\r\n")
                while b"\r\n.\r\n" not in buffer:
                    buffer += conn.recv(4096)
                text, buffer = buffer.split(b"\r\n.\r\n", 1)
                with open(log, "a") as out:
                    out.write("TEXT " + text.decode().replace("\r\n", " ") + "\n")
                with _numbers_lock:
                    number = next(_numbers)
                with sending:
                    waiting.append(number)
                send(f"225-{number}\r\n225 OK MESSAGE QUEUED\r\n".encode())
                if mode == "plays" and notify:
                    threading.Timer(begin_seconds, begin, (number,)).start()
                continue
            if line.upper() == "LIST SYNTHESIS_VOICES":
                rows = "".join(
                    f"249-{name}\t{lang}\t{variant}\r\n" for name, lang, variant in VOICES
                )
                send((rows + "249 OK VOICE LIST SENT\r\n").encode())
                continue
            if "NOTIFICATION" in line.upper():
                notify = True
            if verb == "CANCEL":
                with sending:
                    cancelled, waiting[:] = list(waiting), []
                if notify and mode in ("plays", "busy"):
                    for number in cancelled:
                        send(f"703-{number}\r\n703-1\r\n703 CANCELED\r\n".encode())
            code = "210 OK CANCELED" if verb == "CANCEL" else "208 OK SET"
            send(code.encode() + b"\r\n")


def main() -> None:
    # speech-dispatcher catches SIGHUP (to reload its configuration): a closed
    # terminal does not end it.
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    path = sys.argv[sys.argv.index("--socket-path") + 1]
    mode = os.environ.get("FAKE_SSIP_MODE", "plays")
    log = os.environ["FAKE_SSIP_LOG"]
    if os.path.exists(path):  # a socket file an ended server left: replaced, as the real one does
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen()
    try:
        while True:
            conn, _ = server.accept()
            threading.Thread(target=serve, args=(conn, mode, log), daemon=True).start()
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
