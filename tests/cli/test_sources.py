"""``source_from_options``: which error a command-line deal code gets.

A code that cannot be read and a code that reads but deals for other rules are
told apart by the class of the error, so ``play`` says the right sentence
without reading the code a second time.
"""

from __future__ import annotations

import argparse

import pytest

from pyramide_a11y.cli.from_options import source_from_options
from pyramide_a11y.cli.options import add_rules_options, add_source_options
from pyramide_a11y.core.sources import BadDealCode, SourceError, UnreadableDealCode


def options(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    add_source_options(parser)
    return parser.parse_args(list(argv))


@pytest.mark.parametrize(
    "code", ["PY1-X", "XYZ", "PY1-N-AAAAAA!", "PY2-N-AAAAAAS", "PY1-Q-AAAAAAS"]
)
def test_an_unreadable_code_is_its_own_error(code: str) -> None:
    with pytest.raises(UnreadableDealCode) as caught:
        source_from_options(options(code))
    assert caught.value.text == code
    assert str(caught.value)  # one sentence for the player, never empty
    assert not isinstance(caught.value, BadDealCode)


def test_a_code_of_other_rules_is_not_unreadable() -> None:
    with pytest.raises(SourceError) as caught:
        source_from_options(options("--rules", "paciencia", "PY1-N-AAAAAAS"))
    assert not isinstance(caught.value, UnreadableDealCode)
    assert "PY1-N-AAAAAAS" in str(caught.value) and "paciencia" in str(caught.value)


def test_a_readable_code_with_bad_rules_options_is_not_unreadable() -> None:
    with pytest.raises(SourceError) as caught:
        source_from_options(options("--rules", "foo", "PY1-N-AAAAAAS"))
    assert not isinstance(caught.value, UnreadableDealCode)


def test_a_readable_code_gives_its_deal() -> None:
    source = source_from_options(options("PY1-N-AAAAAAS"))
    assert source.code == "PY1-N-AAAAAAS" and source.rules.name == "pyramide"
