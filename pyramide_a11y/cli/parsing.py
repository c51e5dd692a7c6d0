"""argparse in the session's language.

The language is known before parsing (``--lang`` is looked for wherever it stands
on the line, else the locale), so the parser is built with translated help. What
argparse writes itself (``usage:``, ``options``, its error sentences) it looks up
with the module-level ``argparse._`` and ``argparse.ngettext``;
:func:`argparse_in_session_language` points those at our catalogs (context
``argparse``, the msgids of Python's argparse:
:func:`.command_line.argparse_texts`) for the time the parser is built and used,
and puts them back afterwards. A msgid a later Python changes falls back to
English; ``tests/cli/test_cli_language.py`` reads argparse's source and says which.

Numbers on the command line go through :func:`whole_number_in` and
:func:`decimal_number_in`: ASCII digits only, the rule of the game's typed
commands too (:mod:`pyramide_a11y.engine.numbers`), whose errors are our
sentences (argparse's own would say "invalid int value").

Every parser is a :class:`Parser`: a usage error is its sentence first, then one
line of usage (argparse writes the whole usage first). The top-level parser is a
:class:`CommandLineParser`: its options (``--lang``, ``--speech``, ``--data-dir``…)
are taken after the subcommand as well as before it.
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from pyramide_a11y.engine.numbers import NumberProblem, read_decimal, read_whole
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n.formatting import choice_list
from pyramide_a11y.i18n.languages import language_named, languages
from pyramide_a11y.narration import command_line as t


def lang_option(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` on the line (``--lang pt``, ``--lang=pt``),
    wherever it stands; None when there is none. Stops at ``--``."""
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.split("=", 1)[1]
    return found


def language_asked(value: str) -> str | None:
    """The language code ``--lang value`` means: a locale name (``pt-BR``,
    ``pt_PT``) or a word the game's ``lang`` command takes (``br``, ``ingles``);
    None when it is none of ours."""
    return language_named(fold(value)) or language_named(value.strip())


@contextmanager
def argparse_in_session_language() -> Iterator[None]:
    """argparse's own words from our catalogs (current language) inside the block."""
    saved: tuple[Callable[[str], str], Callable[[str, str, int], str]] = (
        argparse._,  # type: ignore[attr-defined]
        argparse.ngettext,  # type: ignore[attr-defined]
    )
    argparse._ = t.argparse_gettext  # type: ignore[attr-defined]
    argparse.ngettext = t.argparse_ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class Parser(argparse.ArgumentParser):
    """An argparse parser whose usage error puts the sentence first."""

    def error(self, message: str) -> NoReturn:
        """Write ``prog: error: message`` (argparse's words in the session's
        language) and then one line of usage to stderr, and exit with status 2.

        argparse writes the whole usage first, many lines of it for ``pyramide``: a
        listener heard the options before the one sentence that says what is wrong.
        """
        from pyramide_a11y.narration.messages import echoed_words  # only on an error

        # argparse quotes what was typed (an unknown option, a choice): no terminal
        # escape of it reaches the screen, and a long one is cut.
        said = t.argparse_gettext("%(prog)s: error: %(message)s\n") % {
            "prog": self.prog,
            "message": echoed_words(message, 60),
        }
        self.exit(2, said + self.usage_line() + "\n")

    def usage_line(self) -> str:
        """The usage on one line: the program, ``-h`` and the positional arguments
        (``usage: pyramide solve [-h] [CODE]``); the options are in ``-h``."""
        formatter = self._get_formatter()
        shown = [
            action
            for action in self._actions
            if isinstance(action, argparse._HelpAction) or not action.option_strings
        ]
        formatter.add_usage(self.usage, shown, [])
        # Joined, should a narrow terminal have made argparse wrap it.
        return " ".join(formatter.format_help().split())


