"""Sentences about saved games and statistics, in the current language.

Used by ``pyramide stats``, ``pyramide history``, the exported transcript, the
offer to continue a saved game and the player's best on the result panel.
"""

from __future__ import annotations

import datetime as dt

from babel.numbers import format_percent

from pyramide_a11y.engine import (
    Card,
    Draw,
    Recycle,
    RemoveKing,
    RemovePair,
    Rules,
    parse_move,
    parse_rules,
)
from pyramide_a11y.i18n import _, ngettext
from pyramide_a11y.i18n.formatting import (
    cldr_locale,
    format_day,
    format_duration,
    format_list,
    format_number,
)
from pyramide_a11y.narration import card_name, sentence
from pyramide_a11y.narration import messages as m
from pyramide_a11y.storage import GameRecord, Stats
from pyramide_a11y.storage.actions import CANCEL, SELECT, UNDO
from pyramide_a11y.storage.daily_games import DailyStats

PATH_ECHO_LIMIT = 200
"""Characters of a file name said back (a longer one is cut, with an ellipsis)."""


def rules_label(rules_text: str) -> str:
    """The rules in words: the preset's name, then its variants."""
    try:
        rules: Rules = parse_rules(rules_text)
    except ValueError:
        return rules_text
    parts = []
    for option, value in rules.changed_options().items():
        if option == "recycles":
            passes = rules.passes
            if passes is None:
                # Translators: a rules variant in the statistics: no limit on passes.
                parts.append(_("unlimited passes"))
            else:
                # Translators: a rules variant in the statistics.
                parts.append(
                    ngettext("{passes} pass", "{passes} passes", passes).format(
                        passes=format_number(passes)
                    )
                )
        else:
            parts.append(m.variant_name(option, value) or f"{option}={value}")
    return m.with_variants(m.preset_name(rules.name), parts)


def duration(ms: int) -> str:
    return format_duration(ms / 1000)


def when(iso: str) -> str:
    """The day of a stored UTC time, in local time, in words in the player's
    language (``1 December 2026``); ``iso`` itself when it is no time."""
    try:
        moment = dt.datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso
    return format_day(moment.date())


# -- statistics -------------------------------------------------------------------------------


def stats_lines(stats: Stats) -> list[str]:
    """One rules key's statistics, one fact per line, the rules first."""
    lines = [sentence(rules_label(stats.rules))]
    # Translators: statistics; {count} games played.
    lines.append(_("Games played: {count}").format(count=format_number(stats.played)))
    rate = stats.win_rate
    if rate is not None:
        # Translators: statistics; {count} games won and {rate} the win rate (like 42%).
        lines.append(
            _("Won: {count}, {rate}").format(
                count=format_number(stats.won),
                rate=format_percent(rate, locale=cldr_locale(), group_separator=False),
            )
        )
    # Translators: statistics; wins in a row now, and the longest run of wins.
    lines.append(
        _("Current streak: {current}; best streak: {best}").format(
            current=format_number(stats.current_streak), best=format_number(stats.best_streak)
        )
    )
    if stats.best_time_ms is not None:
        # Translators: statistics; the shortest time of a won game.
        lines.append(_("Best time: {time}").format(time=duration(stats.best_time_ms)))
    if stats.fewest_moves is not None:
        # Translators: statistics; the fewest moves of a won game.
        lines.append(_("Fewest moves: {count}").format(count=format_number(stats.fewest_moves)))
    if stats.average_over_par is not None and stats.best_over_par is not None:
        lines.append(over_par(stats.par_wins, stats.average_over_par, stats.best_over_par))
    if stats.best_score is not None and _scoring(stats.rules):
        # Translators: statistics (Pyramide rules): the highest score.
        lines.append(_("Best score: {score}").format(score=format_number(stats.best_score)))
    if stats.best is not None and holds_every_record(stats):
        lines.append(best_game(stats))  # else its records are the lines above
    return [sentence(line) for line in lines]


