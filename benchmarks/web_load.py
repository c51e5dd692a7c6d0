"""Web load: simulated players on loopback, the game beside its floors in one run.

Run from the repository root after ``scripts/test`` made ``.venv``::

    .venv/bin/python -m benchmarks.web_load --players 100,200,400 --seconds 40 \\
        --targets game,refused,floor,floor-sqlite --workers 1 --output FILE
    # --interval 2.0 --ramp 10 --generators 2 --guests 0 --database URL --rounds 3
    # --server-command 'CMD with {python} {port} {data_dir} {workers}'

Each target is served by a fresh process on a free port with a temporary data
folder, and stopped with SIGINT at the end of its run:

- ``game`` and ``refused``: ``pyramide serve --workers N`` (``--database URL``:
  PostgreSQL, in a database of its own made on that server for the run and
  dropped after it). ``game`` plays winning lines, ``refused`` sends a command the
  game refuses every time (:data:`~benchmarks.load_players.REFUSED`).
- ``floor``, ``floor-sqlite`` and ``floor-postgres``: :mod:`benchmarks.floor_app`
  on the same uvicorn settings and worker count: the same requests to a minimal
  Starlette app, then the same with one SQLite commit per request, or one
  PostgreSQL commit per request (``--database URL``, in a database of its own as
  for the game).

The players run in ``--generators`` processes of their own
(:mod:`benchmarks.load_players`): each player comes in at a random moment of the
ramp with its own cookie and connection, then sends one request every
``--interval`` seconds. ``--guests N`` adds N players that only load the page (a
guest in the server's memory, never played). ``--players`` may list several
counts: each target runs at each, smallest first, and stops at the first that
misses p99 < 100 ms or has an error ("held": the largest that met it).

Measured apart, from ``/proc``: the server's CPU (it and every descendant:
workers, solver children) over the steady part of the run (from the end of the
ramp plus one interval to the end of the load), divided by the requests sent
then (CPU per request: per move for ``game``, with a ``new CODE`` per won deal);
its peak memory, threads, open files (every descriptor) and processes, sampled
each second; the generators' CPU; the machine's busy share and load average;
everything the server printed is read as it prints (it is never blocked on a full
pipe), and a traceback in it is an error.

"Lost" (``game`` and ``refused``): ``GET /state`` of every player must show what
it was last shown; then, the server stopped, every player's store is opened, the
game of the deal played is rebuilt from its saved moves and must be the position
last shown, with as many games won.

Every report (appended to ``--output``) starts with its command, and ends with
the ratios of the run: CPU per request of the game over each floor and of a
refused command over the plain floor, and a move's JSON in bytes. ``--rounds N``
runs the targets in turn N times (game, floor, game, floor…) and gives each
round's ratio and their median: the live server's CPU per request moves by about
5% from one run to the next, which is as much as a change worth measuring.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import html
import multiprocessing
import os
import random
import re
import shlex
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import httpx2 as httpx

from pyramide_a11y.engine import Position, get_rules
from pyramide_a11y.engine.dealcode import DealCode, code_text
from pyramide_a11y.engine.layout import Layout
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import messages, sentence
from pyramide_a11y.solver import solve
from pyramide_a11y.storage.store import Store

from .load_players import COOKIE, STATUS, Outcome, PlainDeal, Plan, Sim, child
from .load_server import Server, TreeSample, machine_busy, tree_cpu, tree_sample

RULES = "paciencia"
GAME_COMMAND = (
    "{python} -m pyramide_a11y serve --port {port} --data-dir {data_dir} --workers {workers}"
)
FLOOR_COMMAND = (
    "{python} -m benchmarks.floor_app --kind {kind} --port {port} --data-dir {data_dir} "
    "--workers {workers}"
)
TARGETS = {
    "game": "game",
    "refused": "refused",
    "floor": "floor",
    "floor-sqlite": "floor",
    "floor-postgres": "floor",
}
"""Each target and the players' mode on it."""
FLOOR_KINDS = {"floor": "plain", "floor-sqlite": "sqlite", "floor-postgres": "postgres"}
GOAL_S = 0.1
DRAIN = 15.0
START_MARGIN = 3.0
"""Seconds from the generators' start to the run's: their imports."""
SHOWN_ERRORS = 8


