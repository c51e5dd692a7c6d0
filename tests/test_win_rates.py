"""The win-rate page is rendered from result files (no solving here)."""

from __future__ import annotations

import json
import subprocess
from itertools import product
from math import comb, prod
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_percent

from benchmarks import win_rates
from benchmarks.win_rates import (
    ROWS,
    chunk_plan,
    is_done,
    load_all,
    merge_reports,
    render,
    render_row,
)
from pyramide_a11y.cli.analyse import build_report
from pyramide_a11y.cli.tally import Tally
from pyramide_a11y.engine import get_rules
from pyramide_a11y.solver.win_rates import wilson_interval


def result(rules: str = "pyramide(strict_win=True)", **report: Any) -> dict[str, Any]:
    """A result file's data, as ``run`` writes it, for 100,000 deals."""
    base = {
        "rules": rules,
        "seed": 0,
        "deals": 100_000,
        "winnable": 4_512,
        "lost": 95_486,
        "unknown": 2,
        "unknown_deals": ["PY1-N-AAAAAAB", "PY1-N-AAAAAAC"],
        "win_rate": 4_512 / 99_998,
        "ci95": [0.04385, 0.04643],
        "seconds_per_deal": {"median": 0.00042, "p95": 0.0123, "max": 12.5},
        "nodes": 123,
        "seconds": 300.0,
        "jobs": 2,
        "timeout": 30.0,
    }
    base.update(report)
    return {
        "row": "pyramide-strict",
        "command": "pyramide analyse --rules pyramide --strict-win --deals 100000 --seed 0 "
        "--jobs 2 --timeout 30 --json",
        "started": "2026-11-30 20:44 UTC",
        "finished": "2026-11-30 20:49 UTC",
        "wall_seconds": 300.0,
        "load_average": {"before": 1.5, "after": 2.5},
        "nice": 19,
        "machine": {"cpu": "Test CPU", "cores": 2, "python": "3.11.7", "system": "Linux 6"},
        "report": base,
    }


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def test_a_row_has_every_figure_and_its_rerun_command() -> None:
    row = cells(render_row(result()))
    assert row == [
        "`pyramide(strict_win=True)`",
        "100,000",
        "4,512",
        "2",
        "4.51%",
        "4.38% – 4.64%",
        "0.4 ms",
        "12.3 ms",
        "12.50 s",
        "`pyramide analyse --rules pyramide --strict-win --deals 100000 --seed 0 "
        "--jobs 2 --timeout 30 --json`",
    ]


def test_a_row_names_the_same_game_under_another_preset() -> None:
    row = next(r for r in ROWS if r.key == "classic")
    assert cells(render_row(result("classic"), row))[0] == (
        "`classic` (= `pyramide --recycles none`)"
    )


def test_a_row_names_every_other_name_of_its_game() -> None:
    # One round of paciencia is classic with stock against waste: one row, both names.
    row = next(r for r in ROWS if r.key == "classic-sw")
    assert cells(render_row(result("classic(stock_waste_pairs=True)"), row))[0] == (
        "`classic(stock_waste_pairs=True)` (= `pyramide --recycles none --stock-waste-pairs`, "
        "= `paciencia --recycles none`)"
    )
    assert not any(r.preset == "paciencia" and r.options == ("--recycles", "none") for r in ROWS)
    # The rows measured under paciencia's name sit in the classic table, named both ways.
    row = next(r for r in ROWS if r.key == "classic-sw-cover")
    assert row.section == "classic"
    assert cells(render_row(result("paciencia(passes=1, cover_pairs=True)"), row))[0] == (
        "`paciencia(passes=1, cover_pairs=True)` (= `classic --stock-waste-pairs --cover-pairs`, "
        "= `pyramide --recycles none --stock-waste-pairs --cover-pairs`)"
    )


def test_the_page_shows_finished_rows_and_lists_the_others_with_their_command() -> None:
    page = render({"pyramide-strict": result()})
    measured, _, missing = page.partition("## Not yet measured")
    assert render_row(result(), next(r for r in ROWS if r.key == "pyramide-strict")) in measured
    assert "Test CPU, 2 cores" in measured
    assert "2026-11-30 20:44 UTC" in measured
    assert "--timeout 30" in measured
    # Every other row is listed once, with its command, and not in a table.
    for row in ROWS:
        if row.key != "pyramide-strict":
            assert f"`{row.command(100_000, 0, 2, 30.0)}`" in missing
    strict = next(r for r in ROWS if r.key == "pyramide-strict")
    assert strict.command(100_000, 0, 2, 30.0) not in missing
    assert "not yet measured" in measured  # the comparison says which figures wait


