"""The win-rate page is rendered from result files (no solving here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks import win_rates
from benchmarks.win_rates import ROWS, is_done, load_all, render, render_row


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


def test_deals_left_unknown_are_named_under_their_table() -> None:
    page = render({"pyramide-strict": result()})
    assert (
        "- Unknown after 30 s under `pyramide(strict_win=True)`: `PY1-N-AAAAAAB`, "
        "`PY1-N-AAAAAAC`." in page
    )