@dataclass(frozen=True)
class Deal:
    """A winnable deal: its code, its winning line as typed, and the status line the
    page must show after ``new CODE`` (index 0) and after each move (index i + 1),
    with the engine's position at each step."""

    code: str
    moves: tuple[str, ...]
    statuses: tuple[str, ...]
    positions: tuple[Position, ...]

    def plain(self) -> PlainDeal:
        return PlainDeal(self.code, self.moves, self.statuses)


def status_of(position: Position, passes: int | None) -> str:
    """The page's status line for ``position`` (``narrator.counts``, in English)."""
    with in_language("en"):
        parts = [
            messages.removed_of_28(position.removed_count),
            messages.stock_count(len(position.stock)),
        ]
        if passes is not None and passes >= 2:
            parts.append(messages.round_of(position.round, passes))
        return " ".join(sentence(part) for part in parts)


def winnable_deals(count: int) -> list[Deal]:
    """The first ``count`` deal numbers of ``paciencia`` the solver wins."""
    rules = get_rules(RULES)
    deals: list[Deal] = []
    number = 0
    while len(deals) < count:
        code = code_text(rules, number)
        assert code is not None
        position = Layout.from_code(DealCode(rules, number)).position()
        number += 1
        solution = solve(position, rules, timeout=5)
        if not solution.winnable:
            continue
        positions = [position]
        for move in solution.moves:
            positions.append(positions[-1].after(move, rules))
        assert positions[-1].is_won(rules)
        deals.append(
            Deal(
                code,
                tuple(str(move) for move in solution.moves),
                tuple(status_of(p, rules.passes) for p in positions),
                tuple(positions),
            )
        )
    return deals


# -- after the run: nothing lost ------------------------------------------------------------


async def check_states(url: str, sims: list[Sim]) -> list[str]:
    """``GET /state`` of every player that played: the status it was last shown."""
    lost: list[str] = []
    gate = asyncio.Semaphore(20)

    async def check(sim: Sim) -> None:
        if sim.player_id is None or sim.deal is None or sim.failed:
            return
        async with gate, httpx.AsyncClient(base_url=url, timeout=30) as client:
            client.cookies.set(COOKIE, sim.player_id)
            try:
                state = (await client.get("/state")).json()
                found = STATUS.search(state.get("html", ""))
                shown = html.unescape(found.group(1)) if found else "(no status)"
            except Exception as err:
                shown = f"{type(err).__name__}: {err}"
            if shown != sim.shown:
                lost.append(f"player {sim.index}: /state shows {shown!r}, it saw {sim.shown!r}")

    await asyncio.gather(*(check(sim) for sim in sims))
    return lost


def check_stores(data_dir: Path, sims: list[Sim], deals: dict[str, Deal]) -> tuple[list[str], int]:
    """Each player's store, the server stopped: the deal played, rebuilt from its saved
    moves, is the position the player was last shown; games won match. Returns the
    mismatches and how many players were checked."""
    lost: list[str] = []
    checked = 0
    for sim in sims:
        if sim.player_id is None or sim.deal is None or sim.failed:
            continue
        deal = deals[sim.deal]
        checked += 1
        store, notices = Store.open(data_dir / "players" / sim.player_id, player=sim.player_id)
        if store is None:
            lost.append(f"player {sim.index}: the store does not open: {notices}")
            continue
        try:
            records = sorted(
                store.recent(limit=100_000, include_discarded=True), key=lambda r: r.id
            )
            won = sum(1 for r in records if r.result == "won")
            ours = [r for r in records if r.code == sim.deal]
            if won != sim.wins:
                lost.append(f"player {sim.index}: {won} games won saved, it won {sim.wins}")
            if not ours:
                if sim.done:
                    lost.append(f"player {sim.index}: no saved game of {sim.deal}")
                continue
            record = store.load(ours[-1].id)
            assert record is not None
            game = record.rebuild()
            expected = deal.positions[sim.done]
            if game.moves != sim.done or game.position.key() != expected.key():
                lost.append(
                    f"player {sim.index}: saved {game.moves} moves, "
                    f"{game.position.removed_count} removed; it saw {sim.done} moves, "
                    f"{expected.removed_count} removed"
                )
            elif sim.done == len(deal.moves) and record.result != "won":
                lost.append(f"player {sim.index}: the deal won is saved as {record.result}")
        except Exception as err:
            lost.append(f"player {sim.index}: {type(err).__name__}: {err}")
        finally:
            store.close()
    return lost, checked


