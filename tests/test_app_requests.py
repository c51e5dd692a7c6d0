"""The in-process benchmark of the app's own work (issue 38): it drives the game
and its floors without sockets, checks what each player is shown, and reports
CPU per request."""

from __future__ import annotations

import re

import pytest
from kit import apart

from benchmarks import app_requests
from benchmarks.app_requests import main


def test_each_target_reports_its_cpu_per_request(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["--targets", "game,refused,floor", "--players", "3", "--requests", "60"]
    assert apart(main, arguments) == 0
    printed = capsys.readouterr().out
    for target in ("game", "refused", "floor"):
        assert re.search(rf"^{target}: \d+ µs of CPU per request$", printed, re.MULTILINE)


def test_a_status_the_game_did_not_show_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    script = app_requests._script("game")
    wrong = [(line, "not this status") for line, _ in script]
    monkeypatch.setattr(app_requests, "_script", lambda target: wrong)
    with pytest.raises(RuntimeError, match="not this status"):
        apart(main, ["--targets", "game", "--players", "2", "--requests", "10"])
