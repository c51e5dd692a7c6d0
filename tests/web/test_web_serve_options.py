"""``pyramide serve --rules … --lang …``, for real: the host chooses the rules of
the page's deals (``paciencia`` unless told) and the page's language for a browser
that asks for none of the game's; a bad choice is one sentence, and no server."""

from __future__ import annotations

import re
from pathlib import Path

import httpx2
import pytest

from pyramide_a11y.cli.main import main
from pyramide_a11y.engine import PRESETS, get_rules, parse_code
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import command_line, messages, sentence

from .conftest import serving

JSON = {"accept": "application/json"}


@pytest.mark.parametrize("workers", ["1", pytest.param("2", marks=pytest.mark.slow)])
def test_the_page_deals_by_the_hosts_rules_in_the_hosts_language(
    tmp_path: Path, workers: str
) -> None:
    options = ("--rules", "classic", "--passes", "2", "--lang", "pt-BR", "--workers", workers)
    with serving(tmp_path / "web", *options) as (url, _server):
        # A browser that sends no Accept-Language gets the host's language. One
        # connection, as a browser keeps: a guest lives in its worker's memory
        # until its first form (nothing on disk for a crawler's visit).
        with httpx2.Client(base_url=url, timeout=30) as browser:
            page = browser.get("/")
            assert '<html lang="pt-BR">' in page.text
            state = browser.get("/state", headers=JSON).json()
        code = re.search(r"PY1-[\w-]+", state["answer"][0])
        assert code is not None, state["answer"]
        rules = parse_code(code.group(0)).rules
        assert rules == get_rules("classic").with_options(passes=2)
        with in_language("pt_BR"):
            said = sentence(messages.starting(messages.rules_with_variants(rules), rules.passes))
        assert state["answer"][0].startswith(said.rstrip("."))
        # A browser that asks for a language of the game still gets it.
        english = httpx2.get(url, headers={"accept-language": "en"}, timeout=30)
        assert '<html lang="en">' in english.text


def test_without_options_the_page_deals_paciencia_in_english(tmp_path: Path) -> None:
    with serving(tmp_path / "web") as (url, _server):
        page = httpx2.get(url, timeout=30)
        assert '<html lang="en">' in page.text
        state = httpx2.get(url + "state", headers=JSON, cookies=page.cookies, timeout=30).json()
        code = re.search(r"PY1-[\w-]+", state["answer"][0])
        assert code is not None, state["answer"]
        assert parse_code(code.group(0)).rules == get_rules("paciencia")


def test_an_unknown_preset_is_one_sentence_and_no_server(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "web"
    status = main(["serve", "--rules", "klondike", "--data-dir", str(folder), "--lang", "en"])
    assert status == 2
    err = capsys.readouterr().err
    with in_language("en"):
        expected = sentence(command_line.unknown_rules("klondike", list(PRESETS)))
    assert err == f"pyramide: {expected}\n"
    assert not folder.exists()  # refused before anything was made or bound
