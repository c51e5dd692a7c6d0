"""The ``pyramide`` command line: subcommands that read and check deals.

``deal`` and ``replay`` are tools for players who want to inspect a deal and for
maintainers; the interactive game is the default command.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from pyramide_a11y.i18n import in_language, resolve_language
from pyramide_a11y.narration import command_line as t
from pyramide_a11y.narration import option_help as h

from .options import add_rules_options, add_source_options
from .parsing import (
    CommandLineParser,
    Parser,
    argparse_in_session_language,
    lang_option,
    language_asked,
    version,
)
from .streams import EXIT_OUTPUT_LOST, OutputLost, output_lost_quietly
from .subcommands import (
    add_analyse_command,
    add_data_dir_option,
    add_learn_command,
    add_play_options,
    add_records_commands,
    add_serve_command,
    add_solve_command,
    add_sounds_command,
    add_voice_command,
    handler,
)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every subcommand. Each subcommand sets ``func(args, out) -> int``
    with ``set_defaults``; new subcommands live in their own modules and are added
    here with one call. The top-level options work after any subcommand too
    (:class:`.parsing.CommandLineParser`)."""
    parser = CommandLineParser(
        prog="pyramide",
        description=h.program(),
        epilog=h.program_epilog(),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"pyramide {version()}",
        help=h.version(),
    )
    sub = parser.add_subparsers(dest="command", metavar=h.command_metavar(), parser_class=Parser)
    add_play_options(parser)

    deal = sub.add_parser(
        "deal",
        help=h.deal_command(),
        description=h.deal_description(),
    )
    add_source_options(deal, code_required=True)
    add_rules_options(deal)
    deal.add_argument("--json", action="store_true", help=h.deal_json())
    deal.set_defaults(func=handler("deal", "run_deal"))

    replay = sub.add_parser(
        "replay",
        help=h.replay_command(),
        description=h.replay_description(),
    )
    add_source_options(replay)
    add_rules_options(replay)
    replay.add_argument(
        "--moves",
        type=Path,
        metavar=h.file_metavar(),
        help=h.moves_file(),
    )
    replay.add_argument("--json", action="store_true", help=h.replay_json())
    add_data_dir_option(replay)
    replay.set_defaults(func=handler("deal", "run_replay"))
    add_solve_command(sub)
    add_analyse_command(sub)
    add_voice_command(sub)
    add_sounds_command(sub)
    add_learn_command(sub)
    add_serve_command(sub)
    add_records_commands(parser, sub)
    # Last: every subcommand gets the top-level options, --lang listed in its help.
    parser.share_options(sub, listed=("--lang",))
    return parser


class Terminated(BaseException):
    """SIGTERM, SIGHUP or SIGQUIT, raised where the program is, so ``finally``
    blocks run (the game in play is saved and closed) as on Ctrl-C; ``status`` is
    128 + the signal's number."""

    def __init__(self, status: int = 143) -> None:
        super().__init__(status)
        self.status = status


EXIT_INTERRUPTED = 130
TERMINATING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name)
)
"""Each ends the program as SIGTERM does, with 128 + its number (143, 129, 131)."""


PROMPT_STOP = "pyramide_a11y.terminal.prompt_stop"
"""Where a signal that comes while the prompt waits goes (loaded with the prompt:
no prompt can run before it is)."""


def _on_terminating_signal(signum: int, frame: object) -> None:
    stop = Terminated(128 + signum)
    # Looked up, not imported: start-up loads no terminal code, and a signal
    # handler imports nothing.
    prompt_stop = sys.modules.get(PROMPT_STOP)
    if prompt_stop is None or not prompt_stop.defer(stop):  # else the prompt ends on it
        raise stop


