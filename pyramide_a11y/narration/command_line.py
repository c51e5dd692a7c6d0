"""What the command line prints for a person, in the session's language: argparse's
own words, the labels of ``deal`` and ``replay``, number errors, progress lines.

``--json`` output is not here: it keeps English keys and canonical notation.
"""

from __future__ import annotations

from pyramide_a11y.i18n import _, npgettext, pgettext
from pyramide_a11y.i18n.formatting import format_number

# -- argparse's own words -------------------------------------------------------------------
#
# The msgids are Python's argparse's, exactly (including %-placeholders, which
# argparse fills in); the context keeps them apart from ours. Messages argparse
# gives only to a programmer (a conflicting option string) are left in English.


def argparse_texts() -> dict[str, str]:
    """Each argparse msgid a person can meet → its translation (current language)."""
    return {
        # Translators: command-line help, before the usage line; keep the space at the end.
        "usage: ": pgettext("argparse", "usage: "),
        # Translators: command-line help, title of the list of positional arguments.
        "positional arguments": pgettext("argparse", "positional arguments"),
        # Translators: command-line help, title of the list of options.
        "options": pgettext("argparse", "options"),
        # Translators: command-line help of -h.
        "show this help message and exit": pgettext("argparse", "show this help message and exit"),
        # Translators: command-line help, title of a list of subcommands.
        "subcommands": pgettext("argparse", "subcommands"),
        # Translators: command-line error; %(argument_name)s is an option (--timeout),
        # %(message)s what is wrong with it. Keep the %(...)s as they are.
        "argument %(argument_name)s: %(message)s": pgettext(
            "argparse", "argument %(argument_name)s: %(message)s"
        ),
        # Translators: command-line error; keep %(parser_name)r and %(choices)s.
        "unknown parser %(parser_name)r (choices: %(choices)s)": pgettext(
            "argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"
        ),
        # Translators: command-line error: a file given cannot be opened.
        "can't open '%(filename)s': %(error)s": pgettext(
            "argparse", "can't open '%(filename)s': %(error)s"
        ),
        # Translators: command-line error; %s is the list of what was not understood.
        "unrecognized arguments: %s": pgettext("argparse", "unrecognized arguments: %s"),
        # Translators: command-line error; %s is another option.
        "not allowed with argument %s": pgettext("argparse", "not allowed with argument %s"),
        # Translators: command-line error; %r is the value given to an option that takes none.
        "ignored explicit argument %r": pgettext("argparse", "ignored explicit argument %r"),
        # Translators: command-line error; %s is the list of what is missing.
        "the following arguments are required: %s": pgettext(
            "argparse", "the following arguments are required: %s"
        ),
        # Translators: command-line error; %s is a list of options.
        "one of the arguments %s is required": pgettext(
            "argparse", "one of the arguments %s is required"
        ),
        # Translators: command-line error: an option was given without its value.
        "expected one argument": pgettext("argparse", "expected one argument"),
        # Translators: command-line error.
        "expected at most one argument": pgettext("argparse", "expected at most one argument"),
        # Translators: command-line error.
        "expected at least one argument": pgettext("argparse", "expected at least one argument"),
        # Translators: command-line error; keep %(option)s and %(matches)s.
        "ambiguous option: %(option)s could match %(matches)s": pgettext(
            "argparse", "ambiguous option: %(option)s could match %(matches)s"
        ),
        # Translators: command-line error; %s is an option.
        "unexpected option string: %s": pgettext("argparse", "unexpected option string: %s"),
        # Translators: command-line error; %(type)s is a type name (int), %(value)r the value.
        "invalid %(type)s value: %(value)r": pgettext(
            "argparse", "invalid %(type)s value: %(value)r"
        ),
        # Translators: command-line error; %(value)r is what was typed, %(choices)s the
        # list of the values allowed.
        "invalid choice: %(value)r (choose from %(choices)s)": pgettext(
            "argparse", "invalid choice: %(value)r (choose from %(choices)s)"
        ),
        # Translators: command-line error line; %(prog)s is the command (pyramide solve),
        # %(message)s the error. Keep the line break at the end.
        "%(prog)s: error: %(message)s\n": pgettext("argparse", "%(prog)s: error: %(message)s\n"),
        # Translators: command-line error: "-" (standard input) cannot be used here.
        'argument "-" with mode %r': pgettext("argparse", 'argument "-" with mode %r'),
    }


def argparse_gettext(message: str) -> str:
    """argparse's ``_``: ``message`` translated when it is one of :func:`argparse_texts`."""
    return argparse_texts().get(message, message)


def argparse_ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's ``ngettext``: its one counted message a person can meet, translated."""
    if singular == "expected %s argument":
        # Translators: command-line error; %s is a number of values.
        return npgettext("argparse", "expected %s argument", "expected %s arguments", n)
    return singular if n == 1 else plural


# -- numbers on the command line -------------------------------------------------------------


def _typed(text: str) -> str:
    """A value typed on the command line, quoted and fit to be said back: no
    terminal escapes or control characters, cut to a bound with an ellipsis
    (:func:`.messages.echoed`)."""
    from .messages import echoed  # only on an error: the parser is built without it

    return repr(echoed(text))


def not_a_whole_number(text: str) -> str:
    # Translators: command-line error after the option's name; {value} is what was typed.
    return _("{value} is not a whole number").format(value=_typed(text))


def out_of_range(text: str, low: float, high: float) -> str:
    # Translators: command-line error after the option's name; {value} is what was
    # typed, {low} and {high} the numbers it must lie between.
    return _("{value} is out of range: give a number from {low} to {high}").format(
        value=_typed(text), low=format_number(low), high=format_number(high)
    )


