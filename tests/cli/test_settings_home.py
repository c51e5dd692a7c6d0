"""The settings' one home: defaults, ranges and checks shared by the command line,
the saved settings and the commands typed in play; and the one place a session's
start weighs them (:func:`~pyramide_a11y.core.settings.read_start`): each source
over the next, one test per rule."""

from __future__ import annotations

import argparse
import ast
import io
from pathlib import Path
from typing import Any

import pytest

import pyramide_a11y
from pyramide_a11y.cli import play
from pyramide_a11y.cli.from_options import PLAY_OPTIONS
from pyramide_a11y.cli.main import main
from pyramide_a11y.core.limits import RATE_RANGE, THINK_RANGE
from pyramide_a11y.core.settings import (
    DEFAULTS,
    Settings,
    StartOptions,
    StartSettings,
    read_start,
)
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import Verbosity
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import SettingValue, save_setting

ENGLISH = {"LANGUAGE": "en"}
"""An environment that names a language (the locale is never the machine's)."""


def start(saved: dict[str, SettingValue] | None = None, **given: Any) -> StartSettings:
    return read_start(StartOptions(**given), saved or {}, ENGLISH)


def test_defaults_are_the_dataclass_defaults() -> None:
    stored = Settings().stored()
    assert all(stored[key] == value for key, value in DEFAULTS.items())


def test_unusable_saved_values_fall_back_to_the_defaults() -> None:
    saved: dict[str, SettingValue] = {
        "rate": RATE_RANGE[1] + 1,
        "hint_budget": THINK_RANGE[0] / 2,
        "verbosity": "x",
    }
    weighed = start(saved)
    brief = (175, 2.0, Verbosity.BRIEF)
    assert (weighed.fallback_rate, weighed.hint_budget, weighed.verbosity) == brief
    assert weighed.rate == 175


def test_the_command_line_has_the_ranges_of_play() -> None:
    set_language("en")
    assert StartOptions(rate=RATE_RANGE[0], hint_time=THINK_RANGE[1]).refusal() is None
    assert "80 and 450" in str(StartOptions(rate=RATE_RANGE[1] + 1).refusal())
    assert StartOptions(rate=175, hint_time=THINK_RANGE[1] + 1).refusal() is not None


# -- precedence: each source over the next -------------------------------------------------


SAVED: dict[str, SettingValue] = {
    "speech": "none",
    "rate": 300,
    "volume": 40,
    "verbosity": "full",
    "hint_budget": 5.0,
    "error_help": False,
    "sounds": False,
    "voice.en": "gmw/en",
}


def test_the_command_line_wins_over_the_saved_settings() -> None:
    weighed = start(
        SAVED,
        speech="auto",
        rate=120,
        volume=90,
        verbosity="brief",
        hint_time=1.0,
        voice="en-us",
        sounds="on",
    )
    assert (weighed.speech_route, weighed.rate, weighed.volume) == ("auto", 120, 90)
    assert (weighed.verbosity, weighed.hint_budget) == (Verbosity.BRIEF, 1.0)
    assert (weighed.voice, weighed.sounds) == ("en-us", True)
    assert weighed.speech_given and weighed.voice_given
    # This session only: what is saved is kept as it was.
    settings = weighed.settings(True)
    assert (settings.fallback_rate, settings.voices["en"]) == (300, "gmw/en")


def test_the_saved_settings_win_over_the_defaults() -> None:
    weighed = start(SAVED)
    assert (weighed.speech_route, weighed.rate, weighed.volume) == ("none", 300, 40)
    assert (weighed.verbosity, weighed.hint_budget) == (Verbosity.FULL, 5.0)
    assert (weighed.error_help, weighed.sounds, weighed.voice) == (False, False, "gmw/en")
    assert not weighed.speech_given and not weighed.voice_given
    settings = weighed.settings(True)
    assert (settings.speech, settings.sounds, settings.error_help) == (False, False, False)


def test_the_defaults_when_nothing_is_given_or_saved() -> None:
    weighed = start()
    assert weighed.settings(True) == Settings(language="en")
    assert weighed.settings(False).sounds is False  # cues follow whether the game speaks


def test_no_error_help_wins_over_a_saved_error_help() -> None:
    assert start({"error_help": True}, no_error_help=True).error_help is False
    assert start({"error_help": True}).error_help is True


