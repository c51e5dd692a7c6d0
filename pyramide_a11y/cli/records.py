"""``pyramide stats`` / ``estatisticas``, ``pyramide history`` / ``historico`` (with
``--export``), and ``pyramide replay ID`` for a saved game.

All three read the database of the data folder (``--data-dir``, or the
``PYRAMIDE_DATA_DIR`` environment variable, or the platform's user data folder)
and answer in the session language: ``--lang``, else the saved language setting,
else the environment.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import errno
import json
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TextIO

from pyramide_a11y.cli.from_options import language_option
from pyramide_a11y.cli.parsing import GAME_NUMBER_RANGE
from pyramide_a11y.core.settings import start_language
from pyramide_a11y.engine import Game
from pyramide_a11y.i18n import (
    in_language,
)
from pyramide_a11y.narration import Style, describe, join, sentence
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import record_words as t
from pyramide_a11y.narration.notice_words import notice_text
from pyramide_a11y.narration.system_errors import os_error_reason
from pyramide_a11y.storage import (
    ActionLogError,
    GameRecord,
    Notice,
    NoticeKind,
    StorageError,
    Store,
)
from pyramide_a11y.storage.actions import apply_token
from pyramide_a11y.storage.saved_settings import load_settings

# -- opening the store for a command ----------------------------------------------------------


def _language(args: argparse.Namespace, store: Store | None) -> str:
    """The language of a command on the store: ``--lang`` (entered already by the
    command line), else the language saved in play, else the locale's."""
    return start_language(language_option(args), load_settings(store))


@contextmanager
def _opened(args: argparse.Namespace, out: TextIO) -> Iterator[Store | None]:
    """The store for one command, in the command's language (:func:`_language`),
    entered around everything the command says; its notices printed first."""
    store, notices = Store.open(getattr(args, "data_dir", None), reading=True)
    with in_language(_language(args, store)):
        for notice in notices:
            # A file moved aside is news; a folder that cannot be used is said below.
            if notice.kind in (
                NoticeKind.MOVED_CORRUPT,
                NoticeKind.MOVED_NEWER,
                NoticeKind.MOVED_UNKNOWN,
            ):
                print(notice_text(notice), file=out)
        yield store


# -- stats ------------------------------------------------------------------------------------


def stats_command(args: argparse.Namespace, out: TextIO) -> int:
    with _opened(args, out) as store:
        if store is None:
            print(t.storage_unavailable(), file=out)
            return 1
        try:
            all_stats = store.stats()
            daily = store.daily_stats(datetime.date.today())
        except StorageError as err:  # the file could not be read: one sentence, no traceback
            print(notice_text(Notice(err.kind)), file=out)
            return 1
        finally:
            store.close()
        if args.json:
            by_rules = [
                {
                    "rules": s.rules,
                    "played": s.played,
                    "won": s.won,
                    "win_rate": s.win_rate,
                    "current_streak": s.current_streak,
                    "best_streak": s.best_streak,
                    "best_time_ms": s.best_time_ms,
                    "fewest_moves": s.fewest_moves,
                    "best_score": s.best_score,
                    "won_with_par": s.par_wins,
                    "average_over_par": s.average_over_par,
                    "best_over_par": s.best_over_par,
                    "best_game": None
                    if s.best is None
                    else {
                        "id": s.best.game_id,
                        "time_ms": s.best.time_ms,
                        "moves": s.best.moves,
                        "score": s.best.score,
                    },
                }
                for s in all_stats
            ]
            data = {"rules": by_rules, "daily": dataclasses.asdict(daily)}
            print(json.dumps(data, indent=2), file=out)
            return 0
        blocks = [t.stats_lines(stats) for stats in all_stats] or [[t.no_stats()]]
        if daily.played:
            blocks.append(t.daily_lines(daily))
        print("\n\n".join("\n".join(block) for block in blocks), file=out)
        return 0


# -- history and export -----------------------------------------------------------------------


def history_command(args: argparse.Namespace, out: TextIO) -> int:
    with _opened(args, out) as store:
        if store is None:
            print(t.storage_unavailable(), file=out)
            return 1
        try:
            if args.game is None and args.export is None:
                records = store.recent(args.limit)
                if args.json:
                    print(json.dumps([_summary(r) for r in records], indent=2), file=out)
                elif not records:
                    print(t.no_history(), file=out)
                for record in [] if args.json else records:
                    print(t.history_line(record), file=out)
                return 0
            game_id = args.game
            if game_id is None:
                recent = store.recent(1)
                if not recent:
                    print(t.no_history(), file=out)
                    return 1
                game_id = recent[0].id
            loaded = store.load(game_id)
        finally:
            store.close()
        if loaded is None:
            print(t.no_such_game(game_id), file=out)
            return 1
        try:
            lines = transcript(loaded)
        except (ActionLogError, ValueError):
            print(t.record_does_not_replay(game_id), file=out)
            return 1
        if args.export is None:
            for line in lines:
                print(line, file=out)
            return 0
        written = []
        for name in args.export:
            if not name.strip() or name.endswith(("/", os.sep)) or "\0" in name:
                print(t.export_not_a_file(name), file=out)
                return 1
            path = Path(name)
            if path.suffix.lower() == ".json":
                text = json.dumps(record_json(loaded), indent=2) + "\n"
            else:
                text = "\n".join(lines) + "\n"
            try:
                write_private_file(path, text, replace=args.force)
            except FileExistsError:
                print(t.export_exists(name), file=out)
                return 1
            except IsADirectoryError:
                print(t.export_not_a_file(name), file=out)
                return 1
            except NotRegularFile:
                print(t.export_not_regular(name), file=out)
                return 1
            except OSError as err:
                print(t.export_failed(name, os_error_reason(err)), file=out)
                return 1
            written.append(name)
        print(t.exported(written), file=out)
        return 0