class CommandLineParser(Parser):
    """The top-level parser, whose options work after the subcommand too.

    After :meth:`share_options`, ``pyramide learn --speech none`` means what
    ``pyramide --speech none learn`` means, and a subcommand's own option of the
    same name (``solve --rules``) takes a value given before the subcommand as well.
    Either way a value given on the line is kept: a default fills in only what was
    not given, the subcommand's default before the top-level one. Given twice, the
    last one on the line wins.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._command_dest: str | None = None
        self._defaults_of: dict[str | None, dict[str, argparse.Action]] = {}
        """Subcommand name (None: no subcommand) → dest → the action whose default
        fills it in when the line does not give it."""
        self._converters_of: dict[str | None, dict[str, argparse.Action]] = {}
        """Subcommand name → dest → its own action, when that converts a value (a
        ``Path``) that the top-level option keeps as typed."""

    def share_options(
        self,
        sub: argparse._SubParsersAction[Any],
        *,
        listed: Collection[str] = ("--lang",),
    ) -> None:
        """Let every option of this parser (but ``-h``) stand after any subcommand of
        ``sub`` too; call it once every subcommand is added.

        A subcommand without the option gets a copy, left out of its help unless an
        option string is in ``listed``. Every default becomes argparse's SUPPRESS
        (argparse would otherwise set the subcommand's defaults over what was given
        before the subcommand); :meth:`parse_known_args` puts them back.
        """
        self._command_dest = sub.dest
        top = [
            action
            for action in self._actions
            if action.option_strings and not isinstance(action, argparse._HelpAction)
        ]
        # Copies: they keep the defaults that SUPPRESS replaces on the parsers.
        self._defaults_of[None] = {action.dest: copy.copy(action) for action in top}
        shared: dict[int, tuple[dict[str, argparse.Action], dict[str, argparse.Action]]] = {}
        for name, subparser in sub.choices.items():
            if id(subparser) not in shared:  # an alias names the same parser
                shared[id(subparser)] = self._share_with(subparser, top, listed)
            self._defaults_of[name], self._converters_of[name] = shared[id(subparser)]
        for action in top:
            action.default = argparse.SUPPRESS

    def _share_with(
        self,
        subparser: argparse.ArgumentParser,
        top: Sequence[argparse.Action],
        listed: Collection[str],
    ) -> tuple[dict[str, argparse.Action], dict[str, argparse.Action]]:
        """Give ``subparser`` the options ``top``; its defaults and converters (as
        kept by :meth:`share_options`)."""
        defaults = dict(self._defaults_of[None])
        converters: dict[str, argparse.Action] = {}
        for action in top:
            own = _action_for(subparser, action.option_strings)
            if own is None:
                added = copy.copy(action)
                added.default = argparse.SUPPRESS
                if not set(action.option_strings) & set(listed):
                    added.help = argparse.SUPPRESS
                subparser._add_action(added)
            elif own.dest == action.dest:
                if own.default is not argparse.SUPPRESS:  # else the top-level one's
                    defaults[own.dest] = copy.copy(own)
                    own.default = argparse.SUPPRESS
                if own.type is not None and action.type is None:
                    converters[own.dest] = own
            # An option string the subcommand uses for something else stays its own.
        return defaults, converters

    def parse_known_args(
        self, args: Iterable[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        """argparse's parse, then the defaults of what the line did not give (see the
        class); a value given before a subcommand whose own option converts it (``solve
        --layout``: a ``Path``) is converted as it would have been after it."""
        namespace, extras = super().parse_known_args(args, namespace)
        command: str | None = None
        if self._command_dest is not None:
            command = getattr(namespace, self._command_dest, None)
        defaults = self._defaults_of.get(command, self._defaults_of.get(None, {}))
        for dest, action in defaults.items():
            if not hasattr(namespace, dest) and action.default is not argparse.SUPPRESS:
                value = action.default
                if isinstance(value, str):  # as argparse does with a default
                    value = self._get_value(action, value)
                setattr(namespace, dest, value)
        for dest, own in self._converters_of.get(command, {}).items():
            value = getattr(namespace, dest, None)
            if isinstance(value, str):
                try:
                    setattr(namespace, dest, self._get_value(own, value))
                except argparse.ArgumentError as err:
                    self.error(str(err))
        return namespace, extras


def _action_for(parser: argparse.ArgumentParser, names: Sequence[str]) -> argparse.Action | None:
    """``parser``'s option with one of the option strings ``names``, if it has one."""
    for name in names:
        if name in parser._option_string_actions:
            return parser._option_string_actions[name]
    return None


def version() -> str:
    """The version: the package's ``__version__``, the one the build reads too
    (``pyproject.toml``: ``[tool.hatch.version]``), so reading it costs no metadata
    lookup at start-up."""
    from pyramide_a11y import __version__

    return __version__


SEED_RANGE = (0, 2**64 - 1)
PASSES_RANGE = (1, 1000)
RECYCLES_RANGE = (0, 999)
DEALS_RANGE = (1, 10**9)
FIRST_RANGE = (0, 10**9)
"""``analyse --first``: deal numbers of the seed skipped before the first solved."""
JOBS_RANGE = (1, 512)
TIMEOUT_RANGE = (0.01, 86400.0)
GAME_NUMBER_RANGE = (1, 2**63 - 1)
"""A saved game's number: SQLite's largest integer."""
LIMIT_RANGE = (1, 1_000_000)


def whole_number_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` written in ASCII
    digits (:func:`pyramide_a11y.engine.numbers.read_whole`), else our sentence."""

    def parse(text: str) -> int:
        value = read_whole(text, low, high)
        if value is NumberProblem.NOT_A_NUMBER:
            raise argparse.ArgumentTypeError(t.not_a_whole_number(text))
        if value is NumberProblem.OUT_OF_RANGE:
            raise argparse.ArgumentTypeError(t.out_of_range(text, low, high))
        assert isinstance(value, int)
        return value

    return parse


def decimal_number_in(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from ``low`` to ``high`` (``2``, ``2.5``,
    ``2,5``: :func:`pyramide_a11y.engine.numbers.read_decimal`), else our sentence."""

    def parse(text: str) -> float:
        value = read_decimal(text, low, high)
        if value is NumberProblem.NOT_A_NUMBER:
            raise argparse.ArgumentTypeError(t.not_a_number(text))
        if value is NumberProblem.OUT_OF_RANGE:
            raise argparse.ArgumentTypeError(t.out_of_range(text, low, high))
        assert isinstance(value, float)
        return value

    return parse


def lang_help(default: bool = True) -> str:
    """The help of ``--lang``, in the current language (``pt, pt-BR ou en``)."""
    names = choice_list([record.option or record.code for record in languages()])
    return t.language_choices(names, from_locale=default)
