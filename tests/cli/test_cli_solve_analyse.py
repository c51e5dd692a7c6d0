"""``pyramide solve`` and ``pyramide analyse`` through the real entry point."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import FIXTURES

from pyramide_a11y.cli import analyse as analyse_command
from pyramide_a11y.cli.analyse import (
    DealResult,
    Progress,
    deal_numbers,
    run_analyse,
    solve_deal,
)
from pyramide_a11y.cli.main import build_parser
from pyramide_a11y.solver.win_rates import percentile, wilson_interval

SEED002 = FIXTURES / "seed002.json"


def run(*args: str, lang: str = "en") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={"LANGUAGE": lang, "PATH": "/usr/bin:/bin"},
    )


def test_solve_json_gives_a_line_that_replay_wins(tmp_path: Path) -> None:
    result = run("solve", "--layout", str(SEED002), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"winnable", "moves", "nodes", "seconds"}
    assert data["winnable"] is True and data["nodes"] > 0
    moves = tmp_path / "line.moves"
    moves.write_text("\n".join(data["moves"]) + "\n", encoding="utf-8")
    replay = run("replay", "--layout", str(SEED002), "--moves", str(moves), "--json")
    assert json.loads(replay.stdout)["won"] is True


def test_solve_text_prints_the_verdict_then_one_move_per_line() -> None:
    lines = run("solve", "--layout", str(SEED002)).stdout.splitlines()
    assert lines[0].startswith("Winnable: a winning line of ")
    count = int(lines[0].split(" of ")[1].split()[0])
    assert len(lines) == count + 2
    assert lines[-1].startswith("Searched ")


def test_solve_a_lost_deal_in_portuguese() -> None:
    # Classic, one pass: this deal cannot be won (an exhaustive search says so).
    assert json.loads(run("solve", "PY1-C-AAAAAAB", "--json").stdout)["winnable"] is False
    pt = run("solve", "PY1-C-AAAAAAB", lang="pt_PT").stdout.splitlines()
    assert pt[0] == "Não se pode ganhar: todas as sequências de jogadas foram procuradas."
    br = run("solve", "PY1-C-AAAAAAB", lang="pt_BR").stdout.splitlines()
    assert br[0] == "Não dá para ganhar: todas as sequências de jogadas foram verificadas."


def test_solve_rejects_a_bad_timeout() -> None:
    result = run("solve", "PY1-C-AAAAAAB", "--timeout", "0")
    assert result.returncode == 2
    assert "out of range" in result.stderr


def test_analyse_json_report_and_plain_progress() -> None:
    result = run(
        "analyse",
        "--rules",
        "pyramide",
        "--deals",
        "12",
        "--jobs",
        "2",
        "--json",
        "--progress",
        "lines",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["deals"] == 12 and report["unknown"] == 0
    assert report["winnable"] + report["lost"] == 12
    low, high = report["ci95"]
    assert low <= report["win_rate"] <= high
    # Plain lines, no carriage returns, the last one says 12 of 12.
    assert "\r" not in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("12 of 12 deals")


def test_analyse_is_repeatable_and_the_text_report_reads_well() -> None:
    args = ("analyse", "--rules", "classic", "--passes", "3", "--deals", "6", "--jobs", "1")
    first, second = run(*args).stdout, run(*args).stdout
    lines = first.splitlines()
    assert lines[0].startswith("Won ") and "95% confidence interval" in lines[0]
    assert lines[1] == "Unknown: 0 deals."
    assert lines[2].startswith("Time per deal: median ")
    assert lines[3] == "Rules classic(passes=3), seed 0, 6 deals."
    # The verdicts do not depend on timing: the same first line twice.
    assert first.splitlines()[0] == second.splitlines()[0]


def test_deal_numbers_follow_the_seed() -> None:
    assert list(deal_numbers(7, 3)) == list(deal_numbers(7, 3))
    assert list(deal_numbers(7, 3)) != list(deal_numbers(8, 3))


def test_wilson_interval_and_percentiles() -> None:
    low, high = wilson_interval(998, 1500)
    assert round(low, 4) == 0.6411 and round(high, 4) == 0.6888
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2.0
    assert percentile([1.0, 2.0], 0.95) == 2.0


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_is_one_bar_rewritten_in_place() -> None:
    stream = _Terminal()
    progress = Progress(4, stream)
    for done in range(1, 5):
        progress.update(done)
    progress.finish()
    text = stream.getvalue()
    assert text.count("\r") == 4 and text.endswith("\n")
    last = text.split("\r")[-1]
    assert last.startswith("[" + "#" * Progress.WIDTH + "] 4 of 4 deals, about 0 s left")


def test_progress_bar_writes_no_escape_sequence_and_wipes_a_longer_line() -> None:
    # Issue 28: a console that reads no escape sequences (Windows' own) would show
    # one; spaces wipe what a longer line before left.
    now = [0.0]
    stream = _Terminal()
    progress = Progress(1000, stream, "bar", clock=lambda: now[0])
    now[0] = 50.0
    progress.update(1)  # about 49950 s left: a long line
    now[0] = 51.0
    progress.update(1000)  # about 0 s left: a shorter one
    progress.finish()
    text = stream.getvalue()
    assert "\x1b" not in text
    first, second = text.rstrip("\n").split("\r")[1:]
    assert len(second) == len(first) and second.rstrip().endswith("about 0 s left")


def test_progress_off_a_terminal_is_plain_lines() -> None:
    stream = io.StringIO()
    progress = Progress(3, stream)
    for done in range(1, 4):
        progress.update(done)
    progress.finish()
    # Quick runs print only the final line; nothing is rewritten in place.
    assert stream.getvalue() == "3 of 3 deals, about 0 s left\n"


def test_first_skips_the_first_deal_numbers_of_the_seed() -> None:
    assert list(deal_numbers(5, 6)) == [*deal_numbers(5, 3), *deal_numbers(5, 3, first=3)]
    assert list(deal_numbers(5, 2, first=0)) == list(deal_numbers(5, 2))


def _verdicts(*args: str) -> dict[int, bool | None]:
    """The deal numbers ``analyse`` solves with ``args`` and their verdicts (the
    pool is bypassed with one process; the report itself holds only counts)."""
    found: dict[int, bool | None] = {}
    parsed = build_parser().parse_args(["analyse", "--rules", "classic", "--jobs", "1", *args])

    def record(job: tuple[str, int, float | None]) -> DealResult:
        result = solve_deal(job)
        found[result.number] = result.winnable
        return result

    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(analyse_command, "solve_deal", record)
        assert run_analyse(parsed, out, io.StringIO()) == 0
    report = json.loads(out.getvalue())
    assert report["winnable"] == sum(v is True for v in found.values())
    assert report["lost"] == sum(v is False for v in found.values())
    return found


def test_a_run_in_two_parts_solves_the_same_deals_with_the_same_verdicts() -> None:
    whole = _verdicts("--first", "0", "--deals", "6", "--json")
    head = _verdicts("--deals", "3", "--json")
    tail = _verdicts("--first", "3", "--deals", "3", "--json")
    assert len(whole) == 6 and set(head).isdisjoint(tail)
    assert whole == head | tail
    assert set(whole) == set(deal_numbers(0, 6))


def test_first_is_in_the_report_and_its_last_line() -> None:
    result = run("analyse", "--rules", "pyramide", "--first", "4", "--deals", "2", "--jobs", "1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[3] == "Rules pyramide, seed 0, 2 deals after the first 4."
    data = json.loads(
        run("analyse", "--rules", "pyramide", "--first", "4", "--deals", "2", "--json").stdout
    )
    assert data["first"] == 4 and data["deals"] == 2


@pytest.mark.parametrize("value", ["-1", "x", "2000000000"])
def test_a_bad_first_is_one_sentence_and_nothing_runs(value: str) -> None:
    result = run("analyse", "--deals", "1", "--first", value, lang="pt_PT")
    assert result.returncode == 2 and result.stdout == ""
    message = result.stderr.strip().splitlines()[0]
    assert message.startswith("pyramide analyse: erro: argumento --first: ")
    assert "Traceback" not in result.stderr
