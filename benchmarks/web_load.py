"""Web load: simulated players on loopback, each playing real deals on the web page.

Run from the repository root after ``scripts/test`` made ``.venv``::

    .venv/bin/python -m benchmarks.web_load --players 1000 --seconds 60
    # --interval 2.0 --ramp 10 [--url URL [--server-pid PID]] [--output FILE]
    # [--server-command 'CMD with {python} {port} {data_dir}']

Without ``--url`` the benchmark starts ``pyramide serve --port P --data-dir TMP``
itself (``--server-command`` changes the command: workers, another store), waits
for it to print its address, and stops it (SIGINT) at the end. The load generator
is this process (asyncio and ``httpx2``), the server another, so their CPU is
measured apart: the server's from ``/proc/<pid>/stat`` of it and its children.

Before the timed run, the winning line of deals of the ``paciencia`` preset (the
web game's) is found with the solver. Each player then, starting at a random
moment of the ramp: loads ``/`` (its own cookie jar and connection), reads the
form token, types ``new CODE`` and plays the line one move every ``--interval``
seconds (each move a ``POST /type`` of the move as typed in English, with
``Accept: application/json``), and the next deal when one is won. Every answer's
status line (cards removed, stock, pass) is compared with the engine's position
after that move: a move refused, an HTTP status other than 2xx/3xx, an exception
or a timeout is an error (the player stops there). A move's latency is from the
send to the whole response read.

After ``--seconds`` no move is sent; the ones under way finish (the drain). Then
"nothing lost" is checked twice: ``GET /state`` of every player must show the
status the player was last shown; and, once the server is stopped, every
player's store (``<data-dir>/players/<id>/``) is opened, the newest game of the
deal played is rebuilt from its saved moves and must be the position the player
was last shown (same moves, same cards), with the right count of games won.

The report: players held at once, requests, moves per second, move latency
(p50, p90, p99, max; all and after the ramp), errors, lost, the server's CPU
seconds and CPU % (100% = one core), its peak memory, this process's CPU, the
machine's busy share and load average before and after, and the command.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import os
import random
import re
import resource
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2 as httpx

from pyramide_a11y.engine import Position, get_rules
from pyramide_a11y.engine.dealcode import DealCode, code_text
from pyramide_a11y.engine.layout import Layout
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import messages, sentence
from pyramide_a11y.solver import solve
from pyramide_a11y.storage.store import Store

RULES = "paciencia"
COOKIE = "pyramide_player"
DEFAULT_COMMAND = "{python} -m pyramide_a11y serve --port {port} --data-dir {data_dir}"
TOKEN = re.compile(r'name="token" value="([^"]+)"')
STATUS = re.compile(r'<p id="status">(.*?)</p>', re.S)
TIMEOUT = 10.0
DRAIN = 15.0
SHOWN_ERRORS = 8
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


@dataclass(frozen=True)
class Deal:
    """A winnable deal: its code, its winning line as typed, and the status line the
    page must show after ``new CODE`` (index 0) and after each move (index i + 1),
    with the engine's position at each step."""

    code: str
    moves: tuple[str, ...]
    statuses: tuple[str, ...]
    positions: tuple[Position, ...]


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


# -- the server's process ------------------------------------------------------------------


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of ``pid`` from ``/proc/<pid>/stat``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def process_tree(root: int) -> list[int]:
    """``root`` and its descendants (workers, if the command starts some)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            parents[int(entry.name)] = found[0]
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree.extend(frontier)
    return tree


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of ``root`` and its living descendants."""
    return sum(found[1] for pid in process_tree(root) if (found := _stat(pid)) is not None)


