"""Two ``pyramide`` programs on one data folder: the second is told the saved game is
open elsewhere and gets a new deal; both play at once and every action of each is
saved, with no damage to the database."""

from __future__ import annotations

from pathlib import Path

from storage_helpers import Program, database_sound

from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import Notice, NoticeKind, Store

CODE = "PY1-P-AAAABMP"


def test_two_programs_on_one_folder(tmp_path: Path) -> None:
    set_language("en")
    first = Program(tmp_path)
    first.answer()
    first.send(f"n {CODE}")
    first.answer()
    for _ in range(3):
        first.send("d")
        first.answer()

    # A second window: the saved game is the first one's, so it is not offered.
    second = Program(tmp_path)
    opening = second.answer()
    assert opening[0] == notice_text(Notice(NoticeKind.OPEN_ELSEWHERE))
    assert not any(line.startswith("You have a saved game") for line in opening)

    # Both play at once, as fast as they can: every command is sent before any
    # answer is read, so the two write to the database at the same time.
    for _ in range(20):
        first.send("d")
        second.send("d")
    first.send("u")
    second.send("u")
    first_status, first_lines = first.close()
    second_status, second_lines = second.close()
    assert first_status == second_status == 0
    said = {notice_text(Notice(kind)) for kind in NoticeKind}
    assert not said & set(first_lines + second_lines)  # no storage trouble to report

    def draws(lines: list[str]) -> int:  # "Drew …", or in paciencia "… to the waste"
        return sum(line.startswith("Drew ") or " to the waste" in line for line in lines)

    assert draws(first_lines) == draws(second_lines) == 20

    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    assert database_sound(store)
    playing = sorted(
        (store.load(r.id) for r in store.in_progress() if r.snapshot.actions),
        key=lambda r: r.id if r else 0,
    )
    assert len(playing) == 2
    mine, theirs = playing
    assert mine is not None and theirs is not None
    assert list(mine.tokens) == ["draw"] * 23 + ["undo"]
    assert list(theirs.tokens) == ["draw"] * 20 + ["undo"]
    assert mine.rebuild().moves == 23 and theirs.rebuild().moves == 20

    # A third start, with both windows closed, offers the most recent of them.
    third = Program(tmp_path)
    opening = third.answer()
    assert opening[0].startswith("You have a saved game")
    assert third.close()[0] == 0
