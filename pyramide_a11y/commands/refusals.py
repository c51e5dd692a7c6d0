"""What the player hears when a line is no command: one sentence per kind of
fault (:class:`~.syntax.CommandSyntaxError`'s subclasses), worded by narration."""

from __future__ import annotations

from pyramide_a11y.narration import answers

from .syntax import (
    CommandSyntaxError,
    LetterAloneError,
    NoSuchRowError,
    NotACardError,
    TooManyCardsError,
    WhereNeedsSuitError,
)


def syntax_refusal(err: CommandSyntaxError, line: str) -> list[str]:
    """Why ``line`` is no command, from the kind of fault the parser found."""
    match err:
        case TooManyCardsError():
            return answers.too_many_cards()
        case NoSuchRowError():
            return answers.no_such_row()
        case WhereNeedsSuitError():
            return answers.where_needs_suit(err.text)
        case LetterAloneError(rank=rank):
            return answers.letter_alone(line, rank)
        case NotACardError():
            return answers.not_a_card(err.text)
    return answers.unknown_command(line)
