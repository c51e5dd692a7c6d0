"""Only what changed (issue 38): a move's JSON carries a line patch of the game
fragment the script holds, and the fragment patched is exactly the whole one;
anything the server did not send last gets the whole fragment, as before."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pyramide_a11y.web.app import create_app
from pyramide_a11y.web.delta import apply_patch, line_patch

from .conftest import token_of

LINE = st.sampled_from(["", "a", "b", '<li id="slot-1">x</li>', "c d", "é ♠"])
TEXT = st.lists(LINE, max_size=30).map("\n".join)


@given(TEXT, TEXT)
def test_a_patch_makes_the_old_text_into_the_new(old: str, new: str) -> None:
    patch = line_patch(old, new)
    assert apply_patch(old, patch) == new
    assert (patch == []) == (old == new)


@given(st.lists(st.tuples(LINE, LINE), max_size=30))
def test_texts_of_as_many_lines_are_patched_in_place(pairs: list[tuple[str, str]]) -> None:
    # A move on the same table: each run of changed lines replaced where it is.
    old, new = "\n".join(a for a, _ in pairs), "\n".join(b for _, b in pairs)
    patch = line_patch(old, new)
    assert apply_patch(old, patch) == new
    changed = [i for i, (a, b) in enumerate(pairs) if a != b]
    assert [i for start, removed, _ in patch for i in range(start, start + removed)] == changed


@given(LINE, LINE, TEXT)
def test_a_new_first_line_alone_is_one_line_replaced(first: str, other: str, rest: str) -> None:
    # A refused command's fragment: the same table under a new version.
    old, new = f"{first}\n{rest}", f"{other}\n{rest}"
    patch = line_patch(old, new)
    assert apply_patch(old, patch) == new
    assert patch == ([] if first == other else [(0, 1, [other])])


def test_a_patch_that_does_not_fit_is_refused() -> None:
    with pytest.raises(ValueError):
        apply_patch("a\nb", [(1, 5, ["c"])])


class Script:
    """What the page's script keeps: the fragment held and its token."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.token = token_of(client.get("/").text)
        self.held, self.html = "", ""
        self.patches = 0

    def take(self, state: dict[str, Any]) -> None:
        if "patch" in state:
            assert state["base"] == self.held
            self.html = apply_patch(self.html, [tuple(p) for p in state["patch"]])
            self.patches += 1
        else:
            self.html = state["html"]
        self.held = state["held"]

    def post(self, path: str, **fields: str) -> dict[str, Any]:
        answer = self.client.post(
            path,
            data={"token": self.token, "held": self.held, **fields},
            headers={"accept": "application/json", "origin": "http://testserver"},
        )
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        self.take(state)
        return state


def whole(client: TestClient) -> str:
    """The whole fragment now, as a script that holds none would get it."""
    html = client.get("/state", headers={"accept": "application/json"}).json()["html"]
    assert isinstance(html, str)
    return html


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR", "en"])
def test_moves_sent_as_patches_give_the_whole_fragment(tmp_path: Path, language: str) -> None:
    app = create_app(tmp_path / "web", rng=random.Random(3))
    with TestClient(app, base_url="http://testserver") as client:
        script = Script(client)
        script.post("/language", lang=language)
        state = script.post("/type", line="new")
        assert "html" in state or "patch" in state
        lines = ["d", "d", "zz", "u", "d", "h", "d", "d", "d", "u", "u"]
        for line in lines:
            state = script.post("/type", line=line)
            assert "html" not in state, line  # only what changed
        # Every card touched on the table, then cancelled: selections, partners.
        for _ in range(3):
            cards = [part.split('"')[0] for part in script.html.split('data-card="')[1:5]]
            for card in cards:
                script.post("/card", card=card)
            script.post("/act", do="cancel")
        assert script.patches >= len(lines)
        # The script's fragment is the one a fresh request gets (another token).
        expected = script.html
        assert whole(client) == expected


def test_a_fragment_not_held_gets_the_whole(client: TestClient) -> None:
    script = Script(client)
    first = script.post("/act", do="draw")
    assert "html" in first  # nothing held after a page load
    second = script.post("/act", do="draw")
    assert "patch" in second and "html" not in second
    script.held = "0-1"  # another worker's, or a restarted server's
    third = script.post("/act", do="draw")
    assert "html" in third and "patch" not in third
    # A poll with the token it holds: only what changed (nothing here but the version).
    polled = client.get(
        "/state", params={"held": script.held}, headers={"accept": "application/json"}
    ).json()
    assert "html" not in polled
    script.take(polled)
    assert script.html == whole(client)
