"""The page speaks as a page (issue 35 item 6): where the terminal says what to
type («Digite u para voltar ao anterior»), the page names the key that works where
focus is or the button to press; with the single-letter keys off, only buttons.
The same sentences, keyed on the front end, from the catalogs."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import messages
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration.front_end import FrontEnd, front_end, on_page

from .conftest import token_of

TYPED = re.compile(r"\b(Type|Digite|Escreva)\b")
"""How each language's terminal sentences ask for a typed command."""
LANGUAGES = ["en", "pt_PT", "pt_BR"]
NEXT_STEPS: list[Callable[[], str]] = [
    messages.recycle_instead,
    messages.won_exits,
    messages.impasse_exits,
    messages.help_hint,
    messages.go_back_hint,
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("say", NEXT_STEPS, ids=lambda f: f.__name__)
def test_what_to_do_next_is_typed_on_the_terminal_and_pressed_on_the_page(
    language: str, say: Callable[[], str]
) -> None:
    with in_language(language):
        assert front_end() is FrontEnd.TERMINAL
        assert TYPED.search(say()), say()
        with on_page(letter_keys=True):
            keys = say()
        with on_page(letter_keys=False):
            buttons = say()
        assert front_end() is FrontEnd.TERMINAL  # back after the block
    assert not TYPED.search(keys) and not TYPED.search(buttons), (keys, buttons)


@pytest.mark.parametrize("language", LANGUAGES)
def test_with_the_letter_keys_off_the_page_names_no_key(language: str) -> None:
    with in_language(language), on_page(letter_keys=False):
        said = [say() for say in NEXT_STEPS]
    for line in said:
        assert not re.search(r"\b[URN]\b", line), line


def test_the_page_names_its_own_buttons_in_pt_br() -> None:
    with in_language("pt_BR"):
        undo, recycle, rules = words.undo(), words.recycle(), words.rules()
        with on_page(letter_keys=True):
            assert undo in messages.go_back_hint()
            assert recycle in messages.recycle_instead()
            assert rules in messages.help_hint()
            assert "mínimo" in messages.par_walk_offer()
            assert not messages.par_walk_offer().startswith("Digite")


def test_a_new_deal_on_the_page_says_the_key_and_the_button_not_a_command(
    client: TestClient,
) -> None:
    page = client.get("/", headers={"accept-language": "pt-BR"}).text
    assert not TYPED.search(page)  # the opening line: no «Digite ? para ajuda»
    token = token_of(page)
    state = client.post(
        "/act", data={"token": token, "do": "new"}, headers={"accept": "application/json"}
    ).json()
    said = " ".join(state["answer"])
    with in_language("pt_BR"), on_page(letter_keys=True):
        assert messages.go_back_hint() in said
    assert not TYPED.search(said), said
    # The letter keys off: the same sentence names the button only.
    client.post("/keys", data={"token": token, "on": "0"})
    state = client.post(
        "/act", data={"token": token, "do": "new"}, headers={"accept": "application/json"}
    ).json()
    with in_language("pt_BR"), on_page(letter_keys=False):
        assert messages.go_back_hint() in " ".join(state["answer"])
