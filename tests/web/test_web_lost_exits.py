"""Issue 35 on the page: after a hint that says the deal cannot be won from here
(only once every stock card has been seen), the panel offers seed 004's four
exits as buttons: desfazer, dica, repetir esta distribuição, outra distribuição."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from engine_helpers import greedy_line, lost_with_every_card_seen
from starlette.testclient import TestClient

from pyramide_a11y.engine import PRESETS
from pyramide_a11y.solver import Hint, Knowledge, hint_for
from pyramide_a11y.web.app import create_app

from .conftest import token_of
from .test_web_outcomes import http_player, play_on


def test_the_lost_hint_shows_four_exits_as_buttons(tmp_path: Path) -> None:
    code, line = greedy_line(PRESETS["paciencia"], 48, lost_with_every_card_seen)

    def finder(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        return hint_for(knowledge, 30.0, cancelled)  # a budget that always gives a verdict

    app = create_app(tmp_path / "web", hint_finder=finder)
    with TestClient(app, base_url="http://testserver") as client:
        client.get("/", headers={"accept-language": "pt-BR"})
        play_on(client.app, http_player(client), code, tuple(line))
        text = client.get("/").text
        assert 'id="impasse"' not in text  # a draw or a recycle is left: no dead end
        before = set(threading.enumerate())
        client.post("/act", data={"token": token_of(text), "do": "hint"})
        # A hint that came late is handed over by a thread of its own: its end is
        # the verdict's arrival (one that came at once was handed over already).
        for thread in set(threading.enumerate()) - before:
            if thread.name == "hint-deliver":
                thread.join(90)
        text = client.get("/").text
        form = text[text.index('id="impasse"') :]
        form = form[: form.index("</form>")]
        assert '<p id="impasse-text">Daqui a distribuição fica sem solução.</p>' in form
        buttons = re.findall(
            r'value="(\w+)" id="impasse-\w+"(?: autofocus)?>([^<]+)</button>', form
        )
        assert buttons == [
            ("undo", "Desfazer a última jogada"),
            ("hint", "Dica"),
            ("replay", "Repetir esta distribuição"),
            ("new", "Distribuir outra"),
        ]
        # A toolbar: focus mode there, the arrows move along the exits.
        assert '<div role="toolbar" aria-labelledby="impasse-text">' in form
        posted = client.post("/act", data={"token": token_of(text), "do": "undo"})
        assert posted.status_code == 200
        assert 'id="impasse"' not in client.get("/").text  # the table changed
