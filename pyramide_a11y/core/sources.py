"""Where a game comes from: a deal code, a layout file, the day's deal, a random
deal, or a name typed in play (``new PY1-…``). The command line's options for them
are ``cli/options.py``'s."""

from __future__ import annotations

import codecs
import datetime
import os
import random
import stat
from dataclasses import dataclass
from pathlib import Path

from pyramide_a11y.engine import (
    DealCode,
    DealCodeError,
    Layout,
    LayoutError,
    Rules,
    parse_code,
    parse_listing,
)
from pyramide_a11y.engine.daily import daily_code
from pyramide_a11y.engine.dealcode import LETTERS, code_text
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, get_language
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import sentence
from pyramide_a11y.narration.system_errors import os_error_reason


class SourceError(ValueError):
    """A code, layout file or rules option that cannot be used; the message says why."""


class BadLayoutFile(SourceError):
    """A layout file named in play that cannot be read or does not fit its rules;
    ``reason`` says why, in the player's language."""

    def __init__(self, text: str, reason: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.reason = reason


class FileProblem(SourceError):
    """A file that is not a regular, readable, bounded text file; the message is one
    clause in the player's language (it names the file)."""


MAX_FILE_BYTES = 1_000_000
"""The largest file read as a layout or a list of moves."""


class BadDealCode(SourceError):
    """Text named in play that is neither a file nor a valid deal code."""


class UnreadableDealCode(SourceError):
    """A ``CODE`` given on the command line that does not read as a deal code, whatever
    the rules: not a code that reads but deals for other rules than those chosen
    (that is a plain :class:`SourceError`).

    The message is one sentence in the session language (the engine's detail when
    that language is the source strings'); ``text`` is the code as typed.
    """

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


@dataclass(frozen=True)
class GameSource:
    """A layout with the rules to play it under, and its deal code if it has one."""

    layout: Layout
    rules: Rules
    code: str | None
    daily: str | None = None
    """The ISO date when this is that day's deal (``--daily``, ``daily``)."""


def read_text_file(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes: UTF-8 (with or without
    a byte-order mark) or UTF-16 with its mark.

    A pipe, a device or a folder is refused before it is opened (a FIFO would wait
    for a writer, ``/dev/zero`` never ends).

    Raises:
        FileProblem: why it cannot be read, one clause in the player's language.
    """
    name = str(path)
    try:
        info = os.stat(path)
        regular = stat.S_ISREG(info.st_mode)
        if regular and info.st_size <= limit:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as err:
        raise FileProblem(m.file_unreadable(name, os_error_reason(err))) from None
    except ValueError:  # a name with a NUL byte
        raise FileProblem(m.file_not_regular(name)) from None
    if not regular:
        raise FileProblem(m.file_not_regular(name))
    if info.st_size > limit:
        raise FileProblem(m.file_too_large(name, limit))
    if len(data) > limit:
        raise FileProblem(m.file_too_large(name, limit))
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise FileProblem(m.file_not_text(name)) from None


def layout_problem_text(path: Path, err: LayoutError) -> str:
    """One sentence naming ``path`` and what is wrong, in the player's language."""
    return sentence(m.bad_layout_file_because(str(path), m.layout_problem(err)))


def read_layout_file(path: Path, seed: int = 0) -> Layout:
    """A layout from a JSON file or a text listing as the rules of ``pyramide`` print it.

    Raises:
        SourceError: the file cannot be read or is not a valid layout (one sentence
            in the player's language; :class:`FileProblem` when it cannot be read).
    """
    try:
        text = read_text_file(path)
    except FileProblem as err:
        raise FileProblem(sentence(str(err))) from None
    try:
        if text.lstrip().startswith("{") or text.lstrip().startswith("["):
            return Layout.from_json(text)
        return parse_listing(text, seed)
    except LayoutError as err:
        raise SourceError(layout_problem_text(path, err)) from None


def engine_error_text(detail: str, translated: str) -> str:
    """The engine's ``detail`` (written in the source strings' language) when that is
    the session's language, else the session language's sentence ``translated``."""
    return detail if get_language() == DEFAULT_LANGUAGE else sentence(translated)


def coded_source(code: DealCode, rules: Rules | None = None) -> GameSource:
    """The deal ``code`` deals, played under ``rules`` (default: the code's own),
    with the code that names it under those rules (None where no code can).

    Raises:
        SourceError: ``rules`` start with other piles than the code deals.
    """
    chosen = rules or code.rules
    if chosen.initial_waste != code.rules.initial_waste:
        raise SourceError(m.code_rules_mismatch(str(code), code.rules.name, chosen.name))
    return GameSource(Layout.from_code(code), chosen, code_text(chosen, code.number))


def random_deal(rules: Rules, rng: random.Random | None = None) -> GameSource:
    """A new deal under ``rules``, with its code where the rules can be coded."""
    number = (rng or random.Random()).randrange(26**LETTERS)
    return coded_source(DealCode(rules, number))


def daily_deal(rules: Rules, day: datetime.date | None = None) -> GameSource:
    """The deal of ``day`` (default: today, the local date) under ``rules``: the same
    code for every player (``engine.daily`` has the rule)."""
    day = day or datetime.date.today()
    code = daily_code(day, rules)
    source = coded_source(code)
    return GameSource(source.layout, source.rules, source.code, daily=day.isoformat())


def named_source(text: str, rules: Rules, *, files: bool = True) -> GameSource:
    """The game ``text`` names in play (``new CODE`` or ``new FILE``): a layout file
    where a file has that name (played under its own rules, else ``rules``), else
    a deal code; only a deal code with ``files`` False (a page: this machine's
    files are not its players').

    Raises:
        BadLayoutFile: the file is no layout, or one its rules cannot play.
        BadDealCode: no file has that name and it is no deal code.
    """
    try:
        path = Path(text).expanduser()
        exists = files and path.exists()
    except (OSError, ValueError, RuntimeError):  # a NUL byte, an unknown ~user, a long name
        exists = False
    if exists:
        try:
            layout = read_layout_file(path)
            chosen = layout.rules or rules
            layout.validate(chosen)
        except FileProblem as err:
            raise BadLayoutFile(text, str(err)) from None
        except LayoutError as err:
            raise BadLayoutFile(text, layout_problem_text(path, err)) from None
        except SourceError as err:
            raise BadLayoutFile(text, str(err)) from None
        return GameSource(layout, chosen, None)
    try:
        return coded_source(parse_code(text))
    except (DealCodeError, ValueError):
        raise BadDealCode(text) from None
