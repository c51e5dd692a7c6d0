"""``pyramide`` with no subcommand: play a game."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from pyramide_a11y.cli.from_options import rules_from_options, source_from_options, start_options
from pyramide_a11y.core import StartSettings, read_start
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.limits import VOLUME_RANGE
from pyramide_a11y.core.sources import (
    GameSource,
    SourceError,
    UnreadableDealCode,
    daily_deal,
    random_deal,
)
from pyramide_a11y.engine import Rules, get_rules
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import sentence
from pyramide_a11y.speech.cue_player import CuePlayer
from pyramide_a11y.terminal.loop import Printer, interactive, run_plain, run_prompt
from pyramide_a11y.terminal.speaking import make_session_speaker
from pyramide_a11y.terminal.spoken_outlet import spoken_session, start_voice


def named_rules(args: argparse.Namespace) -> Rules | None:
    """The rules the command line names, if it names any (then only a saved game of
    those rules is offered)."""
    given = (args.rules, args.passes, args.recycles)
    flags = (args.strict_win, args.stock_waste_pairs, args.cover_pairs)
    if all(v is None for v in given) and not any(flags):
        return None
    return rules_from_options(args, get_rules("pyramide"))


def game_source(args: argparse.Namespace) -> GameSource:
    """The deal the options name, or a new random deal of the chosen rules."""
    from pathlib import Path

    if args.daily and not (args.deal or args.layout):
        return daily_deal(rules_from_options(args, get_rules("pyramide")))
    if args.deal or args.layout:
        namespace = argparse.Namespace(**vars(args))
        namespace.code = args.deal
        namespace.layout = Path(args.layout) if args.layout else None
        try:
            return source_from_options(namespace)
        except UnreadableDealCode as err:
            # In play the sentence is always the session language's, never the
            # engine's English detail that other commands give.
            raise SourceError(sentence(m.bad_deal_code(err.text))) from err
        except SourceError as err:
            # The player reads one sentence in their language (a layout's names its
            # cause). A code that reads but does not fit the rules chosen says so.
            raise SourceError(sentence(str(err))) from err
    return random_deal(rules_from_options(args, get_rules("pyramide")))


def play(args: argparse.Namespace, out: TextIO, *, learning: bool = False) -> int:
    """Play the deal the options name, or take up the saved game (a new deal when
    there is none); ``learning``: the lesson alone (``pyramide learn``). The
    options are weighed once (:func:`~pyramide_a11y.core.settings.read_start`);
    what an option refuses is raised as :class:`SourceError` in the player's
    language, before anything is dealt or spoken."""
    storage = GameStorage.open(getattr(args, "data_dir", None))  # autosave; saved settings
    options = start_options(args, os.environ)
    # Every source weighed once; the front end receives this, not the command line.
    start = read_start(options, storage.saved_settings())
    # The player's language (a saved one, when --lang was not typed), entered for
    # everything the game says from here; the session enters its own for each line.
    with in_language(start.language):
        if (refusal := options.refusal()) is not None:
            raise SourceError(sentence(refusal))
        chosen = args.deal or args.layout or args.daily or learning
        # A deal named on the command line is played; else the saved game, offered.
        source = (
            game_source(args)
            if chosen
            else storage.take_up(lambda: game_source(args), rules=named_rules(args))
        )
        return _play(start, source, out, storage, learning=learning)


def _play(
    start: StartSettings, source: GameSource, out: TextIO, storage: GameStorage, *, learning: bool
) -> int:
    """The terminal's session of ``source`` with the settings ``start`` (the
    command line already weighed: no option is read here)."""
    speaker = make_session_speaker(start, out)
    speaker.set_language(start.language)
    speaker.set_rate(start.rate)
    if start.volume != VOLUME_RANGE[1]:  # 100: the backend's own (Orca's, for SSIP)
        speaker.set_volume(start.volume / 100)
    speaks = start.speech_route != "none" and getattr(speaker, "backend", "none") != "none"
    settings = start.settings(speaks)
    if (voice_line := start_voice(settings, speaker, given=start.voice_given)) is not None:
        print(sentence(voice_line), file=out, flush=True)
    cues = CuePlayer()
    printer = Printer(out, visual=start.symbols)  # first: the session's late answers go there
    prompt = interactive(sys.stdin, out)  # the prompt, with its keys, where both are terminals
    session = spoken_session(
        source,
        speaker=speaker,
        cues=cues,
        settings=settings,
        storage=storage,
        emit=printer.late,
        keyboard_keys=prompt,
    )
    if learning:
        session.lessons.start(standalone=True)
    try:
        return run_prompt(session, printer) if prompt else run_plain(session, sys.stdin, printer)
    finally:
        cues.close()
        speaker.close()
