"""The language from the operating system where the environment names none
(issue 28): Windows' UI language through kernel32, macOS' preferred languages
through ``defaults``, faked here; the environment's word always first."""

from __future__ import annotations

import io
import types
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from pyramide_a11y.cli.main import main
from pyramide_a11y.i18n import resolve_language, system
from pyramide_a11y.i18n.languages import ENVIRONMENT_VARIABLES
from pyramide_a11y.i18n.system import (
    Runner,
    macos_language_names,
    system_language,
    system_language_names,
    windows_language_names,
)

PT_PT, PT_BR, DE_DE, EN_US = 0x0816, 0x0416, 0x0407, 0x0409


class Kernel32:
    """kernel32 as ctypes shows it: ``GetUserDefaultUILanguage()`` gives a LANGID."""

    def __init__(self, language_id: int | None) -> None:
        self.language_id = language_id
        self.calls = 0

    def GetUserDefaultUILanguage(self) -> int:
        self.calls += 1
        if self.language_id is None:
            raise OSError("no such function on this Windows")
        return self.language_id


def defaults(languages: str | None, region: str | None = None) -> tuple[list[str], Runner]:
    """A fake ``defaults`` runner: what ``read -g AppleLanguages`` and ``read -g
    AppleLocale`` print (None: the command fails), and the commands it was given."""
    asked: list[str] = []

    def run(command: Sequence[str]) -> str | None:
        asked.append(" ".join(command))
        key = command[-1]
        return languages if key == "AppleLanguages" else region

    return asked, run


def on(
    platform: str,
    kernel32: Kernel32 | None = None,
    run: Runner | None = None,
    locale_name: Callable[[], str | None] = lambda: None,
) -> str:
    """The session language with no ``--lang`` and no locale variable, on ``platform``."""

    def names() -> tuple[str, ...]:
        return system_language_names(
            platform, kernel32=kernel32, run=run or defaults(None)[1], locale_name=locale_name
        )

    return resolve_language(None, {}, system=lambda: system_language(names))


# -- Windows -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language_id", "expected"),
    [(PT_PT, "pt_PT"), (PT_BR, "pt_BR"), (EN_US, "en"), (DE_DE, "en")],
)
def test_windows_ui_language_chooses_the_session_language(language_id: int, expected: str) -> None:
    kernel32 = Kernel32(language_id)
    assert on("win32", kernel32=kernel32) == expected
    assert kernel32.calls == 1


def test_windows_without_the_ui_call_reads_the_c_library_locale() -> None:
    # GetUserDefaultUILanguage failing: the locale Python started with, in Windows'
    # English names.
    assert on("win32", kernel32=Kernel32(None), locale_name=lambda: "Portuguese_Brazil") == "pt_BR"
    assert on("win32", kernel32=Kernel32(None), locale_name=lambda: "Portuguese_Portugal") == (
        "pt_PT"
    )
    assert windows_language_names(Kernel32(None), lambda: "Portuguese_Portugal") == ("pt_PT",)
    assert on("win32", kernel32=Kernel32(None), locale_name=lambda: None) == "en"


def test_windows_language_id_unknown_to_python_falls_back_to_the_locale() -> None:
    assert windows_language_names(Kernel32(0x7FFF), lambda: "pt_PT") == ("pt_PT",)


# -- macOS -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ('(\n    "pt-PT",\n    "en-GB"\n)\n', "pt_PT"),
        ('(\n    "pt-BR"\n)\n', "pt_BR"),
        # Apple's bare "pt" is Brazilian Portuguese; European is "pt-PT".
        ("(\n    pt,\n    en\n)\n", "pt_BR"),
        # Preferred German first (no catalog), Portuguese second: Portuguese.
        ('(\n    "de-DE",\n    "pt-PT"\n)\n', "pt_PT"),
        ('(\n    "en-PT"\n)\n', "en"),
        ('(\n    "fr-FR"\n)\n', "en"),
    ],
)
def test_macos_preferred_languages_choose_in_order(printed: str, expected: str) -> None:
    asked, run = defaults(printed)
    assert on("darwin", run=run) == expected
    assert asked == ["defaults read -g AppleLanguages"]


def test_macos_without_a_language_list_reads_the_region_locale() -> None:
    asked, run = defaults(None, "pt_PT@calendar=gregorian\n")
    assert on("darwin", run=run) == "pt_PT"
    assert asked == ["defaults read -g AppleLanguages", "defaults read -g AppleLocale"]
    _, nothing = defaults(None, None)
    assert macos_language_names(nothing) == ()
    assert on("darwin", run=nothing) == "en"


# -- the environment's word first, and only Windows and macOS asked ----------------------------


def test_a_locale_variable_set_wins_over_the_system_and_the_system_is_not_asked() -> None:
    asked: list[str] = []

    def system_asked() -> str | None:
        asked.append("asked")
        return "pt_PT"

    assert resolve_language(None, {"LANG": "pt_BR.UTF-8"}, system=system_asked) == "pt_BR"
    # A variable naming a language not ours is still the user's word: English.
    assert resolve_language(None, {"LANG": "fr_FR.UTF-8"}, system=system_asked) == "en"
    assert resolve_language("pt-BR", {}, system=system_asked) == "pt_BR"
    assert asked == []
    assert resolve_language(None, {"LANG": ""}, system=system_asked) == "pt_PT"
    assert asked == ["asked"]


@pytest.mark.parametrize("platform", ["linux", "freebsd14"])
def test_other_systems_are_not_asked(platform: str) -> None:
    asked, run = defaults('("pt-PT")')
    kernel32 = Kernel32(PT_PT)
    assert system_language_names(platform, kernel32=kernel32, run=run) == ()
    assert asked == [] and kernel32.calls == 0


# -- the command line, end to end ----------------------------------------------------------------


@pytest.fixture
def no_locale_variables(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    system._this_system_names.cache_clear()
    yield
    system._this_system_names.cache_clear()


def help_text(capsys: pytest.CaptureFixture[str]) -> str:
    out = io.StringIO()
    try:
        status = main(["solve", "--help"], out)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 0
    return out.getvalue() + capsys.readouterr().out


@pytest.mark.usefixtures("no_locale_variables")
def test_the_command_line_on_macos_speaks_the_preferred_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real ``defaults`` program (a stand-in on PATH) answers as macOS does."""
    program = tmp_path / "bin" / "defaults"
    program.parent.mkdir()
    program.write_text(
        '#!/bin/sh\n[ "$3" = AppleLanguages ] && printf \'(\\n    "pt-PT",\\n    "en-GB"\\n)\\n\'\n'
    )
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{program.parent}:/usr/bin:/bin")
    monkeypatch.setattr(system, "sys", types.SimpleNamespace(platform="darwin"))
    text = help_text(capsys)
    assert text.startswith("uso: pyramide") and "FICHEIRO" in text


@pytest.mark.usefixtures("no_locale_variables")
def test_the_command_line_on_windows_speaks_the_ui_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(system, "sys", types.SimpleNamespace(platform="win32"))
    monkeypatch.setattr(system, "_kernel32", lambda: Kernel32(PT_BR))
    text = help_text(capsys)
    assert text.startswith("uso: pyramide") and "ARQUIVO" in text


@pytest.mark.usefixtures("no_locale_variables")
def test_the_command_line_on_linux_without_variables_stays_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert help_text(capsys).startswith("usage: pyramide")