def over_par(wins: int, average: float, best: int) -> str:
    """Moves over par in the won games whose deal's par is known."""
    # Translators: statistics; the par of a deal is the fewest moves that win it.
    # {average} (like 4.5) and {best} are moves over par; {count} won games count.
    return ngettext(
        "Moves over the fewest possible: {average} on average, {best} at best, in {count} won game",
        "Moves over the fewest possible: {average} on average, {best} at best, "
        "in {count} won games",
        wins,
    ).format(
        average=format_number(round(average, 1)),
        best=format_number(best),
        count=format_number(wins),
    )


def best_game(stats: Stats) -> str:
    """The player's best wins for these rules, never a figure worse than one kept:
    the best game (score, time, moves: the order of ``pyramide``) when it holds
    both the best time and the fewest moves; else the two records, each on its
    own (they come from different games: the fastest win was not the shortest)."""
    best = stats.best
    assert best is not None
    if not holds_every_record(stats):
        return _best_records(stats, best.score)
    if _scoring(stats.rules):
        # Translators: the best game: {score} points, then time and moves.
        return _("Your best: {score} points in {time}, {moves}").format(
            score=format_number(best.score), time=duration(best.time_ms), moves=m.moves(best.moves)
        )
    # Translators: the best game: time, then moves.
    return _("Your best: {time}, {moves}").format(
        time=duration(best.time_ms), moves=m.moves(best.moves)
    )


def holds_every_record(stats: Stats) -> bool:
    """The best game is also the fastest win and the one with the fewest moves."""
    best = stats.best
    return (
        best is not None and best.time_ms == stats.best_time_ms and best.moves == stats.fewest_moves
    )


def _best_records(stats: Stats, score: int) -> str:
    time = duration(stats.best_time_ms or 0)
    count = format_number(stats.fewest_moves or 0)
    if _scoring(stats.rules):
        # Translators: the player's records, from different won games: {score}
        # points (the best game's), the shortest time, the fewest moves (a number).
        return _("Your best: {score} points; best time: {time}; fewest moves: {count}").format(
            score=format_number(score), time=time, count=count
        )
    # Translators: the player's records, from different won games: the shortest
    # time, and the fewest moves (a number).
    return _("Your best time: {time}; fewest moves: {count}").format(time=time, count=count)


def _scoring(rules_text: str) -> bool:
    try:
        return parse_rules(rules_text).scoring
    except ValueError:
        return False


def daily_lines(daily: DailyStats) -> list[str]:
    """The deal of the day's statistics: days played and won, and the streaks."""
    return [
        # Translators: statistics; the heading of the deal of the day's figures.
        sentence(_("The deal of the day")),
        # Translators: statistics; {count} days the deal of the day was played.
        sentence(_("Days played: {count}").format(count=format_number(daily.played))),
        # Translators: statistics; {count} days the deal of the day was won.
        sentence(_("Days won: {count}").format(count=format_number(daily.won))),
        # Translators: statistics; days in a row the deal of the day was won, up to
        # today or yesterday, and the longest such run.
        sentence(
            _("Days in a row: {current}; best run: {best}").format(
                current=format_number(daily.current_streak),
                best=format_number(daily.best_streak),
            )
        ),
    ]


def no_stats() -> str:
    # Translators: the statistics command before any game was finished.
    return _("No games finished yet.")


# -- game records -----------------------------------------------------------------------------