# -- one run ---------------------------------------------------------------------------------


@dataclass
class Settings:
    players: int
    guests: int
    seconds: float
    ramp: float
    interval: float
    workers: int
    generators: int
    database: str | None
    server_command: str | None
    seed: int


@dataclass
class Result:
    """One target at one player count."""

    target: str
    players: int
    steady_p99: float
    errors: list[str]
    lost: list[str]
    cpu_per_request: float | None
    move_bytes: list[int]
    lines: list[str] = field(default_factory=list)
    round: int = 1
    """Which of ``--rounds`` (from 1) it ran in."""

    @property
    def met(self) -> bool:
        return self.steady_p99 < GOAL_S and not self.errors and not self.lost


def on_database(target: str) -> bool:
    """Whether ``target`` keeps its data on ``--database`` when one is given."""
    return TARGETS[target] != "floor" or target == "floor-postgres"


def server_for(target: str, settings: Settings, data_dir: Path) -> Server:
    workers = str(settings.workers)
    if target in FLOOR_KINDS:
        command = FLOOR_COMMAND
        if target == "floor-postgres" and settings.database:
            command += " --database " + shlex.quote(settings.database)
        return Server(command, data_dir, kind=FLOOR_KINDS[target], workers=workers)
    command = settings.server_command or GAME_COMMAND
    if settings.database and not settings.server_command:
        command += " --database " + shlex.quote(settings.database)
    return Server(command, data_dir, workers=workers)


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return (
        f"p50 {at(0.5):.1f} ms, p90 {at(0.9):.1f} ms, p99 {at(0.99):.1f} ms, "
        f"max {ordered[-1] * 1000:.1f} ms (n={len(ordered)})"
    )


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def plans(url: str, mode: str, settings: Settings, deals: list[Deal], start: float) -> list[Plan]:
    """The players shared among the generator processes, round robin."""
    everyone = [
        (i, mode, start + random.uniform(0, settings.ramp)) for i in range(settings.players)
    ]
    everyone += [
        (settings.players + i, "guest", start + random.uniform(0, settings.ramp))
        for i in range(settings.guests)
    ]
    count = max(1, settings.generators)
    plain = tuple(d.plain() for d in deals)
    return [
        Plan(url, plain, tuple(everyone[g::count]), settings.interval, start,
             start + settings.seconds, settings.seed * 1000 + g)
        for g in range(count)
    ]  # fmt: skip


def database_pid(url: str | None) -> int | None:
    """The PostgreSQL server's process id, for a cluster on this machine whose URL
    names its socket folder (``host=DIR``, as ``scripts/postgres`` prints): its
    ``data/postmaster.pid`` (else ``postmaster.pid``) in that folder. None: not
    found (its CPU is then not reported)."""
    found = re.search(r"[?&]host=([^&]+)", url or "")
    if found is None:
        return None
    folder = Path(urllib.parse.unquote(found.group(1)))
    for candidate in (folder / "data" / "postmaster.pid", folder / "postmaster.pid"):
        try:
            return int(candidate.read_text().split()[0])
        except (OSError, ValueError, IndexError):
            continue
    return None