class NotRegularFile(OSError):
    """The name is a pipe, a device or a socket: never written to (a pipe would wait
    for a reader for ever, a device is not the player's file)."""


def write_private_file(path: Path, text: str, *, replace: bool = False) -> None:
    """Write ``text`` (UTF-8) to a new file only its owner can read (0600).

    Without ``replace`` the file must not exist (a link there, even to nothing,
    counts as existing). With ``replace`` an ordinary file or a symbolic link of
    that name is replaced whole: the new text is written beside it under a
    temporary name and renamed over the name, so a link is replaced by the file,
    never followed (its target is untouched), and an interrupted write leaves
    the old file. Nothing else is ever opened for writing.

    Raises:
        FileExistsError: the name exists and ``replace`` is false.
        IsADirectoryError: the name is a folder.
        NotRegularFile: the name is a pipe, a device or a socket.
        OSError: it cannot be written.
    """
    if not replace:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            if os.path.isdir(path) and not os.path.islink(path):
                folder = IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
                raise folder from None
            raise
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        return
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    if info is not None and not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
    temporary = path.with_name(f".pyramide-export-{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(temporary, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _summary(record: GameRecord) -> dict[str, Any]:
    snap = record.snapshot
    return {
        "id": record.id,
        "rules": record.rules,
        "code": record.code,
        "started_at": record.started_at,
        "updated_at": record.updated_at,
        "result": record.result or "playing",
        "elapsed_ms": snap.elapsed_ms,
        "moves": snap.moves,
        "score": snap.score,
        "removed": snap.removed,
        "actions": snap.actions,
        "result_ms": record.result_ms,
        "result_moves": record.result_moves,
        "result_score": record.result_score,
        "result_line": record.result_line,
        "par": record.par if record.winnable else None,
        "winnable": record.winnable,
        "over_par": record.over_par,
        "damaged": record.damaged,
    }


def record_json(record: GameRecord) -> dict[str, Any]:
    """A game record as plain data: enough to replay it anywhere."""
    data = _summary(record)
    data["layout"] = json.loads(record.layout_json)
    data["selected"] = record.snapshot.selected
    data["seen"] = record.snapshot.seen.split()
    data["actions"] = [
        {"seq": n, "token": token, "elapsed_ms": ms}
        for n, (token, ms) in enumerate(zip(record.tokens, record.token_ms, strict=True), 1)
    ]
    return data


def transcript(record: GameRecord) -> list[str]:
    """The game as the player heard it: a header, then each action with its answer.

    Raises:
        ActionLogError, LayoutError, ValueError: the record does not replay.
    """
    header = [
        t.history_line(record),
        sentence(m.deal_code(record.code)) if record.code else sentence(m.no_deal_code()),
        "",
    ]
    game = Game(record.layout(), record.parsed_rules())
    lines = []
    style = Style()
    for number, (token, ms) in enumerate(zip(record.tokens, record.token_ms, strict=True), 1):
        outcome = apply_token(game, token)
        said = " ".join(describe(outcome, game, style))
        lines.append(f"{number}. [{t.duration(ms)}] {sentence(t.action_words(token))} {said}")
    footer = ["", join([m.moves(game.moves), m.removed_of_28(game.position.removed_count)])]
    return header + lines + footer


# -- replay of a saved game -------------------------------------------------------------------


def is_record_id(text: str | None) -> bool:
    """``replay`` takes a game number (``17``, ``#17``) as well as a deal code."""
    digits = str(text).lstrip("#") if text else ""
    return digits.isascii() and digits.isdigit() and len(digits) <= 4000


def load_record_game(args: argparse.Namespace, out: TextIO) -> Game | None:
    """The game ``args.code`` names (a game number), rebuilt from its record; None
    after printing why it cannot be."""
    game_id = int(str(args.code).lstrip("#"))
    if not GAME_NUMBER_RANGE[0] <= game_id <= GAME_NUMBER_RANGE[1]:
        print(t.no_such_game(game_id), file=out)
        return None
    with _opened(args, out) as store:
        if store is None:
            print(t.storage_unavailable(), file=out)
            return None
        try:
            record = store.load(game_id)
        finally:
            store.close()
        if record is None:
            print(t.no_such_game(game_id), file=out)
            return None
        try:
            return record.rebuild()
        except (ActionLogError, ValueError):
            print(t.record_does_not_replay(game_id), file=out)
            return None
