"""The fragment's lines made once per value (issue 38): the game fragment made
with every line kept from before (places, piles and their controls, row headings,
the status; other tables, selections, other languages; the rows a move left
alone, by identity) is the fragment made with none kept, character for
character."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from kit import make_session
from playthrough import winning_commands, won_code
from starlette.testclient import TestClient

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration.page_frame import page_frame
from pyramide_a11y.narration.table_words import table_words
from pyramide_a11y.web import app as web_app
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.cells import LINES, line_filters
from pyramide_a11y.web.page import page_model
from pyramide_a11y.web.players import Players

from .conftest import token_of

LANGUAGES = ("pt_PT", "pt_BR", "en")


def _templates(*, kept: bool) -> Environment:
    templates = Environment(
        loader=FileSystemLoader(Path(web_app.__file__).parent / "templates"),
        autoescape=select_autoescape(["html"]),
    )
    for name, line in line_filters(templates).items():
        templates.filters[name] = line if kept else line.__wrapped__  # type: ignore[attr-defined]
    return templates


def test_every_kept_line_is_used() -> None:
    game = (Path(web_app.__file__).parent / "templates" / "game.html").read_text()
    by_rows = {"row_head", "cell"}  # a pyramid row's lines: the ``row`` filter's
    assert all(f"|{name}" in game for name in LINES.keys() - by_rows) and "|row " in game


def test_a_fragment_from_kept_lines_is_the_fragment_made_whole(tmp_path: Path) -> None:
    chooser = random.Random(38)
    warm = _templates(kept=True)
    app = create_app(tmp_path / "web", rng=random.Random(38), burst=1000)
    with TestClient(app, base_url="http://testserver") as client:
        token = token_of(client.get("/").text)
        players: Players = app.state.players
        player = players.find(client.cookies.get(COOKIE))
        assert player is not None
        compared = 0
        for step in range(50):
            game = player.session.game
            moves = [str(m) for m in game.legal_moves()]
            free = [str(c) for c in game.position.free_cards()]
            if step % 20 == 19 or not moves:
                form, fields = "/type", {"line": "new"}
            elif free and chooser.random() < 0.4:  # a selection and its partners
                form, fields = "/card", {"card": chooser.choice(free)}
            else:
                form, fields = "/type", {"line": chooser.choice(moves)}
            client.post(
                form, data={"token": token, **fields}, headers={"origin": "http://testserver"}
            )
            turn = player.session.turn()
            # The session's own words: rows a move left alone are the very rows of
            # the table before, found by identity.
            own = page_model(turn, page_frame(turn.language), [], letter_keys=True)
            laid = {"m": own, "version": step, "token": token, "deal": "PY1"}
            made = warm.get_template("game.html").render(**laid)
            assert made == _templates(kept=False).get_template("game.html").render(**laid)
            for language in chooser.sample(LANGUAGES, len(LANGUAGES)):
                with in_language(language):  # the same table, in each language's words
                    said = table_words(turn.table)
                worded = dataclasses.replace(turn, words=said, language=language)
                model = page_model(worded, page_frame(language), player.answer, letter_keys=True)
                values = {"m": model, "version": step, "token": token, "deal": "PY1"}
                made = warm.get_template("game.html").render(**values)
                whole = _templates(kept=False).get_template("game.html").render(**values)
                assert made == whole, (step, language)
                compared += 1
        assert compared == 50 * len(LANGUAGES)


def test_a_rows_lines_are_those_of_the_templates_own_loop() -> None:
    # The row filter lays a row out as this loop of the line templates did: a blank
    # line, the heading, a place a line, the list's end (the script's patches count
    # lines, so every line must stay where it was).
    templates = _templates(kept=False)
    loop = templates.from_string(
        "{% for row in rows %}\n{{ row.number|row_head(row.heading) }}\n"
        "{% for c in row.cells %}{{ c|cell }}\n{% endfor %}</ul>\n{% endfor %}"
    )
    kept = line_filters(templates)["row"]
    session = make_session(won_code("paciencia"), "en")
    for line in winning_commands("paciencia", "en")[:30]:
        turn = session.turn(line)
        rows = turn.words.rows
        laid = loop.render(rows=rows)
        assert "".join(kept(row) for row in rows) == laid
        assert kept(rows[0]) is kept(rows[0])  # found again by identity