def kind_of(error: str) -> str:
    """What failed, without the player and the line it sent: ``GET /: ReadTimeout``,
    ``HTTP 503``, ``ReadTimeout``, ``wrong status line``."""
    text = re.sub(r"^player \d+:? ?", "", error)
    page = text.startswith("GET /: ")
    text = re.sub(r"^(GET /|'[^']*'( \([^)]*\))?): ?", "", text)
    if text.startswith("shown "):
        return "wrong status line"
    kind = text.split(":")[0].strip() or "?"
    return f"GET /: {kind}" if page else kind


def kinds_of(errors: list[str]) -> str:
    """The errors counted by kind (:func:`kind_of`), the most frequent first."""
    counted = collections.Counter(kind_of(text) for text in errors)
    return ", ".join(f"{count} {kind}" for kind, count in counted.most_common(6))


def highest(one: TreeSample, other: TreeSample) -> TreeSample:
    """Each figure's larger value."""
    return TreeSample(
        max(one.rss_kib, other.rss_kib),
        max(one.hwm_kib, other.hwm_kib),
        max(one.threads, other.threads),
        max(one.files, other.files),
        max(one.processes, other.processes),
    )


@contextlib.contextmanager
def own_database(url: str) -> Iterator[str]:
    """A database of its own for one run, on the PostgreSQL server of ``url``: its
    URL, the stores' too (``PYRAMIDE_DATABASE``), for the run; dropped after it.
    Every player of a run makes a schema (some forty files); the schemas of the
    runs before, left in one database, made each checkpoint sync tens of thousands
    of files, and commits waited behind them (issue 38: a run measured what ran
    before it)."""
    import psycopg

    name = f"pyramide_load_{os.getpid()}_{time.monotonic_ns()}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    # The path is the database ("postgresql:///postgres?host=…" has no host part,
    # which urlunsplit would drop with its "//").
    own = re.sub(r"^([a-z]+://[^/?]*)(/[^?]*)?", lambda m: f"{m.group(1)}/{name}", url)
    os.environ["PYRAMIDE_DATABASE"] = own  # the store check opens the players' stores
    try:
        yield own
    finally:
        os.environ["PYRAMIDE_DATABASE"] = url
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_target(target: str, settings: Settings, deals: list[Deal]) -> Result:
    """``target`` served fresh, loaded by ``settings``, measured, stopped, checked."""
    mode = TARGETS[target]
    lines = [f"target: {target}, {settings.workers} worker(s)"]
    lines.append(f"load average before: {loadavg()}")
    with tempfile.TemporaryDirectory(prefix="web-load-") as temporary:
        server = server_for(target, settings, Path(temporary) / "web")
        lines.append(f"server: {shlex.join(server.argv)}")
        try:
            server.wait_ready()
        except RuntimeError:
            server.stop()
            raise
        start = time.monotonic() + START_MARGIN
        ramp_end = start + settings.ramp + settings.interval
        stop = start + settings.seconds
        context = multiprocessing.get_context("spawn")
        children = []
        for plan in plans(server.url, mode, settings, deals, start):
            receiving, sending = context.Pipe(duplex=False)
            process = context.Process(target=child, args=(plan, DRAIN, sending), daemon=True)
            process.start()
            sending.close()
            children.append((process, receiving))
        peak = TreeSample(0, 0, 0, 0, 0)
        marks: dict[str, tuple[float, tuple[int, int]]] = {}
        database = database_pid(settings.database) if on_database(target) else None
        database_cpu: dict[str, float] = {}
        outcomes: list[Outcome] = []
        waiting = list(children)
        while waiting:
            now = time.monotonic()
            for name, at in (("steady", ramp_end), ("stop", stop)):
                if name not in marks and now >= at:
                    marks[name] = (tree_cpu(server.pid), machine_busy())
                    if database is not None:
                        database_cpu[name] = tree_cpu(database)
            sample = tree_sample(server.pid)
            peak = highest(peak, sample)
            for process, receiving in list(waiting):
                if receiving.poll(0):
                    outcomes.append(receiving.recv())
                    process.join(10)
                    waiting.remove((process, receiving))
                elif not process.is_alive() and not receiving.poll(0):
                    outcomes.append(Outcome(errors=[f"a generator ended with {process.exitcode}"]))
                    waiting.remove((process, receiving))
            if waiting:  # a second, or less to the next mark
                ahead = [at - time.monotonic() for at in (ramp_end, stop) if time.monotonic() < at]
                time.sleep(max(0.05, min([1.0, *ahead])))
        end = time.monotonic()
        for name in ("steady", "stop"):  # a run cut short: its marks as they are now
            marks.setdefault(name, (tree_cpu(server.pid), machine_busy()))
            if database is not None:
                database_cpu.setdefault(name, tree_cpu(database))
        load_after = loadavg()
        sims = [sim for outcome in outcomes for sim in outcome.sims]
        errors = [text for outcome in outcomes for text in outcome.errors]
        requests = [r for outcome in outcomes for r in outcome.requests]
        lost: list[str] = []
        store_note = "not checked (a floor keeps no game)"
        if mode in ("game", "refused"):
            lost = asyncio.run(check_states(server.url, sims))
        server.stop()
        if mode in ("game", "refused"):
            store_lost, checked = check_stores(server.data_dir, sims, {d.code: d for d in deals})
            lost.extend(store_lost)
            store_note = (
                f"{checked} players' stores rebuilt after the server stopped "
                f"({server.stop_seconds:.1f} s to stop), {len(store_lost)} mismatches"
            )
        if server.process.returncode not in (0, 130, -signal.SIGINT):  # 130: Ctrl-C
            errors.append(f"the server ended with {server.process.returncode}")
        if server.tracebacks:
            errors.append(
                f"the server printed {server.tracebacks} tracebacks: {server.output[-1500:]!r}"
            )

    steady_cpu = marks["stop"][0] - marks["steady"][0]
    busy = marks["stop"][1][0] - marks["steady"][1][0], marks["stop"][1][1] - marks["steady"][1][1]
    in_window = [r for r in requests if ramp_end <= r[1] < stop and r[0] != "page"]
    kinds = ("move", "refused") if mode != "floor" else ("new", "move")
    timed = [r for r in requests if r[0] in kinds]
    steady = [took for kind, at, took, _ in timed if at >= ramp_end]
    p99 = sorted(steady)[int(0.99 * len(steady))] if steady else float("inf")
    samples = max((len(o.active) for o in outcomes), default=0)
    active = [sum(o.active[i] for o in outcomes if i < len(o.active)) for i in range(samples)]
    move_bytes = [size for kind, _, _, size in requests if kind in ("move", "refused")]
    per_request = steady_cpu / len(in_window) if in_window else None
    wall = end - start
    lines += [
        f"players: {settings.players} ({settings.guests} guests besides), "
        f"{max(active, default=0)} active at once at most, one request every "
        f"{settings.interval:g} s, ramp {settings.ramp:g} s, load {settings.seconds:g} s "
        f"({wall:.1f} s with the drain), {settings.generators} generator processes",
        f"requests: {len(requests)} answered ({len(timed)} timed, "
        f"{len(timed) / max(wall, 1e-9):.1f}/s; {sum(s.wins for s in sims)} deals won)",
        f"latency, all: {quantiles([r[2] for r in timed])}",
        f"latency, after the ramp: {quantiles(steady)}",
        f"GET /: {quantiles([r[2] for r in requests if r[0] == 'page'])}",
        f"new CODE: {quantiles([r[2] for r in requests if r[0] == 'new'])}",
    ]
    if move_bytes:
        lines.append(
            f"a {'refused command' if mode == 'refused' else 'move'}'s answer: "
            f"{statistics.mean(move_bytes):.0f} bytes on average "
            f"(median {statistics.median(move_bytes):.0f}, max {max(move_bytes)})"
        )
    lines += [
        f"errors: {len(errors)}" + (f" ({kinds_of(errors)})" if errors else ""),
        *(f"  {text}" for text in errors[:SHOWN_ERRORS]),
        f"lost: {len(lost)} ({store_note}; /state of every player compared too)",
        *(f"  {text}" for text in lost[:SHOWN_ERRORS]),
        f"server CPU after the ramp: {steady_cpu:.1f} s over {stop - ramp_end:.1f} s = "
        f"{100 * steady_cpu / max(stop - ramp_end, 1e-9):.0f}% of one core; "
        + (
            f"{1000 * per_request:.2f} ms per request ({len(in_window)} requests)"
            if per_request is not None
            else "no request then"
        ),
        *(
            [
                f"PostgreSQL's CPU after the ramp (its server and backends): "
                f"{pg_cpu:.1f} s = {1000 * pg_cpu / len(in_window):.2f} ms per request"
            ]
            if (pg_cpu := database_cpu.get("stop", 0.0) - database_cpu.get("steady", 0.0))
            and in_window
            else []
        ),
        f"server at most: {max(peak.hwm_kib, peak.rss_kib) / 1024:.0f} MiB resident, "
        f"{peak.threads} threads, {peak.files} open files, {peak.processes} processes",
        f"server output: {server.printed} characters read as printed",
        f"load generators' CPU: {sum(o.cpu for o in outcomes):.1f} s "
        f"= {100 * sum(o.cpu for o in outcomes) / max(wall, 1e-9):.0f}% of one core",
        f"machine busy after the ramp: {100 * busy[0] / max(1, busy[1]):.0f}% of its "
        f"{os.cpu_count()} cores",
        f"load average after: {load_after}",
        f"p99 < 100 ms after the ramp, 0 errors, 0 lost: "
        f"{'met' if p99 < GOAL_S and not errors and not lost else 'not met'}",
    ]
    return Result(target, settings.players, p99, errors, lost, per_request, move_bytes, lines)