def test_only_results_of_the_asked_deals_seed_and_timeout_count(tmp_path: Path) -> None:
    (tmp_path / "pyramide-strict.json").write_text(json.dumps(result()), encoding="utf-8")
    (tmp_path / "pyramide.json").write_text(
        json.dumps(result("pyramide", deals=1000)), encoding="utf-8"
    )
    (tmp_path / "classic.json").write_text("{not json", encoding="utf-8")
    found = load_all(tmp_path, 100_000, 0, 30.0)
    assert list(found) == ["pyramide-strict"]
    assert not is_done(result(), 100_000, 0, 60.0)
    assert not is_done(result(), 100_000, 1, 30.0)
    assert is_done(result(), 1000, 0, 30.0)


def test_render_writes_the_page_from_the_files(tmp_path: Path) -> None:
    (tmp_path / "pyramide-strict.json").write_text(json.dumps(result()), encoding="utf-8")
    page = tmp_path / "win-rates.md"
    assert win_rates.main(["render", "--results", str(tmp_path), "--output", str(page)]) == 0
    assert "| `pyramide(strict_win=True)` | 100,000 | 4,512 |" in page.read_text(encoding="utf-8")


def test_the_comparison_says_whether_the_published_figure_is_in_our_interval() -> None:
    near = result("pyramide", winnable=66_913, win_rate=0.66913, ci95=[0.66621, 0.67204])
    far = result("classic", winnable=4_100, win_rate=0.041, ci95=[0.0398, 0.0422])
    page = render({"pyramide": near, "classic": far})
    comparison = page.partition("## Compared with the published figures")[2]
    assert (
        "| pyramid only, unlimited, no overlap | 66.87% | 66.91% (66.62% – 67.20%), "
        "published inside |" in comparison
    )
    assert "4.10% (3.98% – 4.22%), published outside" in comparison
    assert "inside our interval for 1 of the 2 figures measured so far" in comparison


def test_a_published_one_pass_figure_between_our_two_columns_is_said_to_be_so() -> None:
    def share(rules: str, low: float, high: float) -> dict[str, Any]:
        return result(rules, win_rate=(low + high) / 2, ci95=[low, high])

    # The study's 9.02%: above the waste top only, below stock against waste.
    between = {
        "classic": share("classic", 0.0388, 0.0412),
        "classic-sw": share("classic(stock_waste_pairs=True)", 0.0946, 0.0982),
    }
    comparison = render(between).partition("## Compared with the published figures")[2]
    assert "each of the 1 published figures measured in both columns lies between them" in (
        comparison
    )
    assert "pyramid only, once, no overlap: 9.02% against 9.64%" in comparison
    # Inside our stock-against-waste interval: no such note.
    inside = between | {"classic-sw": share("classic(stock_waste_pairs=True)", 0.0890, 0.0910)}
    comparison = render(inside).partition("## Compared with the published figures")[2]
    assert "lies between them" not in comparison
    # The bound on a game where no two stock cards pair is said either way.
    assert "only 5.55% of deals have enough of them" in comparison
    assert "fewer than its all-cards figures (6.80% and 15.92%)" in comparison


def test_the_share_of_stocks_with_a_pyramid_partner_for_each_card_is_exact() -> None:
    # Counted another way: every count of Kings and of each pair of values in the
    # stock, the ways to choose them, summed with and without the bound of four.
    allowed = total = 0
    for kings in range(5):
        for counts in product(range(9), repeat=5):
            last = 24 - kings - sum(counts)
            if not 0 <= last <= 8:
                continue
            pairs = (*counts, last)
            ways = comb(4, kings) * prod(comb(8, k) for k in pairs)
            total += ways
            allowed += ways if max(pairs) <= 4 else 0
    assert total == comb(52, 24)
    assert win_rates.share_with_stock_partners_apart() == pytest.approx(allowed / total)


def test_deals_left_unknown_are_named_under_their_table() -> None:
    page = render({"pyramide-strict": result()})
    assert (
        "- Unknown after 30 s under `pyramide(strict_win=True)`: `PY1-N-AAAAAAB`, "
        "`PY1-N-AAAAAAC`." in page
    )


# --- chunks ---------------------------------------------------------------------------


def _tally(deals: range) -> Tally:
    """A tally of made-up verdicts and times for the deal numbers ``deals``: every
    third deal won, every seventh unknown, times spread over four decades."""
    tally = Tally(name=lambda number: f"PY1-N-{number:07d}")
    for number in deals:
        verdict = None if number % 7 == 3 else number % 3 == 0
        tally.add(number, verdict, number * 11 % 97, 10.0 ** -(number % 4) * (1 + number % 13))
    return tally


def _report(deals: range, first: int) -> dict[str, Any]:
    """``analyse``'s JSON report of a run over ``deals``, through JSON text."""
    report = build_report(get_rules("pyramide"), 0, _tally(deals), 2.0, 2, 30.0, first)
    data: dict[str, Any] = json.loads(json.dumps(report))
    return data


