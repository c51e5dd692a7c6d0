"""What the solver's answers say for a person, in the session's language:
``pyramide solve``'s verdict, the shortest line's length and how much was
searched; ``pyramide analyse``'s report (the win rate with its interval, the
time per deal) and its errors. ``--json`` output is not here: it keeps English
keys."""

from __future__ import annotations

from typing import Any

from pyramide_a11y.i18n import _, ngettext
from pyramide_a11y.i18n.formatting import format_number
from pyramide_a11y.solver import Solution, Verdict
from pyramide_a11y.solver.shortest import Shortest


def timeout_not_positive(value: float) -> str:
    """``--timeout`` given as zero or less."""
    # Translators: error of the solve command; {value} is what the user typed.
    return _("--timeout must be a positive number of seconds, not {value}").format(value=value)


def shortest_sentence(answer: Shortest) -> str:
    """One sentence: the shortest line's length, the best line found when not
    proven, cannot be won, or no verdict in time."""
    if answer.verdict is Verdict.WINNABLE:
        count = len(answer.moves)
        if answer.proven:
            # Translators: solve --shortest verdict; the moves follow, one per line.
            return ngettext(
                "Winnable: the shortest winning line has {count} move.",
                "Winnable: the shortest winning line has {count} moves.",
                count,
            ).format(count=format_number(count))
        # Translators: solve --shortest verdict when time ran out before the proof.
        return ngettext(
            "Winnable: best line found has {count} move; not known to be the shortest "
            "(time limit).",
            "Winnable: best line found has {count} moves; not known to be the shortest "
            "(time limit).",
            count,
        ).format(count=format_number(count))
    return verdict_sentence(Solution(answer.verdict, (), answer.nodes, answer.seconds))


def verdict_sentence(solution: Solution) -> str:
    """One sentence: winnable in N moves, cannot be won, or no verdict in time."""
    if solution.verdict is Verdict.WINNABLE:
        count = len(solution.moves)
        # Translators: solve command verdict; the winning moves follow, one per line.
        return ngettext(
            "Winnable: a winning line of {count} move.",
            "Winnable: a winning line of {count} moves.",
            count,
        ).format(count=format_number(count))
    if solution.verdict is Verdict.LOST:
        # Translators: solve command verdict, after searching every line of play.
        return _("Cannot be won: every line of play was searched.")
    # Translators: solve command verdict when the time limit ran out.
    return _("Unknown: no verdict within the time limit.")


def effort_sentence(solution: Solution) -> str:
    """How much was searched, and how long it took."""
    # Translators: solve command, last line; {nodes} positions, {seconds} a decimal number.
    return ngettext(
        "Searched {nodes} position in {seconds} seconds.",
        "Searched {nodes} positions in {seconds} seconds.",
        solution.nodes,
    ).format(nodes=format_number(solution.nodes), seconds=format_number(round(solution.seconds, 3)))


# -- analyse ---------------------------------------------------------------------------------


def deals_too_few(value: int) -> str:
    """``--deals`` under 1."""
    # Translators: error of the analyse command; {value} is what the user typed.
    return _("--deals must be 1 or more, not {value}").format(value=value)


def jobs_too_few(value: int) -> str:
    """``--jobs`` under 1."""
    # Translators: error of the analyse command; {value} is what the user typed.
    return _("--jobs must be 1 or more, not {value}").format(value=value)


def first_negative(value: int) -> str:
    """``--first`` under 0."""
    # Translators: error of the analyse command; {value} is what the user typed.
    return _("--first must be 0 or more, not {value}").format(value=value)


def worker_lost(code: int | None) -> str:
    """One of ``analyse``'s worker processes ended from outside (killed, out of
    memory): no report."""
    # Translators: error of the analyse command when one of its worker processes
    # was ended from outside (killed, out of memory); {code} is its exit code.
    return _("A worker process ended unexpectedly (exit code {code}); no report.").format(code=code)


def _percent(fraction: float) -> str:
    """A fraction as a percentage's number, one decimal, no sign."""
    return format_number(round(100 * fraction, 1))


def _duration(seconds: float) -> str:
    """A short duration: milliseconds under a second, else seconds."""
    if seconds < 1:
        # Translators: a short duration in milliseconds, e.g. "12 ms".
        return _("{value} ms").format(value=format_number(round(seconds * 1000, 1)))
    # Translators: a short duration in seconds, e.g. "2.5 s".
    return _("{value} s").format(value=format_number(round(seconds, 2)))


def report_lines(report: dict[str, Any]) -> list[str]:
    """``analyse``'s report (its ``--json`` shape) in sentences, most important first."""
    lines: list[str] = []
    decided = report["winnable"] + report["lost"]
    if report["win_rate"] is None:
        # Translators: analyse report when no deal got a verdict.
        lines.append(_("No deal was decided."))
    else:
        low, high = report["ci95"]
        # Translators: analyse report, first line. {won} and {decided} are counts of
        # deals, {rate}, {low} and {high} percentages (numbers without the % sign).
        lines.append(
            ngettext(
                "Won {won} of {decided} decided deal: {rate}% "
                "(95% confidence interval {low}% to {high}%).",
                "Won {won} of {decided} decided deals: {rate}% "
                "(95% confidence interval {low}% to {high}%).",
                decided,
            ).format(
                won=format_number(report["winnable"]),
                decided=format_number(decided),
                rate=_percent(report["win_rate"]),
                low=_percent(low),
                high=_percent(high),
            )
        )
    # Translators: analyse report; deals whose search ran out of time.
    lines.append(
        ngettext("Unknown: {count} deal.", "Unknown: {count} deals.", report["unknown"]).format(
            count=format_number(report["unknown"])
        )
    )
    times = report["seconds_per_deal"]
    # Translators: analyse report; each value is a duration like "12 ms" or "2.5 s".
    lines.append(
        _("Time per deal: median {median}, 95th percentile {p95}, longest {longest}.").format(
            median=_duration(times["median"]),
            p95=_duration(times["p95"]),
            longest=_duration(times["max"]),
        )
    )
    first = report.get("first", 0)
    if first:
        # Translators: analyse report, last line, after --first; {rules} like
        # "classic(passes=3)", {first} how many deal numbers of the seed were skipped.
        last = ngettext(
            "Rules {rules}, seed {seed}, {deals} deal after the first {first}.",
            "Rules {rules}, seed {seed}, {deals} deals after the first {first}.",
            report["deals"],
        )
    else:
        # Translators: analyse report, last line; {rules} like "classic(passes=3)".
        last = ngettext(
            "Rules {rules}, seed {seed}, {deals} deal.",
            "Rules {rules}, seed {seed}, {deals} deals.",
            report["deals"],
        )
    lines.append(
        last.format(
            rules=report["rules"],
            seed=report["seed"],
            deals=format_number(report["deals"]),
            first=format_number(first),
        )
    )
    if report["unknown_deals"]:
        # Translators: analyse report; a list of deal codes follows.
        listed = _("Unknown deals:") + " " + " ".join(report["unknown_deals"])
        more = report.get("unknown_deals_more", 0)
        if more:
            # Translators: analyse report; after the first unknown deal codes listed,
            # how many more there are.
            listed += " " + ngettext("and {count} more.", "and {count} more.", more).format(
                count=format_number(more)
            )
        lines.append(listed)
    return lines