def _status_kib(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_memory(root: int) -> tuple[int, int]:
    """(resident KiB now, peak resident KiB: ``VmHWM``) summed over the tree."""
    pids = process_tree(root)
    return sum(_status_kib(p, "VmRSS") for p in pids), sum(_status_kib(p, "VmHWM") for p in pids)


def machine_busy() -> tuple[int, int]:
    """(busy, total) jiffies of all CPUs from ``/proc/stat``."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return total - idle, total


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """The server this benchmark starts (``command`` formatted) and stops."""

    def __init__(self, command: str, data_dir: Path) -> None:
        port = free_port()
        self.data_dir = data_dir
        self.argv = shlex.split(
            command.format(python=sys.executable, port=port, data_dir=str(data_dir))
        )
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            self.argv,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            cwd=Path(__file__).resolve().parent.parent,
        )
        self.stop_seconds = 0.0
        self.output = ""

    @property
    def pid(self) -> int:
        return self.process.pid

    def wait_ready(self, limit: float = 60.0) -> None:
        """Until the server answers ``/static/game.css`` (its port listens)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server ended: {self.process.stdout.read()[-2000:]!r}")  # type: ignore[union-attr]
            try:
                if httpx.get(self.url + "/static/game.css", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within {limit} s")

    def stop(self) -> None:
        """SIGINT (uvicorn closes every session: games saved), then wait."""
        start = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.output, _ = self.process.communicate(timeout=180)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.output, _ = self.process.communicate()
        self.stop_seconds = time.monotonic() - start


# -- the players ----------------------------------------------------------------------------


@dataclass
class Run:
    """What the players saw and measured, shared by all of them."""

    url: str
    deals: list[Deal]
    interval: float
    start: float
    ramp_end: float
    stop: float
    moves: list[tuple[float, float]] = field(default_factory=list)
    """(send time from the start, seconds) of every move."""
    others: dict[str, list[float]] = field(default_factory=dict)
    """Latencies of the other requests: ``page`` (GET /), ``new`` (new CODE)."""
    errors: list[str] = field(default_factory=list)
    active: int = 0
    held: int = 0
    requests: int = 0

    def error(self, text: str) -> None:
        self.errors.append(text)


@dataclass
class SimPlayer:
    index: int
    player_id: str | None = None
    deal: Deal | None = None
    done: int = 0
    """Moves of the current deal the player was shown as played."""
    wins: int = 0
    shown: str = ""
    """The status line last shown."""
    failed: bool = False
    """An error stopped the player: its last request's outcome is not known."""


async def play(run: Run, sim: SimPlayer, start_at: float) -> None:
    """One player, from its page to the end of the run."""
    headers = {"accept-language": "en", "origin": run.url}
    limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
    async with httpx.AsyncClient(
        base_url=run.url, headers=headers, timeout=TIMEOUT, limits=limits
    ) as client:
        await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
        if time.perf_counter() >= run.stop:
            return
        try:
            sent = time.perf_counter()
            page = await client.get("/")
            run.requests += 1
            run.others.setdefault("page", []).append(time.perf_counter() - sent)
            found = TOKEN.search(page.text)
            if page.status_code != 200 or found is None:
                raise RuntimeError(f"GET / answered {page.status_code} without a token")
            token = found.group(1)
            sim.player_id = client.cookies.get(COOKIE)
        except Exception as err:  # every failure is counted, none stops the run
            run.error(f"player {sim.index}: GET /: {type(err).__name__}: {err}")
            sim.failed = True
            return
        run.active += 1
        run.held = max(run.held, run.active)
        try:
            await _play_deals(run, sim, client, token)
        finally:
            run.active -= 1


async def _play_deals(run: Run, sim: SimPlayer, client: httpx.AsyncClient, token: str) -> None:
    tick = time.perf_counter() + random.uniform(0, run.interval)
    while True:
        deal = run.deals[(sim.index + sim.wins) % len(run.deals)]
        for step in range(len(deal.moves) + 1):
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            tick += run.interval
            if time.perf_counter() >= run.stop:
                return
            line = f"new {deal.code}" if step == 0 else deal.moves[step - 1]
            sent = time.perf_counter()
            try:
                answer = await client.post(
                    "/type",
                    data={"token": token, "line": line},
                    headers={"accept": "application/json"},
                )
                took = time.perf_counter() - sent
                run.requests += 1
                if not 200 <= answer.status_code < 400:
                    raise RuntimeError(f"HTTP {answer.status_code}: {answer.text[:200]!r}")
                state = answer.json()
                found = STATUS.search(state.get("html", ""))
                shown = html.unescape(found.group(1)) if found else "(no status)"
            except Exception as err:  # counted; this player stops
                run.error(f"player {sim.index} {line!r}: {type(err).__name__}: {err}")
                sim.failed = True
                return
            if step == 0:
                run.others.setdefault("new", []).append(took)
                sim.deal, sim.done = deal, 0
            else:
                run.moves.append((sent - run.start, took))
            expected = deal.statuses[step]
            if shown != expected:
                run.error(
                    f"player {sim.index} {line!r} (move {step} of {deal.code}): shown "
                    f"{shown!r}, expected {expected!r}; answer {state.get('answer')!r}"
                )
                sim.failed = True
                return
            sim.done, sim.shown = step, shown
        sim.wins += 1


async def load(run: Run, sims: list[SimPlayer], ramp: float) -> None:
    starts = [run.start + random.uniform(0, ramp) for _ in sims]
    await asyncio.gather(*(play(run, sim, at) for sim, at in zip(sims, starts, strict=True)))


async def check_states(url: str, sims: list[SimPlayer]) -> list[str]:
    """``GET /state`` of every player that played: the status it was last shown."""
    lost: list[str] = []
    gate = asyncio.Semaphore(20)

    async def check(sim: SimPlayer) -> None:
        if sim.player_id is None or sim.deal is None:
            return
        async with gate, httpx.AsyncClient(base_url=url, timeout=30) as client:
            client.cookies.set(COOKIE, sim.player_id)
            try:
                state = (await client.get("/state")).json()
                found = STATUS.search(state.get("html", ""))
                shown = html.unescape(found.group(1)) if found else "(no status)"
            except Exception as err:
                shown = f"{type(err).__name__}: {err}"
            if shown != sim.shown and not sim.failed:
                lost.append(f"player {sim.index}: /state shows {shown!r}, it saw {sim.shown!r}")

    await asyncio.gather(*(check(sim) for sim in sims))
    return lost


def check_stores(data_dir: Path, sims: list[SimPlayer]) -> tuple[list[str], int]:
    """Each player's store, the server stopped: the deal played, rebuilt from its saved
    moves, is the position the player was last shown; games won match. Returns the
    mismatches and how many players were checked."""
    lost: list[str] = []
    checked = 0
    for sim in sims:
        if sim.player_id is None or sim.deal is None or sim.failed:
            continue
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
            ours = [r for r in records if r.code == sim.deal.code]
            if won != sim.wins:
                lost.append(f"player {sim.index}: {won} games won saved, it won {sim.wins}")
            if not ours:
                if sim.done:
                    lost.append(f"player {sim.index}: no saved game of {sim.deal.code}")
                continue
            record = store.load(ours[-1].id)
            assert record is not None
            game = record.rebuild()
            expected = sim.deal.positions[sim.done]
            if game.moves != sim.done or game.position.key() != expected.key():
                lost.append(
                    f"player {sim.index}: saved {game.moves} moves, "
                    f"{game.position.removed_count} removed; it saw {sim.done} moves, "
                    f"{expected.removed_count} removed"
                )
            elif sim.done == len(sim.deal.moves) and record.result != "won":
                lost.append(f"player {sim.index}: the deal won is saved as {record.result}")
        except Exception as err:
            lost.append(f"player {sim.index}: {type(err).__name__}: {err}")
        finally:
            store.close()
    return lost, checked


# -- the report -----------------------------------------------------------------------------


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0, help="the load's length")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between moves")
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds to bring players in")
    parser.add_argument("--url", help="a server already running (else one is started)")
    parser.add_argument("--server-pid", type=int, help="with --url: its pid, for CPU and memory")
    parser.add_argument("--server-command", default=DEFAULT_COMMAND)
    parser.add_argument("--deals", type=int, default=20, help="winnable deals to share")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--output", type=Path, help="append the report to this file")
    options = parser.parse_args(argv)
    random.seed(options.seed)
    command = ".venv/bin/python -m benchmarks.web_load " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv)
    )
    lines = [f"$ {command}", time.strftime("date: %Y-%m-%d %H:%M:%S %Z")]
    lines.append(f"load average before: {loadavg()}")
    deals = winnable_deals(options.deals)
    lines.append(
        f"deals: {len(deals)} winnable {RULES} deals ({deals[0].code} …), "
        f"{statistics.mean(len(d.moves) for d in deals):.0f} moves on average"
    )
    with tempfile.TemporaryDirectory(prefix="web-load-") as temporary:
        server: Server | None = None
        if options.url:
            url, pid = options.url.rstrip("/"), options.server_pid
            lines.append(f"server: {url} (already running)")
        else:
            server = Server(options.server_command, Path(temporary) / "web")
            url, pid = server.url, server.pid
            lines.append(f"server: {shlex.join(server.argv)}")
            server.wait_ready()
        sims = [SimPlayer(i) for i in range(options.players)]
        cpu_before = tree_cpu(pid) if pid else 0.0
        busy_before = machine_busy()
        client_before = resource.getrusage(resource.RUSAGE_SELF)
        start = time.perf_counter()
        run = Run(
            url,
            deals,
            options.interval,
            start,
            start + options.ramp + options.interval,
            start + options.seconds,
        )
        peak_rss = [0]

        async def sampled() -> None:
            async def sample() -> None:
                while True:
                    if pid:
                        peak_rss[0] = max(peak_rss[0], tree_memory(pid)[0])
                    await asyncio.sleep(1.0)

            sampler = asyncio.create_task(sample())
            try:
                await asyncio.wait_for(load(run, sims, options.ramp), options.seconds + DRAIN)
            finally:
                sampler.cancel()

        try:
            asyncio.run(sampled())
        except TimeoutError:
            run.error("the drain did not end within its limit")
        wall = time.perf_counter() - start
        client_after = resource.getrusage(resource.RUSAGE_SELF)
        busy_after = machine_busy()
        cpu = tree_cpu(pid) - cpu_before if pid else None
        hwm = tree_memory(pid)[1] if pid else 0
        load_after = loadavg()
        lost = asyncio.run(check_states(url, sims))
        store_note = "not checked (a server not started here)"
        if server is not None:
            server.stop()
            store_lost, checked = check_stores(server.data_dir, sims)
            lost.extend(store_lost)
            store_note = (
                f"{checked} players' stores rebuilt after the server stopped "
                f"({server.stop_seconds:.1f} s to stop), {len(store_lost)} mismatches"
            )
            if server.process.returncode not in (0, 130, -signal.SIGINT):  # 130: Ctrl-C
                run.error(f"the server ended with {server.process.returncode}")
            if "Traceback" in server.output:
                run.error(f"the server printed a traceback: {server.output[-1500:]!r}")

    client_cpu = (client_after.ru_utime + client_after.ru_stime) - (
        client_before.ru_utime + client_before.ru_stime
    )
    busy = (busy_after[0] - busy_before[0]) / max(1, busy_after[1] - busy_before[1])
    moves = [took for _, took in run.moves]
    steady = [took for at, took in run.moves if at >= run.ramp_end - run.start]
    p99 = sorted(steady)[int(0.99 * len(steady))] if steady else float("inf")
    verdict = (
        "met"
        if p99 < 0.1 and not run.errors and not lost and run.held == options.players
        else "not met"
    )
    lines += [
        f"players: {options.players} asked, {run.held} held at once, one move every "
        f"{options.interval:g} s, ramp {options.ramp:g} s, load {options.seconds:g} s "
        f"(+ drain: {wall:.1f} s in all)",
        f"requests: {run.requests} ({len(run.moves)} moves, {len(run.moves) / wall:.1f} moves/s; "
        f"{sum(s.wins for s in sims)} deals won)",
        f"move latency, all: {quantiles(moves)}",
        f"move latency, after the ramp: {quantiles(steady)}",
        f"GET / (new player): {quantiles(run.others.get('page', []))}",
        f"new CODE: {quantiles(run.others.get('new', []))}",
        f"errors: {len(run.errors)}",
        *(f"  {text}" for text in run.errors[:SHOWN_ERRORS]),
        f"lost: {len(lost)} ({store_note}; /state of every player compared too)",
        *(f"  {text}" for text in lost[:SHOWN_ERRORS]),
    ]
    if cpu is not None:
        lines.append(
            f"server CPU: {cpu:.1f} s over {wall:.1f} s = {100 * cpu / wall:.0f}% of one core; "
            f"peak RSS {max(hwm, peak_rss[0]) / 1024:.0f} MiB"
        )
    else:
        lines.append("server CPU and memory: not measured (give --server-pid)")
    lines += [
        f"load generator CPU: {client_cpu:.1f} s = {100 * client_cpu / wall:.0f}% of one core",
        f"machine busy: {100 * busy:.0f}% of its {os.cpu_count()} cores over the run",
        f"load average after: {load_after}",
        f"goal (p99 < 100 ms after the ramp, 0 errors, 0 lost, all held): {verdict}",
    ]
    report = "\n".join(lines) + "\n"
    print(report, end="")
    if options.output:
        options.output.parent.mkdir(parents=True, exist_ok=True)
        with options.output.open("a", encoding="utf-8") as out:
            out.write(report + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