def _chunk(first: int, count: int, started: str = "2026-12-01 01:00 UTC") -> dict[str, Any]:
    return {
        "row": "pyramide",
        "first": first,
        "command": f"pyramide analyse --rules pyramide --first {first} --deals {count} …",
        "started": started,
        "finished": "2026-12-01 02:00 UTC",
        "wall_seconds": 10.0,
        "load_average": {"before": 1.0, "after": 2.0 + first},
        "nice": 19,
        "machine": {"cpu": "Test CPU", "cores": 2, "python": "3.11.7", "system": "Linux 6"},
        "report": _report(range(first, first + count), first),
    }


def test_merged_chunks_give_the_report_of_one_run_over_their_deals() -> None:
    whole = _report(range(0, 250), 0)
    parts = [_report(range(0, 100), 0), _report(range(100, 200), 100)]
    merged = merge_reports([*parts, _report(range(200, 250), 200)])
    for key in ("deals", "winnable", "lost", "unknown", "nodes", "unknown_deals"):
        assert merged[key] == whole[key], key
    assert merged["unknown_deals_more"] == whole["unknown_deals_more"] > 0
    # The interval is computed from the sums, as analyse does.
    assert merged["ci95"] == list(wilson_interval(whole["winnable"], 250 - whole["unknown"]))
    assert merged["ci95"] == whole["ci95"] and merged["win_rate"] == whole["win_rate"]
    # Times: the histograms are added, so the percentiles are those of one run.
    for key in ("median", "p95", "min", "max", "histogram"):
        assert merged["seconds_per_deal"][key] == whole["seconds_per_deal"][key], key
    assert merged["seconds"] == 6.0


def test_chunks_with_a_gap_or_other_rules_are_refused() -> None:
    with pytest.raises(ValueError):
        merge_reports([_report(range(0, 10), 0), _report(range(20, 30), 20)])
    other = _report(range(10, 20), 10) | {"rules": "classic"}
    with pytest.raises(ValueError):
        merge_reports([_report(range(0, 10), 0), other])


def test_reports_without_a_histogram_merge_all_but_the_median() -> None:
    old = [_report(range(0, 10), 0), _report(range(10, 20), 10)]
    for report in old:
        del report["seconds_per_deal"]["histogram"]
    times = merge_reports(old)["seconds_per_deal"]
    assert times["median"] is None and times["p95"] is None
    assert times["max"] == max(r["seconds_per_deal"]["max"] for r in old)


def test_the_plan_keeps_the_chunks_done_even_of_another_size() -> None:
    assert chunk_plan({}, 25, 10) == [(0, 10, False), (10, 10, False), (20, 5, False)]
    assert chunk_plan({0: 10, 20: 5}, 25, 10) == [(0, 10, True), (10, 10, False), (20, 5, True)]
    # Chunks of 4 done before, now chunks of 10: the gap ends where a chunk starts.
    assert chunk_plan({0: 4, 8: 4}, 14, 10) == [
        (0, 4, True),
        (4, 4, False),
        (8, 4, True),
        (12, 2, False),
    ]


def _fake_analyse(calls: list[list[str]], stop_at: int = 0) -> Any:
    """``analyse_child`` without a child process: the report of made-up deals for
    the ``--first`` and ``--deals`` asked; the ``stop_at``-th call is cut short."""

    def analyse(arguments: list[str], log: Any) -> dict[str, Any]:
        calls.append(arguments)
        if len(calls) == stop_at:
            raise KeyboardInterrupt  # the session ends in the middle of a chunk
        first = int(arguments[arguments.index("--first") + 1])
        count = int(arguments[arguments.index("--deals") + 1])
        return _report(range(first, first + count), first) | {"timeout": 30.0}

    return analyse


def _run(tmp_path: Path, *rows: str) -> int:
    return win_rates.main(
        [
            *("run", *rows, "--deals", "25", "--chunk", "10", "--jobs", "1"),
            *("--results", str(tmp_path), "--output", str(tmp_path / "page.md")),
        ]
    )


