"""What the player hears when a line is no command: one sentence per kind of
fault (:class:`~.syntax.CommandSyntaxError`'s subclasses), worded by narration."""

from __future__ import annotations

from pyramide_a11y.narration import answers

from .suggest import suggestion
from .syntax import (
    CommandSyntaxError,
    LetterAloneError,
    NoSuchRowError,
    NotACardError,
    TooManyCardsError,
    UnknownCommandError,
    WhereNeedsSuitError,
)


def syntax_refusal(err: CommandSyntaxError, line: str, language: str | None = None) -> list[str]:
    """Why ``line`` is no command, from the kind of fault the parser found; with the
    session's ``language``, a line close to a command gets one suggestion instead
    ("did you mean draw?")."""
    if language is not None and isinstance(err, UnknownCommandError | NotACardError):
        meant = suggestion(line, language)
        if meant is not None:
            return answers.did_you_mean(line, meant)
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
