"""The simulated players of :mod:`benchmarks.web_load`, in generator processes of
their own.

Each generator process (:func:`generate`) runs one asyncio loop for its share of
the players and sends back what they saw (:class:`Outcome`): the generator never
shares a GIL beyond one core, and a slow generator shows as its own CPU, apart
from the server's. Every player has its own cookie jar and connection, as a
browser does, but all the clients of a process share one SSL context: making one
costs about 16–24 ms of CPU, which at 1,000 players stalled the generator before
anyone moved.

What a player does (:data:`MODES`):

- ``game``: ``GET /`` (cookie, form token), ``POST /type`` ``new CODE``, then the
  deal's winning line, one move every ``interval`` seconds (``Accept:
  application/json``), the next deal once one is won. Every answer's status line
  must be the engine's after that move.
- ``refused``: the same ``new CODE``, then a command the game refuses (:data:`REFUSED`)
  every ``interval``: the status line must stay the deal's first.
- ``floor``: the same requests to a floor app (:mod:`benchmarks.floor_app`): a
  2xx JSON answer is all that is checked.
- ``guest``: ``GET /`` once, nothing more (a page loaded, never played).

An HTTP status outside 2xx/3xx, an exception, a timeout or a wrong status line is
an error, and that player stops. Latency: send to the whole response read.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import random
import re
import resource
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx

from pyramide_a11y.web.delta import apply_patch

COOKIE = "pyramide_player"
TOKEN = re.compile(r'name="token" value="([^"]+)"')
STATUS = re.compile(r'<p id="status">(.*?)</p>', re.S)
TIMEOUT = 10.0
BUCKET = 0.25
"""Seconds per sample of the players active (summed over the processes)."""
MODES = ("game", "refused", "floor", "guest")
REFUSED = "zz"
"""The refused command: a word that is no command (the game answers the table
unchanged and one sentence)."""


@dataclass(frozen=True)
class PlainDeal:
    """What a player process needs of a deal: its code, the winning line as typed,
    the status line after ``new CODE`` (index 0) and after each move."""

    code: str
    moves: tuple[str, ...]
    statuses: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """One generator process's part of a run. Times are ``time.monotonic()``, one
    clock for every process of the machine."""

    url: str
    deals: tuple[PlainDeal, ...]
    players: tuple[tuple[int, str, float], ...]
    """(index, mode, start time) of each player of this process."""
    interval: float
    start: float
    stop: float
    seed: int


@dataclass
class Sim:
    """One player, as the checks after the run need it."""

    index: int
    mode: str
    player_id: str | None = None
    deal: str | None = None
    """The code of the deal played last."""
    done: int = 0
    """Moves of that deal the player was shown as played."""
    wins: int = 0
    shown: str = ""
    failed: bool = False
    """An error stopped the player: its last request's outcome is not known."""


@dataclass
class Outcome:
    """What one generator process measured."""

    sims: list[Sim] = field(default_factory=list)
    requests: list[tuple[str, float, float, int]] = field(default_factory=list)
    """(kind, send time, seconds, body bytes) of every request answered: kind
    ``page`` (GET /), ``new``, ``move`` or ``refused``."""
    errors: list[str] = field(default_factory=list)
    active: list[int] = field(default_factory=list)
    """Players active at each :data:`BUCKET` from the start."""
    cpu: float = 0.0
    now: int = 0
    """Players active now."""


