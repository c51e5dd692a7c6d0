"""The settings' one home: defaults, ranges and checks shared by the command line,
the saved settings and the commands typed in play."""

from __future__ import annotations

import argparse

from pyramide_a11y.cli.from_options import apply_saved_settings, option_refusal
from pyramide_a11y.core.limits import RATE_RANGE, THINK_RANGE
from pyramide_a11y.core.settings import DEFAULTS, Settings
from pyramide_a11y.i18n import set_language
from pyramide_a11y.storage.saved_settings import SettingValue


def options(**given: object) -> argparse.Namespace:
    base = {"lang": None, "rate": None, "verbosity": None, "speech": None, "hint_time": None}
    return argparse.Namespace(**(base | given))


def test_defaults_are_the_dataclass_defaults() -> None:
    stored = Settings().stored()
    assert all(stored[key] == value for key, value in DEFAULTS.items())


def test_unusable_saved_values_fall_back_to_the_defaults() -> None:
    args = options()
    saved: dict[str, SettingValue] = {
        "rate": RATE_RANGE[1] + 1,
        "hint_budget": THINK_RANGE[0] / 2,
        "verbosity": "x",
    }
    apply_saved_settings(args, saved)
    assert (args.fallback_rate, args.hint_time, args.verbosity) == (175, 2.0, "brief")
    assert args.rate is None  # each language's rate is chosen once the language is known


def test_the_command_line_has_the_ranges_of_play() -> None:
    set_language("en")
    ok = options(rate=RATE_RANGE[0], hint_time=THINK_RANGE[1])
    assert option_refusal(ok) is None
    assert "80 and 450" in str(option_refusal(options(rate=RATE_RANGE[1] + 1, hint_time=2.0)))
    assert option_refusal(options(rate=175, hint_time=THINK_RANGE[1] + 1)) is not None
