"""A real process that plays through the storage API, for the kill -9 tests.

Usage: ``python autosave_harness.py DATA_DIR``. It is not a fake of the game: it
opens the store, resumes the saved game exactly as the program does
(:meth:`Store.resumable`, :meth:`AutosavedGame.resume`) and applies each action
through :class:`AutosavedGame`, which commits before returning.

Protocol, one line each way:

- at start it prints ``resumed ID N STATE`` (N actions logged, STATE the game as
  JSON) or ``none``;
- ``new CODE`` leaves the current game (lost, discarded or already won) and
  starts the deal CODE: it answers ``new ID``;
- an action token (``draw``, ``select QD``, ``10C+3S``, ``undo`` …) answers
  ``ack ID N`` once applied and committed, N being the actions logged so far;
- ``state`` answers ``state ID STATE``.

Every answer is flushed at once: an answer the test has read is an action the
program acknowledged.
"""

from __future__ import annotations

import sys
from pathlib import Path

from storage_helpers import state_json

from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import AutosavedGame, Store


def main(folder: str) -> int:
    store, _ = Store.open(Path(folder))
    assert store is not None
    saved: AutosavedGame | None = None
    record, _ = store.resumable()
    if record is not None:
        loaded = store.load(record.id)
        assert loaded is not None
        saved = AutosavedGame.resume(store, loaded)
        count = len(saved.tokens)
        print(f"resumed {saved.record_id} {count} {state_json(saved.game)}", flush=True)
    else:
        print("none", flush=True)
    for line in sys.stdin:
        word = line.strip()
        if word.startswith("new "):
            if saved is not None:
                saved.leave()
            code = parse_code(word[4:])
            saved = AutosavedGame.start(store, Layout.from_code(code), code.rules, str(code))
            print(f"new {saved.record_id}", flush=True)
        elif word == "state":
            assert saved is not None
            print(f"state {saved.record_id} {state_json(saved.game)}", flush=True)
        elif word:
            assert saved is not None
            saved.apply(word)
            assert saved.saved_actions == len(saved.tokens)
            print(f"ack {saved.record_id} {len(saved.tokens)}", flush=True)
    if saved is not None:
        saved.close()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