def catch_signals() -> None:
    """Turn SIGTERM, SIGHUP and SIGQUIT into :class:`Terminated`, and Ctrl-C into
    KeyboardInterrupt (the launcher ended the program at once on each while it
    loaded); only the main thread can. A signal ignored from the start stays so."""
    with contextlib.suppress(ValueError):  # not the main thread (a test calling main)
        for signum in TERMINATING_SIGNALS:
            if signum == signal.SIGTERM or signal.getsignal(signum) is not signal.SIG_IGN:
                signal.signal(signum, _on_terminating_signal)
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # (ignored stays so)
            signal.signal(signal.SIGINT, signal.default_int_handler)


def _stopped(status: int) -> int:
    """After Ctrl-C or a terminating signal: end the line ``^C`` left (one line at
    most), quietly even when the terminal or pipe is gone; then no further signal
    interrupts."""
    with contextlib.suppress(ValueError):
        for signum in (signal.SIGINT, *TERMINATING_SIGNALS):
            signal.signal(signum, signal.SIG_IGN)
    try:
        if sys.stderr.isatty():
            sys.stderr.write("\n")
            sys.stderr.flush()
    except (OSError, ValueError):
        pass
    return status


def _output_lost(lost: OutputLost, language: str | None) -> int:
    """Standard output could not be written: one sentence on standard error (if it
    can take it), nothing more tried on the output; 0 when the reader went away
    (``pyramide deal … | head``: not an error of ours), else 74."""
    output_lost_quietly()
    if lost.errno == errno.EPIPE:
        return 0
    with in_language(language or resolve_language(None)):
        line = "pyramide: " + t.output_lost(lost.strerror)
    with contextlib.suppress(OSError, ValueError):
        print(line, file=sys.stderr, flush=True)
    return EXIT_OUTPUT_LOST


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status: 130 after Ctrl-C, 143 after
    SIGTERM, 129 after SIGHUP, 131 after SIGQUIT, 74 when standard output cannot be
    written (:mod:`.streams`), never a traceback for any of them."""
    language: list[str] = []  # the command's language, once known
    try:
        catch_signals()
        try:
            status = _main(argv, out, language)
        except SystemExit:  # --help, --version, a usage error: printed, then flushed
            _flush(out)
            raise
        _flush(out)  # a write that fails at exit fails here, where it is handled
        return status
    except KeyboardInterrupt:
        return _stopped(EXIT_INTERRUPTED)
    except Terminated as stop:
        return _stopped(stop.status)
    except OutputLost as lost:
        return _output_lost(lost, language[0] if language else None)


def _flush(out: TextIO | None) -> None:
    for stream in {id(s): s for s in (out, sys.stdout) if s is not None}.values():
        try:
            stream.flush()
        except BrokenPipeError as err:
            raise OutputLost(err) from None
        except ValueError:  # closed by its owner
            pass


def _main(argv: Sequence[str] | None, out: TextIO | None, language: list[str]) -> int:
    out = out or sys.stdout
    words = list(sys.argv[1:] if argv is None else argv)
    asked = lang_option(words)
    chosen = language_asked(asked) if asked else None
    # The command's language, entered for all it says (never set process-wide).
    with in_language(chosen or resolve_language(None)) as entered:
        language.append(entered)
        return _run(words, asked, chosen, out)


def _run(words: list[str], asked: str | None, chosen: str | None, out: TextIO) -> int:
    if asked and chosen is None:
        # The in-game ``lang`` refusal; the session goes on in the locale's language.
        from pyramide_a11y.narration import messages as m
        from pyramide_a11y.narration import sentence

        print(sentence(m.unknown_language(asked)), file=sys.stderr)
    with argparse_in_session_language():
        parser = build_parser()
        args = parser.parse_args(words)
        func: Callable[[argparse.Namespace, TextIO], int] | None = getattr(args, "func", None)
        if func is None:
            parser.print_help(out)
            return 0
    from pyramide_a11y.core.sources import SourceError  # after parsing: --help needs none

    try:
        return func(args, out)
    except SourceError as err:
        print(f"pyramide: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError as err:
        # The reader went away (``pyramide deal … | head``), on an output not
        # guarded by :mod:`.streams` (a test's): the same quiet end.
        raise OutputLost(err) from None
