"""The real program on a read-only data folder, a full disk, a damaged or newer
database: one clear sentence, play goes on, nothing existing is destroyed, and
(on the full disk) everything is saved once there is room. And every storage
sentence goes through gettext (pseudo-locale)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from storage_helpers import Program, sqlite_file
from test_storage_database import fill, folder_digests, read_only

from pyramide_a11y.cli.main import main
from pyramide_a11y.i18n import overridden, set_language
from pyramide_a11y.i18n.pseudo import PseudoTranslations, untranslated_residue
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.storage import Notice, NoticeKind, Store

pytestmark = sqlite_file

CODE = "PY1-N-AAAAAAS"


def sentence(kind: NoticeKind) -> str:
    set_language("en")
    return notice_text(Notice(kind))


def test_the_program_on_a_read_only_folder(tmp_path: Path) -> None:
    fill(tmp_path)
    before = folder_digests(tmp_path)
    with read_only(tmp_path):
        program = Program(tmp_path, "--deal", CODE)
        opening = program.answer()
        assert opening[0] == sentence(NoticeKind.READ_ONLY)
        program.send("d")
        assert program.answer()[0].startswith("Drew ")
        status, rest = program.close()
        assert status == 0 and sentence(NoticeKind.READ_ONLY) not in rest
    assert folder_digests(tmp_path) == before


def test_the_program_on_a_full_disk(tmp_path: Path) -> None:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root to mount a small tmpfs")
    folder = tmp_path / "tiny"
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=400k", "tmpfs", str(folder)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        program = Program(folder, "--deal", CODE)
        program.answer()
        filler = folder / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as out:
            while True:
                out.write(bytes(4096))
                out.flush()
        said = []
        for _ in range(300):
            program.send("d")
            said += program.answer()
        assert said.count(sentence(NoticeKind.DISK_FULL)) == 1
        filler.unlink()
        program.send("d")
        assert program.answer()[-1] == sentence(NoticeKind.SAVING_AGAIN)
        assert program.close()[0] == 0
        store, _ = Store.open(folder)
        assert store is not None
        (record,) = store.in_progress()
        assert store.load(record.id).tokens == ("draw",) * 301  # type: ignore[union-attr]
        store.close()
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def test_storage_text_goes_through_gettext(tmp_path: Path) -> None:
    fill(tmp_path, games=2)
    allowed = re.compile(r"^[\s\d.,:;!?()\-%#\[\]]*$")
    lines: list[str] = []
    with overridden(PseudoTranslations()):
        for kind in NoticeKind:
            lines.append(notice_text(Notice(kind, "name")).replace("name", ""))
        for command in (["stats"], ["history"], ["history", "1"]):
            out = io.StringIO()
            main([*command, "--data-dir", str(tmp_path)], out)
            lines += out.getvalue().splitlines()
    set_language("en")
    for line in lines:
        residue = untranslated_residue(line).replace(CODE, "")
        # Dates, durations and lists come from Babel's CLDR data, not the catalogs.
        residue = re.sub(r"\w{3} \d+, \d{4}, \d+:\d+:\d+\s[AP]M", "", residue)
        residue = re.sub(r"\d+ (second|minute|hour)s?|\band\b", "", residue)
        assert allowed.match(residue), (line, residue)


@pytest.mark.parametrize("damage", ["corrupt", "newer"])
def test_the_program_with_a_damaged_or_newer_database(tmp_path: Path, damage: str) -> None:
    fill(tmp_path)
    path = tmp_path / "pyramide.sqlite3"
    if damage == "corrupt":
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2])
    else:
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA user_version = 99")
        conn.close()
    before = path.read_bytes()
    program = Program(tmp_path)
    opening = program.answer()
    kind = NoticeKind.MOVED_CORRUPT if damage == "corrupt" else NoticeKind.MOVED_NEWER
    moved = sorted(tmp_path.glob(f"pyramide-{damage}-*.sqlite3"))
    assert len(moved) == 1 and moved[0].read_bytes() == before  # kept, untouched
    set_language("en")
    assert opening[0] == notice_text(Notice(kind, moved[0].name))
    program.send("d")
    assert program.answer()[0].startswith("Drew ")  # play goes on, and is saved
    assert program.close()[0] == 0
    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    (record,) = [r for r in store.in_progress() if r.snapshot.actions]
    assert record.snapshot.actions == 1