# -- the whole benchmark -----------------------------------------------------------------------


def ratios(results: list[Result], counts: list[int]) -> list[str]:
    """The run's own yardsticks: CPU per request of each target at the smallest count
    all ran, the ratios (each round's, then their median: the targets of a round
    run one after the other, so a ratio compares runs minutes apart, and the
    rounds show how far it moves), a move's bytes, and the players each target
    held (a count held in every round that reached it)."""
    lines = ["", "== the run's ratios =="]
    base = min(counts)
    rounds = sorted({r.round for r in results})
    first = {(r.round, r.target): r for r in results if r.players == base}
    for target in dict.fromkeys(r.target for r in results):
        figures = [first[n, target].cpu_per_request for n in rounds if (n, target) in first]
        measured = [f for f in figures if f is not None]
        figure = _spread([1000 * f for f in measured], "ms") if measured else "not measured"
        lines.append(f"CPU per request, {target} at {base} players: {figure}")

    def ratio(top: str, bottom: str) -> None:
        each = []
        for n in rounds:
            a, b = first.get((n, top)), first.get((n, bottom))
            if a and b and a.cpu_per_request and b.cpu_per_request:
                each.append(a.cpu_per_request / b.cpu_per_request)
        if each:
            lines.append(f"{top} : {bottom} = {_spread(each)} (CPU per request)")

    ratio("game", "floor-sqlite")
    ratio("game", "floor-postgres")
    ratio("game", "floor")
    ratio("refused", "floor")
    for target, label in (("game", "a move's JSON"), ("refused", "a refused command's JSON")):
        sizes = [s for (_, t), r in first.items() if t == target for s in r.move_bytes]
        if sizes:
            lines.append(f"{label}: {statistics.mean(sizes):.0f} bytes on average")
    for target in dict.fromkeys(r.target for r in results):
        tried = [r for r in results if r.target == target]
        reached = {r.players for r in tried}
        held = [c for c in reached if all(r.met for r in tried if r.players == c)]
        summary = ", ".join(
            f"{r.players}: p99 {1000 * r.steady_p99:.0f} ms"
            + (f", {len(r.errors)} errors" if r.errors else "")
            + (f", {len(r.lost)} lost" if r.lost else "")
            for r in tried
        )
        lines.append(f"held at p99 < 100 ms, {target}: {max(held) if held else 'none'} ({summary})")
    return lines