def test_the_language_s_own_saved_rate_wins_over_the_single_saved_rate() -> None:
    saved: dict[str, SettingValue] = {"rate": 200, "rate.pt_BR": 130}
    assert start(saved, lang="pt_BR").rate == 130
    assert start(saved, lang="pt_PT").rate == 200
    assert start(saved, lang="pt_BR", rate=250).rate == 250


def test_the_language_option_wins_over_the_saved_language() -> None:
    assert start({"language": "pt_BR"}, lang="pt_PT").language == "pt_PT"


def test_the_saved_language_wins_over_the_environment() -> None:
    assert start({"language": "pt_BR"}).language == "pt_BR"


def test_the_environment_s_language_when_none_is_given_or_saved() -> None:
    weighed = read_start(StartOptions(), {}, {"LANG": "pt_PT.UTF-8"})
    assert weighed.language == "pt_PT"


def test_the_environment_keeps_the_cues_off_over_everything() -> None:
    weighed = start({"sounds": True}, sounds="on", sounds_env_off=True)
    assert weighed.settings(True).sounds is False


def test_sounds_option_wins_over_saved_sounds_which_wins_over_speaking() -> None:
    assert start({"sounds": True}, sounds="off").settings(True).sounds is False
    assert start({"sounds": True}).settings(False).sounds is True
    assert start().settings(True).sounds is True


def test_the_start_cannot_be_changed_and_its_settings_are_the_session_s_own() -> None:
    weighed = start({"rate.en": 220})
    with pytest.raises(AttributeError):
        weighed.rate = 100  # type: ignore[misc]
    with pytest.raises(TypeError):
        weighed.rates["en"] = 100  # type: ignore[index]
    settings = weighed.settings(True)
    settings.rates["en"] = 100
    assert weighed.rates["en"] == 220


# -- decided once: the front ends receive the weighed start, never the command line --------


def test_play_hands_the_terminal_the_weighed_start_and_no_namespace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, _notices = Store.open(tmp_path)
    assert store is not None
    assert save_setting(store, "volume", 40) and save_setting(store, "rate", 300)
    store.close()
    received: list[object] = []

    def front_end(*args: object, **kwargs: object) -> int:
        received.extend([*args, *kwargs.values()])
        return 0

    monkeypatch.setattr(play, "_play", front_end)
    monkeypatch.delenv("PYRAMIDE_SOUNDS", raising=False)
    argv = ["--lang", "en", "--data-dir", str(tmp_path), "--speech", "none", "--rate", "120"]
    assert main(argv, io.StringIO()) == 0
    assert not any(isinstance(value, argparse.Namespace) for value in received)
    (weighed,) = [value for value in received if isinstance(value, StartSettings)]
    assert weighed == read_start(
        StartOptions(lang="en", speech="none", rate=120), {"volume": 40, "rate": 300}
    )


SETTING_OPTIONS = {*PLAY_OPTIONS, "speech_given", "rates", "voices", "fallback_rate", "sounds_mono"}
"""The play options' attribute names on the parsed command line, and the names
the old code wrote there (the saved settings filled in)."""

WEIGHING = {Path("cli/from_options.py"), Path("core/settings.py")}
"""Where the options are read (``start_options``) and weighed (``read_start``)."""

LANG_READERS = {Path("cli/main.py"), Path("cli/records.py"), Path("cli/serve.py")}
"""``--lang`` is also read where it is normalised before parsing (``main``: the
help's language), by the commands on the store (``records``, which hand it to
``start_language``) and by ``serve`` (the page's language: no saved settings)."""


def test_no_other_module_reads_or_writes_a_setting_on_the_command_line() -> None:
    package = Path(pyramide_a11y.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        where = path.relative_to(package)
        if where in WEIGHING:
            continue
        names = SETTING_OPTIONS - {"lang"} if where in LANG_READERS else SETTING_OPTIONS
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("args", "options", "namespace")
                and node.attr in names
            ):
                found.append(f"{where}:{node.lineno} .{node.attr}")
            reflective = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if isinstance(node, ast.Call) and reflective in ("getattr", "setattr"):
                name = node.args[1] if len(node.args) > 1 else None
                if isinstance(name, ast.Constant) and name.value in names:
                    found.append(f"{where}:{node.lineno} {name.value!r}")
    assert found == []
