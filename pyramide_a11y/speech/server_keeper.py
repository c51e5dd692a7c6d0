"""Keeps a speech-dispatcher started for the game tied to the game's life.

Run as ``python -I server_keeper.py PROGRAM ARGS…`` with a pipe from the game on
standard input, in a session of its own (``start_new_session``): it starts the
server, writes its process id on standard output, then waits. When the game's
end of the pipe closes, however the game ended (it quit, a closed terminal's
SIGHUP, SIGTERM, SIGKILL: the kernel closes the pipe in every case), it ends
the server: SIGTERM, and after :data:`TERM_SECONDS` SIGKILL to what is left of
the server and its output modules. It also ends when the server ends by itself.

Its own session keeps the terminal's signals (SIGHUP when the window closes,
SIGINT on Ctrl-C) away from it and from the server: the game decides.

Standard library only, no project imports: it starts as a bare script.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

TERM_SECONDS = 1.0
"""How long the server has to end on SIGTERM before it is killed."""


def _wait_for_eof(done: threading.Event) -> None:
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except OSError:
        pass
    done.set()


def main(argv: list[str]) -> int:
    for signum in (signal.SIGHUP, signal.SIGINT):
        signal.signal(signum, signal.SIG_IGN)
    try:
        server = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError as err:
        print(f"error {err}", flush=True)
        return 1
    print(server.pid, flush=True)
    game_gone = threading.Event()
    threading.Thread(target=_wait_for_eof, args=(game_gone,), daemon=True).start()
    while not game_gone.wait(0.1):
        if server.poll() is not None:
            return 0
    server.terminate()
    try:
        server.wait(TERM_SECONDS)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
    if os.getpgid(0) == os.getpid():  # leads a group of its own (never the game's)
        # The server's output modules (sd_espeak-ng …) are in this group: any the
        # server did not end go too. This process goes with them.
        os.killpg(os.getpid(), signal.SIGKILL)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
