"""What the solver's answers say for a person (``pyramide solve``): the verdict,
the shortest line's length, and how much was searched, in the session's
language. ``--json`` output is not here: it keeps English keys."""

from __future__ import annotations

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