class _Player:
    def __init__(self, plan: Plan, outcome: Outcome, sim: Sim, context: ssl.SSLContext) -> None:
        self.plan, self.outcome, self.sim, self.context = plan, outcome, sim, context

    async def run(self, start_at: float) -> None:
        plan, sim = self.plan, self.sim
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        if time.monotonic() >= plan.stop:
            return
        headers = {"accept-language": "en", "origin": plan.url}
        limits = httpx.Limits(max_connections=1, max_keepalive_connections=1)
        async with httpx.AsyncClient(
            base_url=plan.url, headers=headers, timeout=TIMEOUT, limits=limits, verify=self.context
        ) as client:
            try:
                sent = time.monotonic()
                page = await client.get("/")
                self._answered("page", sent, page)
                found = TOKEN.search(page.text)
                if page.status_code != 200 or found is None:
                    raise RuntimeError(f"GET / answered {page.status_code} without a token")
                token = found.group(1)
                sim.player_id = client.cookies.get(COOKIE)
            except Exception as err:  # every failure is counted, none stops the run
                self.outcome.errors.append(f"player {sim.index}: GET /: {_text(err)}")
                sim.failed = True
                return
            if sim.mode == "guest":
                return
            self.outcome.now += 1
            try:
                await self._play(client, token)
            finally:
                self.outcome.now -= 1

    def _answered(self, kind: str, sent: float, answer: httpx.Response) -> None:
        took = time.monotonic() - sent
        self.outcome.requests.append((kind, sent, took, answer.num_bytes_downloaded))

    async def _play(self, client: httpx.AsyncClient, token: str) -> None:
        plan, sim = self.plan, self.sim
        tick = time.monotonic() + random.uniform(0, plan.interval)
        held = Held()
        while True:
            deal = plan.deals[(sim.index + sim.wins) % len(plan.deals)]
            steps = len(deal.moves) if sim.mode != "refused" else 1_000_000
            for step in range(steps + 1):
                await asyncio.sleep(max(0.0, tick - time.monotonic()))
                tick += plan.interval
                if time.monotonic() >= plan.stop:
                    return
                if step == 0:
                    line, kind = f"new {deal.code}", "new"
                elif sim.mode == "refused":
                    line, kind = REFUSED, "refused"
                else:
                    line, kind = deal.moves[step - 1], "move"
                sent = time.monotonic()
                try:
                    answer = await client.post(
                        "/type",
                        data={"token": token, "line": line, "held": held.token},
                        headers={"accept": "application/json"},
                    )
                    if not 200 <= answer.status_code < 400:
                        raise RuntimeError(f"HTTP {answer.status_code}: {answer.text[:200]!r}")
                    state = answer.json()
                    self._answered(kind, sent, answer)
                except Exception as err:  # counted; this player stops
                    self.outcome.errors.append(f"player {sim.index} {line!r}: {_text(err)}")
                    sim.failed = True
                    return
                if sim.mode == "floor":
                    continue
                found = STATUS.search(held.take(state))
                shown = html.unescape(found.group(1)) if found else "(no status)"
                if step == 0:
                    sim.deal, sim.done = deal.code, 0
                expected = deal.statuses[0 if sim.mode == "refused" else step]
                if shown != expected:
                    self.outcome.errors.append(
                        f"player {sim.index} {line!r} (step {step} of {deal.code}): shown "
                        f"{shown!r}, expected {expected!r}; answer {state.get('answer')!r}"
                    )
                    sim.failed = True
                    return
                sim.shown = shown
                if sim.mode == "game":
                    sim.done = step
            if sim.mode == "game":
                sim.wins += 1


class Held:
    """The game fragment a player's page holds, as the page's script keeps it: the
    whole one, or the last one patched with what changed (``pyramide_a11y.web.delta``)."""

    def __init__(self) -> None:
        self.token = ""
        self.html = ""

    def take(self, state: dict[str, Any]) -> str:
        """The whole fragment of ``state`` (kept for the next patch); empty when its
        patch is of a fragment this player does not hold."""
        if "patch" in state:
            if state.get("base") != self.token:  # no status then: counted as an error
                self.token, self.html = "", ""
                return ""
            patch = [(start, removed, list(lines)) for start, removed, lines in state["patch"]]
            self.html = apply_patch(self.html, patch)
        elif isinstance(state.get("html"), str):
            self.html = state["html"]
        self.token = str(state.get("held", ""))
        return self.html


def _text(err: BaseException) -> str:
    return f"{type(err).__name__}: {err}"


async def _run(plan: Plan, outcome: Outcome) -> None:
    context = ssl.create_default_context()  # one for every client: see the module's text
    players = []
    for index, mode, at in plan.players:
        sim = Sim(index, mode)
        outcome.sims.append(sim)
        players.append(_Player(plan, outcome, sim, context).run(at))
    sampler = asyncio.ensure_future(_sample(plan, outcome))
    try:
        await asyncio.gather(*players)
    finally:
        sampler.cancel()


async def _sample(plan: Plan, outcome: Outcome) -> None:
    """The players active at each :data:`BUCKET` from the start (missed samples, in
    a process started late, are zero: nobody was active yet)."""
    while True:
        due = plan.start + len(outcome.active) * BUCKET
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        outcome.active.append(outcome.now)


def generate(plan: Plan, drain: float) -> Outcome:
    """Play ``plan`` (in a process of its own: :mod:`multiprocessing`'s target)
    until its stop time and at most ``drain`` seconds more for the requests under
    way; the outcome, with this process's CPU seconds."""
    random.seed(plan.seed)
    _raise_files()
    before = resource.getrusage(resource.RUSAGE_SELF)
    outcome = Outcome()

    async def bounded() -> None:
        limit = plan.stop - time.monotonic() + drain
        try:
            await asyncio.wait_for(_run(plan, outcome), limit)
        except TimeoutError:
            outcome.errors.append(f"requests still under way {drain:g} s after the end")

    asyncio.run(bounded())
    after = resource.getrusage(resource.RUSAGE_SELF)
    outcome.cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return outcome


def _raise_files() -> None:
    """Each player holds a connection: the open-files limit raised to the hard one."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def child(plan: Plan, drain: float, sending: Any) -> None:
    """The generator process's entry: :func:`generate`, its outcome sent on the
    pipe ``sending``."""
    sending.send(generate(plan, drain))
    sending.close()
