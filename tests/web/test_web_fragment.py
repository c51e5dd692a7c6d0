"""The game fragment made once per table (issue 38): a request that leaves the
table as it was sends the fragment made before, with the new version; any
request's fragment is the one made afresh, word for word, whatever came before
(moves, selections, refusals, polls, languages, a won deal's panel)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.testclient import TestClient

from pyramide_a11y.narration.page_frame import page_frame
from pyramide_a11y.web import app as web_app
from pyramide_a11y.web.app import COOKIE, WebGame, create_app
from pyramide_a11y.web.cells import line_filters
from pyramide_a11y.web.delta import apply_patch
from pyramide_a11y.web.fragment import LastFragment, fragment_key
from pyramide_a11y.web.page import PageModel
from pyramide_a11y.web.players import Player, Players

from .conftest import token_of
from .test_web_browser import winnable_deal

JSON = {"accept": "application/json", "origin": "http://testserver"}


def _player(client: TestClient) -> Player:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def test_a_refused_command_sends_the_table_without_rendering_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(tmp_path / "web", rng=random.Random(3))
    with TestClient(app, base_url="http://testserver") as client:
        token = token_of(client.get("/").text)
        first = client.post("/type", data={"token": token, "line": "draw"}, headers=JSON).json()
        rendered: list[str] = []
        render = WebGame.render

        def counted(self: WebGame, name: str, **values: Any) -> str:
            rendered.append(name)
            return render(self, name, **values)

        monkeypatch.setattr(WebGame, "render", counted)
        refused = client.post(
            "/type", data={"token": token, "line": "zz", "held": first["held"]}, headers=JSON
        ).json()
        poll = client.get("/state", params={"held": refused["held"]}).json()
    assert "game.html" not in rendered
    # The player hears the refusal; the table's only change is its version.
    assert refused["answer"] != first["answer"] and "zz" in " ".join(refused["answer"])
    version_line = f'<div id="game" data-version="{refused["version"]}"'
    [(start, removed, lines)] = refused["patch"]
    assert (start, removed) == (0, 1) and lines[0].startswith(version_line)
    assert apply_patch(first["html"], refused["patch"]).startswith(version_line)
    assert poll["patch"] == [] or poll["version"] != refused["version"]


def _held(text: str, answer: dict[str, Any]) -> str:
    """The fragment the page's script holds after ``answer``."""
    return apply_patch(text, answer["patch"]) if "patch" in answer else str(answer["html"])


def test_every_fragment_is_the_one_made_afresh(tmp_path: Path) -> None:
    chooser = random.Random(38)
    # A clock that never moves, so a won deal's panel says one time.
    app = create_app(tmp_path / "web", rng=random.Random(38), game_clock=lambda: 0.0, burst=1000)
    with TestClient(app, base_url="http://testserver") as client:
        token = token_of(client.get("/").text)
        player = _player(client)
        held, text, kept, compared = None, "", 0, 0
        for step in range(80):
            game = player.session.game
            moves = [str(m) for m in game.legal_moves()]
            free = [str(c) for c in game.position.free_cards()]
            roll = chooser.random()
            if step % 20 == 19 or not moves:
                form, fields = "/type", {"line": "new"}
            elif roll < 0.25:
                form, fields = "/type", {"line": chooser.choice(["zz", "pair", "9z", "k"])}
            elif roll < 0.35:
                form, fields = "/language", {"lang": chooser.choice(["pt_PT", "pt_BR", "en"])}
            elif roll < 0.55 and free:
                form, fields = "/card", {"card": chooser.choice(free)}
            else:
                form, fields = "/type", {"line": chooser.choice(moves)}
            sent = {"token": token, **fields, **({"held": held} if held else {})}
            posted = client.post(form, data=sent, headers=JSON)
            assert posted.status_code == 200, posted.text
            answer = posted.json()
            text, kept = _held(text, answer), kept + ("patch" in answer)
            if chooser.random() < 0.3:  # a poll now and then: the same table again
                answer = client.get("/state", params={"held": answer["held"]}).json()
                text, kept = _held(text, answer), kept + ("patch" in answer)
            # Made afresh: the same request's fragment with no fragment kept.
            player.fragment = LastFragment()
            fresh = client.get("/state").json()
            if fresh["version"] == answer["version"]:  # else late news came between
                assert text == fresh["html"], step
                compared += 1
            held, text = fresh["held"], fresh["html"]
        assert kept > 40 and compared > 60


def _from_key_alone() -> Environment:
    """``game.html`` where anything the template reads and is not given is an
    error (:class:`~jinja2.StrictUndefined`)."""
    templates = Environment(
        loader=FileSystemLoader(Path(web_app.__file__).parent / "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
    )
    templates.filters.update(line_filters(templates))
    return templates


class _KeyOnly:
    """A page model that holds the fragment key's values and nothing else: any
    other name the template reads is undefined."""

    __slots__ = ("lang", "table", "w", "waiting")

    def __init__(self, key: tuple[object, ...]) -> None:
        words, waiting, frame, _token, _deal = key  # a key that loses a part fails here
        lang, table = frame.lang, words  # type: ignore[attr-defined]
        self.lang, self.table, self.waiting = lang, table, waiting
        self.w = dict(frame.words)  # type: ignore[attr-defined]


def test_the_fragment_is_made_of_its_key_alone(tmp_path: Path) -> None:
    # Whatever the fragment shows must be in its key, or a table that changed only
    # there would get the fragment made before. Made from the key's values alone,
    # each fragment the app sends is the same, character for character: a template
    # that shows more than the key holds fails (StrictUndefined), and so does a
    # key that leaves out a part.
    assert set(_KeyOnly.__slots__) < {name for name in PageModel.__dataclass_fields__}
    code, moves = winnable_deal()
    app = create_app(tmp_path / "web", rng=random.Random(5), game_clock=lambda: 0.0, burst=1000)
    strict = _from_key_alone().get_template("game.html")
    with TestClient(app, base_url="http://testserver") as client:
        token = token_of(client.get("/", headers={"accept-language": "en"}).text)
        player = _player(client)
        # The moves in the game's notation (English words: draw, recycle), then the
        # won deal's panel in another language.
        lines = [f"new {code}", "zz", *(str(move) for move in moves), "language pt_BR"]
        compared = 0
        for step, line in enumerate(lines):
            answer = client.post("/type", data={"token": token, "line": line}, headers=JSON)
            sent = answer.json()
            turn = player.session.turn()
            key = fragment_key(turn, page_frame(turn.language), token, turn.table.code or "")
            values = {"version": sent["version"], "token": key[3], "deal": key[4]}
            made = strict.render(m=_KeyOnly(key), **values)
            assert made == sent["html"], (step, line)
            compared += 1
        assert turn.table.won and 'id="result"' in made and compared == len(lines)