def result_words(record: GameRecord) -> str:
    snap = record.snapshot
    removed = m.won_panel_removed(snap.removed)
    if record.damaged:
        # Translators: a game in the history whose record does not replay (damaged):
        # it is kept, but cannot be resumed or replayed.
        return _("damaged, cannot be resumed")
    match record.result:
        case "won" if record.par is not None and record.result_line not in (
            None,
            record.result_moves,
        ):
            # Translators: a game in the history: won, with moves undone; {time} and
            # {moves} describe it, {line} counts only the moves of the line played
            # (undone ones left out), which is what compares with {par}, the deal's
            # par: the fewest moves that win it.
            return _(
                "won in {time}, {moves}, {line} in the line played; the fewest possible is {par}"
            ).format(
                time=duration(record.result_ms or 0),
                moves=m.moves(record.result_moves or 0),
                line=format_number(record.result_line or 0),
                par=format_number(record.par),
            )
        case "won" if record.par is not None:
            # Translators: a game in the history: won; {time} and {moves} describe it,
            # {par} is the deal's par: the fewest moves that win it.
            return _("won in {time}, {moves}; the fewest possible is {par}").format(
                time=duration(record.result_ms or 0),
                moves=m.moves(record.result_moves or 0),
                par=format_number(record.par),
            )
        case "won":
            # Translators: a game in the history: won; {time} and {moves} describe it.
            return _("won in {time}, {moves}").format(
                time=duration(record.result_ms or 0), moves=m.moves(record.result_moves or 0)
            )
        case "lost" if record.winnable is False:
            # Translators: a game in the history: left unfinished, and its deal was
            # proven to have no winning line; {removed} as in "not won, {removed}".
            return _("not won, {removed}; the deal could not be won").format(removed=removed)
        case "lost" if record.par is not None:
            # Translators: a game in the history: left unfinished; {removed} as in
            # "not won, {removed}"; {par} is the deal's par: the fewest moves that
            # would have won it.
            return _("not won, {removed}; the fewest possible was {par}").format(
                removed=removed, par=format_number(record.par)
            )
        case "lost":
            # Translators: a game in the history: left unfinished; {removed} says how
            # many pyramid cards went (e.g. "12 of 28 cards removed").
            return _("not won, {removed}").format(removed=removed)
        case "discarded":
            # Translators: a game in the history left as dealt: no move played, or
            # every move undone.
            return _("left as dealt")
        case _:
            # Translators: a game in the history still being played or saved to resume.
            return _("in progress, {removed}").format(removed=removed)


def history_line(record: GameRecord) -> str:
    """One game in the list: id, date, rules, deal, result."""
    deal = record.code or _("a layout")
    # Translators: one line of the game history; {id} is the number to give to
    # replay or --export, {date} when it started, {rules} the rules, {deal} the deal
    # code, {result} how it ended.
    return sentence(
        _("Game {id}, {date}: {rules}, {deal}, {result}").format(
            id=record.id,
            date=when(record.started_at),
            rules=rules_label(record.rules),
            deal=deal,
            result=result_words(record),
        )
    )


def no_history() -> str:
    # Translators: the history command before any game was played.
    return _("No games yet.")


def no_such_game(game_id: int) -> str:
    # Translators: a game number that is not in the history.
    return _("There is no game {id} in the history.").format(id=game_id)


def storage_unavailable() -> str:
    # Translators: the saved games cannot be read at all.
    return _("Your saved games cannot be read.")


def exported(paths: list[str]) -> str:
    # Translators: the export wrote these files.
    return _("Written: {files}.").format(files=format_list(paths))


def export_exists(path: str) -> str:
    # Translators: history --export names a file that exists; --force is typed as it is.
    return _(
        "{file} exists already; I keep it. Give another name, or --force to replace it."
    ).format(file=m.echoed(path, PATH_ECHO_LIMIT))


def export_not_a_file(path: str) -> str:
    # Translators: history --export names a folder or nothing; {file} is what was given.
    return _("Cannot write the game to {file}: give a file name.").format(
        file=repr(m.echoed(path, PATH_ECHO_LIMIT))
    )


def export_not_regular(path: str) -> str:
    # Translators: history --export (even with --force) names a pipe, a device or a
    # socket, which are never written to; {file} is the name given.
    return _(
        "{file} is a pipe or a device, not an ordinary file; I leave it. Give a file name."
    ).format(file=m.echoed(path, PATH_ECHO_LIMIT))