def not_a_number(text: str) -> str:
    # Translators: command-line error after the option's name, for a number of seconds.
    return _("{value} is not a number").format(value=_typed(text))


def unknown_rules(name: str, choices: list[str]) -> str:
    # Translators: command-line error; {name} is the rules typed after --rules,
    # {choices} the presets (pyramide, classic, paciencia), typed as they are.
    return _("unknown rules {name}: choose {choices}").format(
        name=_typed(name), choices=", ".join(choices)
    )


def bad_count(text: str) -> str:
    # Translators: command-line error for --recycles; none and unlimited are typed
    # as they are (nenhum and ilimitado are accepted too).
    return _("{value} is not a number, none or unlimited").format(value=_typed(text))


# -- deal and replay -------------------------------------------------------------------------


def deal_code_line(code: str | None) -> str:
    # Translators: ``pyramide deal`` output: the deal code.
    return _("code: {code}").format(code=code or "-")


def rules_line(rules: str) -> str:
    # Translators: ``pyramide deal`` output: the rules, like classic(passes=3).
    return _("rules: {rules}").format(rules=rules)


def waste_line(cards: str) -> str:
    # Translators: ``pyramide deal`` output: the waste pile's cards, bottom card first.
    return _("waste (bottom to top): {cards}").format(cards=cards)


def stock_line(cards: str) -> str:
    # Translators: ``pyramide deal`` output: the stock's cards, the first drawn first.
    return _("stock (first drawn first): {cards}").format(cards=cards)


def waste_top_line(card: str) -> str:
    # Translators: ``pyramide replay`` output: the card on top of the waste.
    return _("waste top: {card}").format(card=card)


def yes_no(value: bool) -> str:
    # Translators: a true/false value in ``pyramide replay`` output.
    return pgettext("answer", "yes") if value else pgettext("answer", "no")


def final_state_lines(summary: dict[str, object]) -> list[str]:
    """The ``replay`` summary (:func:`.cli.deal.final_state`) for a person."""

    def num(key: str) -> str:
        value = summary[key]
        assert isinstance(value, int)
        return format_number(value)

    return [
        # Translators: ``pyramide replay`` output: was the game won (yes or no).
        _("won: {answer}").format(answer=yes_no(bool(summary["won"]))),
        # Translators: ``pyramide replay`` output: how many moves were played.
        _("moves: {count}").format(count=num("moves")),
        # Translators: ``pyramide replay`` output: cards still in the pyramid.
        _("pyramid cards left: {count}").format(count=num("pyramid_left")),
        # Translators: ``pyramide replay`` output: cards in the stock.
        _("stock: {count}").format(count=num("stock")),
        # Translators: ``pyramide replay`` output: cards in the waste.
        _("waste: {count}").format(count=num("waste")),
        # Translators: ``pyramide replay`` output: the score.
        _("score: {score}").format(score=num("score")),
        # Translators: ``pyramide replay`` output: which pass through the stock.
        _("pass: {round}").format(round=num("round")),
    ]


def cannot_write(path: str, reason: str) -> str:
    # Translators: command-line error: a folder cannot be written; {reason} is the
    # system's.
    return _("cannot write into {folder}: {reason}").format(folder=path, reason=reason)


def bad_move_line(number: int, detail: str) -> str:
    # Translators: replay error: a line of the moves file is not a move in canonical
    # notation (KD, 10C+3S, draw, recycle); {detail} is the text of the line.
    return _("line {number}: not a move: {detail}").format(number=number, detail=detail)


# -- analyse progress --------------------------------------------------------------------------


def progress_line(done: int, total: int, left: float) -> str:
    # Translators: analyse progress line; {done} of {total} deals, {left} seconds to go.
    return _("{done} of {total} deals, about {left} s left").format(
        done=format_number(done), total=format_number(total), left=format_number(round(left))
    )


# -- where a deal comes from, and ``replay``'s moves file ----------------------------------


def code_and_layout_both() -> str:
    """A deal code and ``--layout`` given together."""
    # Translators: command-line error.
    return _("give either a deal code or --layout, not both")


def no_code_nor_layout() -> str:
    """Neither a deal code nor ``--layout`` given."""
    # Translators: command-line error.
    return _("give a deal code (like PY1-N-AAAAAAS) or --layout FILE")


def moves_file_needed() -> str:
    """``replay`` of a deal code without ``--moves``."""
    # Translators: replay tool error: a deal code needs a file of moves.
    return _("give --moves FILE with the moves to play")


def moves_file_line(number: int) -> str:
    """Where in the moves file a refused move stands."""
    # Translators: replay tool error; {number} is a line number of the moves file.
    return _("line {number}").format(number=number)


def language_choices(names: str, *, from_locale: bool) -> str:
    """The help of ``--lang``: ``names`` lists the languages (``pt, pt-BR ou en``);
    ``from_locale``: without the option, the locale's language is used."""
    if not from_locale:
        # Translators: command-line help of --lang; {languages} lists the choices
        # (pt, pt-BR or en).
        return _("language: {languages}").format(languages=names)
    # Translators: command-line help of --lang; {languages} lists the choices.
    return _("language: {languages}; default from the locale").format(languages=names)


def output_lost(reason: str | None) -> str:
    """Standard output cannot be written; ``reason``: the system's, in English."""
    # Translators: printed on standard error when the program's output cannot be
    # written (closed, or the disk is full); {reason} is the system's reason, in
    # English, like "No space left on device".
    return _("The output cannot be written ({reason}); the program stops.").format(reason=reason)