def _spread(values: list[float], unit: str = "") -> str:
    """One figure, or each round's and their median: ``1.47, 1.52, 1.44: median 1.47``."""
    suffix = f" {unit}" if unit else ""
    if len(values) == 1:
        return f"{values[0]:.2f}{suffix}"
    each = ", ".join(f"{v:.2f}" for v in values)
    return f"{each}{suffix}: median {statistics.median(values):.2f}{suffix}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--players", default="20", help="players, or counts tried in turn: 100,200,400"
    )
    parser.add_argument("--guests", type=int, default=0, help="players who only load the page")
    parser.add_argument("--seconds", type=float, default=60.0, help="the load's length")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between requests")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds to bring players in")
    parser.add_argument("--targets", default="game", help=f"some of {','.join(TARGETS)}")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--generators", type=int, default=2, help="load generator processes")
    parser.add_argument("--database", help="a PostgreSQL URL for the game (else SQLite)")
    parser.add_argument("--server-command", help="the game's command instead of serve")
    parser.add_argument("--deals", type=int, default=20, help="winnable deals to share")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--rounds", type=int, default=1, help="run the targets in turn this many times"
    )
    parser.add_argument("--output", type=Path, help="append the report to this file")
    options = parser.parse_args(argv)
    targets = [t.strip() for t in options.targets.split(",") if t.strip()]
    counts = sorted(int(c) for c in str(options.players).split(","))
    if unknown := [t for t in targets if t not in TARGETS]:
        parser.error(f"unknown targets: {', '.join(unknown)}")
    if "floor-postgres" in targets and not options.database:
        parser.error("floor-postgres needs --database URL")
    if options.database:
        os.environ["PYRAMIDE_DATABASE"] = options.database  # the store check opens them
    random.seed(options.seed)
    command = ".venv/bin/python -m benchmarks.web_load " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv)
    )
    lines = [f"$ {command}", time.strftime("date: %Y-%m-%d %H:%M:%S %Z")]
    deals = winnable_deals(options.deals)
    lines.append(
        f"deals: {len(deals)} winnable {RULES} deals ({deals[0].code} …), "
        f"{statistics.mean(len(d.moves) for d in deals):.0f} moves on average"
    )
    print("\n".join(lines), flush=True)
    results: list[Result] = []
    for round_ in range(1, options.rounds + 1):
        for target in targets:
            for count in counts:
                settings = Settings(
                    count, options.guests, options.seconds, options.ramp, options.interval,
                    options.workers, options.generators, options.database,
                    options.server_command, options.seed,
                )  # fmt: skip
                if options.database and on_database(target):
                    with own_database(options.database) as url:
                        result = run_target(target, replace(settings, database=url), deals)
                else:
                    result = run_target(target, settings, deals)
                result = replace(result, round=round_)
                results.append(result)
                heading = f"-- {target} at {count} players --"
                if options.rounds > 1:
                    heading = f"-- {target} at {count} players, round {round_} --"
                block = ["", heading, *result.lines]
                print("\n".join(block), flush=True)
                lines += block
                if not result.met:
                    break  # more players would not be held either
    summary = ratios(results, counts)
    print("\n".join(summary), flush=True)
    lines += summary
    if options.output:
        options.output.parent.mkdir(parents=True, exist_ok=True)
        with options.output.open("a", encoding="utf-8") as out:
            out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