def export_failed(path: str, reason: str) -> str:
    # Translators: a file could not be written; {reason} says why (e.g. "the disk is
    # full").
    return _("Cannot write {file}: {reason}.").format(
        file=m.echoed(path, PATH_ECHO_LIMIT), reason=reason
    )


def record_does_not_replay(game_id: int) -> str:
    # Translators: a stored game whose moves do not replay (a damaged record).
    return _("Game {id} cannot be replayed: its record is damaged.").format(id=game_id)


def action_words(token: str) -> str:
    """A logged action (a token of :mod:`pyramide_a11y.storage.actions`), as the
    player would say it.

    Raises:
        ValueError: not an action token.
    """
    if token == UNDO:
        # Translators: an action in a transcript.
        return _("Undo")
    if token == CANCEL:
        # Translators: an action in a transcript.
        return _("Cancel the selection")
    if token.startswith(SELECT + " "):
        # Translators: an action in a transcript: the player touched {card}.
        return _("Touch {card}").format(card=card_name(Card.parse(token.split()[1])))
    match parse_move(token):
        case Draw():
            # Translators: an action in a transcript.
            return _("Draw")
        case Recycle():
            # Translators: an action in a transcript.
            return _("Recycle")
        case RemovePair(first, second):
            # Translators: an action in a transcript: remove two cards as a pair.
            return _("Pair {first} with {second}").format(
                first=card_name(first), second=card_name(second)
            )
        case RemoveKing(card):
            # Translators: an action in a transcript: remove a King alone.
            return _("Remove {card}").format(card=card_name(card))


# -- continuing a saved game ----------------------------------------------------------------


def saved_game_offer(record: GameRecord) -> str:
    """The offer at start: what the saved game is, and how to continue or not."""
    snap = record.snapshot
    # Translators: said at start when a game was saved; {rules} the rules, {removed}
    # how far it went ("12 of 28 cards removed"), {moves} the move count; continue and
    # new are the commands (translate them as the commands are in this language).
    return _(
        "You have a saved game: {rules}, {removed}, {moves}. Type continue to play it, "
        "or new for a fresh deal."
    ).format(
        rules=rules_label(record.rules),
        removed=m.won_panel_removed(snap.removed),
        moves=m.moves(snap.moves),
    )


_FLAGS = {
    "strict_win": "--strict-win",
    "stock_waste_pairs": "--stock-waste-pairs",
    "cover_pairs": "--cover-pairs",
}
"""The command line's switch for each rules option that has one (on only)."""


def rules_command(rules_text: str) -> str | None:
    """The command that starts a game of these rules, and so offers their saved game
    (``pyramide --rules classic --passes 3``); None when they do not read as rules
    or an option has no command-line switch."""
    try:
        rules = parse_rules(rules_text)
    except ValueError:
        return None
    words = ["pyramide", "--rules", rules.name]
    for option, value in rules.changed_options().items():
        if option == "recycles":
            passes = rules.passes
            words += ["--recycles", "unlimited"] if passes is None else ["--passes", str(passes)]
        elif option in _FLAGS and value is True:
            words.append(_FLAGS[option])
        else:
            return None
    return " ".join(words)


def saved_game_kept(record: GameRecord) -> str:
    """At start with rules named: the saved game of other rules is kept, and how to
    take it up."""
    rules = rules_label(record.rules)
    command = rules_command(record.rules)
    if command is None:
        # Translators: said at start when the player named rules and a game of other
        # rules ({rules}, e.g. "Pyramid") is saved: it is kept as it is.
        return sentence(_("Your saved game of {rules} is kept").format(rules=rules))
    # Translators: said at start when the player named rules and a game of other
    # rules ({rules}, e.g. "Pyramid") is saved; {command} is the command
    # line that continues it, typed as it is (e.g. "pyramide --rules paciencia").
    return sentence(
        _("Your saved game of {rules} is kept; type {command} to continue it").format(
            rules=rules, command=command
        )
    )


def continuing() -> str:
    # Translators: the saved game is resumed.
    return _("Continuing your saved game.")