def test_a_run_cut_short_keeps_its_chunks_and_the_next_run_does_only_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(win_rates, "analyse_child", _fake_analyse(calls, stop_at=2))
    with pytest.raises(KeyboardInterrupt):
        _run(tmp_path, "pyramide")
    chunks = tmp_path / "chunks" / "pyramide"
    assert sorted(p.name for p in chunks.iterdir()) == ["0.json"]  # no half-written file
    assert not (tmp_path / "pyramide.json").exists()
    kept = (chunks / "0.json").read_text(encoding="utf-8")
    assert (
        win_rates.main(
            ["list", "pyramide", "--deals", "25", "--chunk", "10", "--results", str(tmp_path)]
        )
        == 0
    )
    assert "1/3 chunks" in capsys.readouterr().out

    calls.clear()
    monkeypatch.setattr(win_rates, "analyse_child", _fake_analyse(calls))
    assert _run(tmp_path, "pyramide") == 0
    # The chunk done is not run again; the two missing ones are, with --first.
    firsts = [c[c.index("--first") + 1] for c in calls]
    assert firsts == ["10", "20"]
    assert (chunks / "0.json").read_text(encoding="utf-8") == kept
    result = json.loads((tmp_path / "pyramide.json").read_text(encoding="utf-8"))
    assert result["report"]["deals"] == 25
    assert result["report"]["winnable"] == _report(range(0, 25), 0)["winnable"]
    assert result["command"] == next(r for r in ROWS if r.key == "pyramide").command(25, 0, 1, 30.0)
    assert [c["first"] for c in result["chunks"]] == [0, 10, 20]
    page = (tmp_path / "page.md").read_text(encoding="utf-8")
    assert "--jobs 1 --timeout 30 --json` (run in 3 chunks of 10 deals) |" in page
    assert "mix theirs" not in page
    # A chunk run elsewhere: the row says so, and the page says what that means.
    other = result["chunks"][1]["machine"] | {"cpu": "Another CPU"}
    result["chunks"][1]["machine"] = other
    page = win_rates.render({"pyramide": result}, deals=25, chunk=10)
    assert "(run in 3 chunks of 10 deals, on 2 machines) |" in page
    assert "- Another CPU, " in page
    assert "its times per deal mix theirs" in page

    # Finished: a third run measures nothing.
    calls.clear()
    assert _run(tmp_path, "pyramide") == 0
    assert calls == []


def test_a_row_finished_in_one_piece_is_not_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyramide-strict.json").write_text(json.dumps(result(deals=25)), encoding="utf-8")
    calls: list[list[str]] = []
    monkeypatch.setattr(win_rates, "analyse_child", _fake_analyse(calls))
    assert _run(tmp_path, "pyramide-strict") == 0
    assert calls == [] and not (tmp_path / "chunks").exists()


def test_chunks_of_a_real_analyse_add_up_to_one_run(tmp_path: Path) -> None:
    """Two real ``analyse`` child processes of 2 deals against one of 4."""
    results = tmp_path / "results"
    args = ["--deals", "4", "--chunk", "2", "--jobs", "1", "--results", str(results)]
    assert win_rates.main(["run", "pyramide", *args, "--output", str(tmp_path / "p.md")]) == 0
    merged = json.loads((results / "pyramide.json").read_text(encoding="utf-8"))["report"]
    whole = win_rates.analyse_child(
        ["analyse", "--rules", "pyramide", "--deals", "4", "--jobs", "1", "--json"],
        subprocess.DEVNULL,
    )
    for key in ("deals", "winnable", "lost", "unknown", "nodes", "ci95"):
        assert merged[key] == whole[key], key


def test_a_damaged_or_foreign_chunk_file_is_measured_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks = tmp_path / "chunks" / "pyramide"
    chunks.mkdir(parents=True)
    (chunks / "0.json").write_text('{"row": "pyramide", "rep', encoding="utf-8")
    (chunks / "10.json.part").write_text("{", encoding="utf-8")  # a write cut short
    other_seed = _chunk(20, 5)
    other_seed["report"]["seed"] = 1
    (chunks / "20.json").write_text(json.dumps(other_seed), encoding="utf-8")
    calls: list[list[str]] = []
    monkeypatch.setattr(win_rates, "analyse_child", _fake_analyse(calls))
    assert _run(tmp_path, "pyramide") == 0
    assert [c[c.index("--first") + 1] for c in calls] == ["0", "10", "20"]
    assert json.loads((chunks / "20.json").read_text(encoding="utf-8"))["report"]["seed"] == 0


@pytest.mark.parametrize(
    ("guide", "locale"),
    [("guide.en.md", "en"), ("guide.pt_PT.md", "pt_PT"), ("guide.pt_BR.md", "pt_BR")],
)
def test_the_players_guides_quote_the_measured_rates_of_the_presets(
    guide: str, locale: str
) -> None:
    # Each guide tells players how often a deal of each preset can be won, in its
    # language's notation; the figures must be the table's, to one decimal.
    text = " ".join((win_rates.ROOT / "docs" / guide).read_text(encoding="utf-8").split())
    table = load_all(
        win_rates.RESULTS,
        win_rates.DEFAULT_DEALS,
        win_rates.DEFAULT_SEED,
        win_rates.DEFAULT_TIMEOUT,
    )
    for row in ("pyramide", "paciencia", "classic"):
        quoted = format_percent(table[row]["report"]["win_rate"], "#,##0.0%", locale=locale)
        assert f"`{row}` ({quoted}" in text, (guide, row, quoted)
