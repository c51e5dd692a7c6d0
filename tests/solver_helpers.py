"""Shared by the solver tests: replaying lines, and an independent brute-force search."""

from __future__ import annotations

from collections.abc import Iterable

from pyramide_a11y.engine import Move, Position, Rules


def replays_to_win(position: Position, moves: Iterable[Move], rules: Rules) -> bool:
    """Play ``moves`` with the engine (each must be legal); True when the end is won."""
    for move in moves:
        position = position.after(move, rules)
    return position.is_won(rules)


def brute_force_winnable(position: Position, rules: Rules) -> bool:
    """Whether any sequence of legal engine moves wins: a plain search over every
    reachable position, with none of the solver's shortcuts. With unlimited
    recycles the recycle count is left out of the visited key (it changes nothing
    else), so the search ends."""
    seen: set[object] = set()
    todo = [position]
    while todo:
        current = todo.pop()
        if current.is_won(rules):
            return True
        key: object = current.key()
        if rules.recycles is None:
            key = (current.pyramid, current.stock, current.waste)
        if key in seen:
            continue
        seen.add(key)
        todo.extend(current.after(move, rules) for move in current.legal_moves(rules))
    return False
