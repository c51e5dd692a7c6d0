"""A line that is no command, answered at once (issue 38): the page's script gets
the game's one sentence without a hop to the player's thread or a turn at the
store, only while this worker knows nothing else wrote the player's store since
its last turn there. After another worker played, the line takes its turn: the
answer comes with the table that worker left, never this worker's old copy."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import answers
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players, _InTurn

from .conftest import JSON, page_record_version, token_of, two_workers

CODE = "PY1-P-AZSIFRU"
STATUS = re.compile(r'<p id="status">([^<]*)</p>')


def _player(client: TestClient) -> Player:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def _calls(owner: object, name: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the calls of ``owner``'s method ``name`` from now on."""
    calls: list[int] = []
    method = getattr(owner, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return method(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _turns_at_store(player: Player, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the player's turns at its store from now on."""
    return _calls(player, "_turn_at_store", monkeypatch)


def _refused(language: str, line: str) -> str:
    with in_language(language):
        return answers.unknown_command(line)[0]


@pytest.mark.skipif(on_postgres(), reason="PostgreSQL keeps no count of others' commits")
def test_a_line_that_is_no_command_is_answered_without_a_turn_at_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(tmp_path / "web")) as client:
        token = token_of(client.get("/", headers={"accept-language": "pt-PT"}).text)
        client.post("/type", data={"token": token, "line": f"new {CODE}"}, headers=JSON)
        drawn = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON).json()
        version = page_record_version(client)
        turns = _turns_at_store(_player(client), monkeypatch)
        fields = {"token": token, "line": "zz", "held": drawn["held"]}
        refused = client.post("/type", data=fields, headers=JSON)
        assert refused.status_code == 200
        state = refused.json()
        assert state["answer"] == [_refused("pt_PT", "zz")]
        assert state["patch"] == [[0, 1, [state["patch"][0][2][0]]]]  # the version alone
        assert turns == []
        assert page_record_version(client) == version  # (a read: a turn that writes nothing)
        # The next move takes its turn, and the game goes on from the same table.
        after = client.post("/act", data={"token": token, "do": "draw"}, headers=JSON)
        assert after.status_code == 200 and len(turns) == 2
        assert page_record_version(client) == version + 1


@pytest.mark.skipif(on_postgres(), reason="PostgreSQL keeps no count of others' commits")
def test_a_move_goes_to_its_turn_without_looking_at_the_store_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The quick path asks the session first: a command is not worth the look at
    # the store's count of others' commits, which only a line answered at once needs.
    with TestClient(create_app(tmp_path / "web")) as client:
        token = token_of(client.get("/").text)
        client.post("/type", data={"token": token, "line": f"new {CODE}"}, headers=JSON)
        player = _player(client)
        assert player.sync is not None
        looked = _calls(player.sync.store, "unchanged_elsewhere", monkeypatch)
        turns = _turns_at_store(player, monkeypatch)
        drawn = client.post("/type", data={"token": token, "line": "draw"}, headers=JSON)
        assert drawn.status_code == 200 and (looked, turns) == ([], [1])
        refused = client.post("/type", data={"token": token, "line": "zz"}, headers=JSON)
        assert refused.json()["answer"] == [_refused("en", "zz")]
        assert (looked, turns) == ([1], [1])


def test_after_another_worker_played_the_line_takes_its_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with two_workers(tmp_path / "web") as (first, second, token):
        moved = second.post("/act", data={"token": token, "do": "draw"}, headers=JSON).json()
        turns = _turns_at_store(_player(first), monkeypatch)
        refused = first.post("/type", data={"token": token, "line": "zz"}, headers=JSON).json()
        assert turns == [1]  # the store changed elsewhere: a turn, the game taken up
        assert refused["answer"] == [_refused("en", "zz")]
        shown = STATUS.search(refused["html"])
        assert shown is not None
        assert shown.group(1) == STATUS.search(moved["html"]).group(1)  # type: ignore[union-attr]


def test_the_page_without_script_keeps_the_refusal_for_every_worker(tmp_path: Path) -> None:
    # A form's 303 may reach another worker: its refusal takes its turn, and the
    # record every worker shows holds it.
    with two_workers(tmp_path / "web") as (first, second, token):
        version = page_record_version(first)
        sent = first.post("/type", data={"token": token, "line": "zz"}, follow_redirects=False)
        assert sent.status_code == 303
        assert page_record_version(first) == version + 1
        assert second.get("/state").json()["answer"] == [_refused("en", "zz")]


def test_lines_answered_at_once_count_on_the_players_one_bucket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Four commands at once, then one a thousand seconds: moves and lines answered
    # at once spend the same four, and the next of either is one too many.
    app = create_app(tmp_path / "web", burst=4, per_second=0.001)
    with TestClient(app) as client:
        token = token_of(client.get("/").text)

        def sent(line: str) -> int:
            answer = client.post("/type", data={"token": token, "line": line}, headers=JSON)
            return answer.status_code

        assert [sent("draw"), sent("zz")] == [200, 200]  # a guest kept, then a turn
        turns = _turns_at_store(_player(client), monkeypatch)
        assert [sent("zz"), sent("draw"), sent("zz"), sent("draw")] == [200, 200, 429, 429]
    assert len(turns) == 2 or on_postgres()  # the first "zz" answered at once


def test_a_player_is_idle_when_its_answer_is_handed_over() -> None:
    # The request an answer wakes may send the next at once: the player must be
    # idle by then, or that line would take its turn for nothing.
    with ThreadPoolExecutor(2) as threads:
        calls = _InTurn(threads)
        go, idle_when_answered = threading.Event(), []
        first = calls.submit(go.wait)
        first.add_done_callback(lambda _: idle_when_answered.append(calls.idle()))
        assert not calls.idle()  # running
        go.set()
        assert first.result(timeout=30)
        assert idle_when_answered == [True]
        # A call waiting behind another keeps the player busy until it is answered.
        go.clear()
        second, third = calls.submit(go.wait), calls.submit(lambda: True)
        second.add_done_callback(lambda _: idle_when_answered.append(calls.idle()))
        go.set()
        assert third.result(timeout=30) and idle_when_answered == [True, False]
