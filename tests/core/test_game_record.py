"""One game's life is one record (issue 37): the deal in play carries its source,
game and saved-game handle, a game set aside its handle and its time; storage
keeps no stack beside it and no clock of its own, and records a game as left
through an explicit step, not observer order."""

from __future__ import annotations

from pathlib import Path

from fakes import FakeClock
from kit import deal, make_session
from storage_helpers import stored_rows

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer

CODE = "PY1-N-AAAAAAB"


def _session(folder: Path, clock: FakeClock) -> Session:
    storage = GameStorage.open(folder)
    source = storage.take_up(lambda: deal(CODE))
    return make_session(source, storage=storage, timer=GameTimer(clock))


def _time_and_result(folder: Path, record_id: int | None) -> list[tuple[object, ...]]:
    """The time and result of a record: its end's time once it has a result."""
    sql = f"SELECT COALESCE(result_ms, elapsed_ms), result FROM games WHERE id = {record_id}"
    return stored_rows(folder, sql)


def test_a_game_set_aside_carries_its_handle_and_its_time(tmp_path: Path) -> None:
    clock = FakeClock()
    s = _session(tmp_path, clock)
    s.handle("d")
    first = s.play.deal.saved
    assert first is not None and first.game is s.game  # the deal in play: one record
    assert not hasattr(s.storage, "current")  # storage holds no handle of its own
    clock.now += 10
    s.handle("n")
    left = s.play.set_aside.left
    assert left is not None and first is not None
    assert left.saved is first and left.elapsed_ms == 10_000  # one record
    assert not hasattr(s.storage, "set_aside_games")  # no stack kept beside it
    assert not hasattr(s.storage, "timer")  # nor a clock: the session's is read
    clock.now += 20  # the new deal's time: never the one left's
    assert len(s.game.observers) == 1  # the autosave alone: no hook by observer order
    s.handle("d")  # the first action in the new deal: the game left is recorded first
    assert left.recorded
    assert _time_and_result(tmp_path, first.record_id) == [(10_000, "lost")]
    s.handle("u")
    s.handle("u")  # back to the game left: its result taken back
    assert s.play.deal.saved is first
    assert s.play.set_aside.left is None
    s.close()
    # In progress again, its time going on from 10 s (the two undos took none).
    assert _time_and_result(tmp_path, first.record_id) == [(10_000, None)]


def test_the_game_set_aside_last_is_kept_at_close_with_its_own_time(tmp_path: Path) -> None:
    clock = FakeClock()
    s = _session(tmp_path, clock)
    s.handle("d")
    first = s.play.deal.saved
    assert first is not None
    clock.now += 7
    s.handle("n")  # a new deal, never played: discarded at close
    clock.now += 40
    s.close()
    assert _time_and_result(tmp_path, first.record_id) == [(7_000, None)]
