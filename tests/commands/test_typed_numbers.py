"""Numbers as typed (issue 29): ASCII digits only, ordinary spaces around, in the
game's typed commands and the command line's options alike; anything else is
one sentence, and what is echoed back is cut to a bound and stripped of
terminal escapes (property tests)."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pyramide_a11y.cli.parsing import decimal_number_in, whole_number_in
from pyramide_a11y.commands import CommandSyntaxError, parse_command
from pyramide_a11y.commands.syntax import BadSettingValue, Rows, SetRate, SetThink, SetVolume
from pyramide_a11y.engine.numbers import NumberProblem, read_decimal, read_whole
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration.messages import ECHO_LIMIT, echoed

ROOT = Path(__file__).resolve().parents[2]
PLAIN_WHOLE = re.compile(r"[ \t]*[+-]?[0-9]+[ \t]*")
NOT_ASCII_DIGITS = st.characters(categories=["Nd"]).filter(lambda ch: not "0" <= ch <= "9")
ODD = ["٣", "１２", "1_000", "\u00a012", "12\u00a0", "\u20073", "3\u2009", "²", "nan", "1e3"]


def no_controls(text: str) -> bool:
    return not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text)


# -- the rule itself ------------------------------------------------------------------------


@given(st.text())
@example("٣")
@example("１２")
@example("1_000")
@example("\u00a012")
@example("9" * 5000)
@example("0" * 40 + "1")
def test_a_whole_number_is_ascii_digits_with_ordinary_spaces(text: str) -> None:
    read = read_whole(text, -(10**6), 10**6)
    if PLAIN_WHOLE.fullmatch(text) is None:
        assert read is NumberProblem.NOT_A_NUMBER
        return
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # the oracle converts any length
    try:
        value = int(text.strip(" \t"))
    finally:
        sys.set_int_max_str_digits(limit)
    assert read == (value if abs(value) <= 10**6 else NumberProblem.OUT_OF_RANGE)


@given(st.lists(NOT_ASCII_DIGITS, min_size=1, max_size=4).map("".join))
def test_other_scripts_digits_are_never_numbers(digits: str) -> None:
    assert read_whole(digits, 0, 10**9) is NumberProblem.NOT_A_NUMBER
    assert read_decimal(digits, 0, 10**9) is NumberProblem.NOT_A_NUMBER


@given(st.text(), st.integers(min_value=1, max_value=300))
def test_an_echo_is_bounded_and_clean(text: str, limit: int) -> None:
    shown = echoed(text, limit)
    assert len(shown) <= limit and no_controls(shown)
    assert "\x1b" not in shown


# -- the command line -----------------------------------------------------------------------


@given(st.text())
@example("9" * 5000)
@example("\x1b]0;owned\x07\x1b[2J" + "1" * 40)
def test_an_option_number_is_taken_or_one_bounded_sentence(text: str) -> None:
    set_language("en")
    for parse in (whole_number_in(1, 1000), decimal_number_in(0.01, 86400.0)):
        try:
            value = parse(text)
        except argparse.ArgumentTypeError as err:
            said = str(err)
            assert len(said) <= ECHO_LIMIT + 80 and no_controls(said)
            assert repr(echoed(text)) in said  # the value, quoted, cut and clean
        else:
            assert re.fullmatch(r"[ \t]*[+-]?[0-9]*[.,]?[0-9]*[ \t]*", text)
            assert 0 < value <= 86400


@pytest.mark.parametrize("value", ODD)
def test_options_refuse_what_is_not_written_in_ascii_digits(value: str) -> None:
    set_language("en")
    with pytest.raises(argparse.ArgumentTypeError):
        whole_number_in(0, 10**9)(value)
    with pytest.raises(argparse.ArgumentTypeError):
        decimal_number_in(0, 10**9)(value)


@pytest.mark.parametrize(
    "args",
    [
        ["deal", "PY1-N-AAAAAAS", "--passes", "٣"],
        ["deal", "PY1-N-AAAAAAS", "--passes", "１２"],
        ["deal", "PY1-N-AAAAAAS", "--recycles", "٣"],
        ["deal", "PY1-N-AAAAAAS", "--recycles", "1_0"],
        ["deal", "PY1-N-AAAAAAS", "--recycles", "9" * 5000],
        ["deal", "PY1-N-AAAAAAS", "--seed", "\u00a03"],
        ["analyse", "--deals", "1", "--timeout", "１"],
        ["--rate", "9" * 5000],
        ["deal", "PY1-N-" + "A" * 5000],
    ],
)
def test_the_program_says_one_short_sentence(tmp_path: Path, args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--speech", "none", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={"LANGUAGE": "en", "PATH": "/usr/bin:/bin", "PYRAMIDE_DATA_DIR": str(tmp_path)},
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode in (1, 2), done.stdout
    assert "Traceback" not in done.stderr
    first = done.stderr.splitlines()[0]
    assert len(first) < 200, first


# -- the game's typed commands ----------------------------------------------------------------


@pytest.mark.parametrize("value", [*ODD, "3\u00a0"])
def test_typed_numbers_must_be_ascii_digits(value: str) -> None:
    for command in ("row", "pyramid"):
        try:
            parsed = parse_command(f"{command} {value}", "en")
        except CommandSyntaxError:
            continue
        assert not isinstance(parsed, Rows), (command, value)
    for name in ("rate", "volume", "think"):
        parsed = parse_command(f"{name} {value}", "en")
        assert isinstance(parsed, BadSettingValue), (name, value, parsed)


@given(st.sampled_from(["row", "rate", "volume", "think"]), st.text(max_size=40))
@example("rate", "9" * 5000)
@example("think", "9" * 5000)
@example("row", "9" * 5000)
def test_a_typed_value_is_read_or_refused_never_an_error(command: str, value: str) -> None:
    try:
        parsed = parse_command(f"{command} {value}", "en")
    except CommandSyntaxError:
        return
    typed = value.strip(" \t")
    if isinstance(parsed, Rows) and parsed.row is not None:
        assert re.fullmatch(r"\+?0*[1-7]", typed)
    if isinstance(parsed, SetRate | SetVolume):
        assert re.fullmatch(r"\+?[0-9]+", typed)
    if isinstance(parsed, SetThink):
        assert re.fullmatch(r"\+?([0-9]+([.,][0-9]*)?|[.,][0-9]+)", typed)


def test_plain_numbers_still_work() -> None:
    assert parse_command("row 3", "en") == Rows(3)
    assert parse_command("  row   7 ", "en") == Rows(7)
    assert parse_command("rate 180", "en") == SetRate(180)
    assert parse_command("volume 80", "en") == SetVolume(80)
    assert parse_command("think 2,5", "en") == SetThink(2.5)
    assert whole_number_in(1, 10)(" 3\t") == 3
    assert decimal_number_in(0.01, 10)("2,5") == 2.5
