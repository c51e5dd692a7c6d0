"""The PostgreSQL server goes away in the middle of a game and comes back: the
player hears one sentence while it is away, plays on, hears that saving works
again, and the game is whole afterwards. Runs when ``PYRAMIDE_DATABASE`` is the
throw-away server of ``scripts/postgres`` (which the test halts and resumes)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from kit import make_session
from storage_helpers import on_postgres

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage.notices import Notice, NoticeKind

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "postgres"
CODE = "PY1-P-AAAAAAB"


def _server(command: str) -> None:
    subprocess.run([str(SCRIPT), command], check=True, timeout=60)


@pytest.mark.slow
@pytest.mark.skipif(not on_postgres(), reason="the PostgreSQL server's own restart")
def test_the_server_away_mid_game_is_said_once_and_the_game_is_whole(tmp_path: Path) -> None:
    storage = GameStorage.open(tmp_path)
    session = make_session(CODE, storage=storage)
    session.opening()
    for _ in range(3):
        session.handle("d")
    _server("halt")
    try:
        away = [session.handle("d") for _ in range(2)]
    finally:
        _server("resume")
    back = session.handle("d")
    unavailable = notice_text(Notice(NoticeKind.UNAVAILABLE))
    again = notice_text(Notice(NoticeKind.SAVING_AGAIN))
    # Said once while the server is away, never as a traceback; the moves answered.
    assert [a.notices.count(unavailable) for a in away] == [1, 0]
    assert all("Traceback" not in line for a in away for line in a.printed)
    assert all(a.lines and "stock" in a.text for a in away)
    assert again in back.notices
    session.close()
    # Every draw is kept: the three before, the two while away, the one after.
    later = GameStorage.open(tmp_path)
    source = later.resume_saved()
    assert source is not None and source.code == CODE
    saved = later.game_factory(source)
    assert saved.game.moves == 6
    later.close(saved)
