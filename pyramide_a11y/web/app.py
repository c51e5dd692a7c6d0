"""The ASGI app: the page, the forms that play, the state for the script.

:func:`create_app` builds it. Every action is a form post (no JavaScript
needed): checked (origin, form token, rate), played on the player's session off
the event loop, then a 303 back to the page, which shows the answer. The page's
script sends the same forms with ``Accept: application/json`` and gets the new
table and answer instead (:func:`state`). Anything else a request may carry is
answered with one sentence in the player's language, and nothing changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
from collections.abc import AsyncIterator, Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import anyio
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from pyramide_a11y.core import HintFinder, ParFinder, TabClock, Turn
from pyramide_a11y.engine import Rules, parse_rules
from pyramide_a11y.i18n import DEFAULT_LANGUAGE, in_language, normalise_language
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.narration.page_frame import PageFrame, page_frame
from pyramide_a11y.storage import StorageError
from pyramide_a11y.storage.peek import peek_setting

from .cells import line_filters
from .collector import short_pauses
from .form_body import form_fields
from .forms import QuickWork, Work, quick_work_for, work_for
from .fragment import fragment_key
from .guard import (
    LOOPBACK_HOSTS,
    MAX_BODY,
    SECURITY_HEADERS,
    BodyTooLarge,
    Front,
    accepted_language,
    form_token,
    host_allowed,
    same_origin,
    server_secret,
    token_ok,
)
from .page import LANG_TAGS, PageModel, page_model
from .players import MAX_PLAYERS, PLAYER_ID, Player, Players
from .solving import SolverPool

HERE = Path(__file__).resolve().parent
COOKIE = "pyramide_player"
DATA_DIR_ENV = "PYRAMIDE_WEB_DATA_DIR"
PROXIES_ENV = "PYRAMIDE_WEB_TRUSTED_PROXIES"
RULES_ENV = "PYRAMIDE_WEB_RULES"
LANGUAGE_ENV = "PYRAMIDE_WEB_LANGUAGE"
"""The web players' folder, proxies, rules (as ``str(rules)``) and language, for
the workers of ``pyramide serve --workers N``."""
LOOPBACK_ENV = "PYRAMIDE_WEB_LOOPBACK"
"""Set by ``pyramide serve`` on 127.0.0.1: forms only to :data:`~.guard.LOOPBACK_HOSTS`."""
SUPERVISOR_ENV = "PYRAMIDE_WEB_SUPERVISOR"
"""The process id of ``pyramide serve``, for its workers (:func:`end_with_supervisor`)."""
PR_SET_PDEATHSIG = 1
COOKIE_AGE = 400 * 24 * 3600
"""Seconds the player's cookie lasts (browsers keep at most 400 days)."""


class WebGame:
    """The routes' shared state: the players, the server's secret, the templates."""

    def __init__(self, players: Players, secret: bytes) -> None:
        self.players = players
        self.secret = secret
        self.templates = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=select_autoescape(["html"]),
            auto_reload=False,  # the package's own files: no stat of each per page
        )
        self.templates.filters.update(line_filters(self.templates))

    # -- rendering (on the player's thread: ``Player.call``) ---------------------------

    def render(self, name: str, **values: Any) -> str:
        return self.templates.get_template(name).render(**values)

    @staticmethod
    def read(player: Player, turn: Turn | None = None) -> tuple[list[str], Turn]:
        """In the player's turn at its store (:meth:`Player.call`'s ``work``): late
        news taken into the answer, so the page record written holds it (the news,
        what a poll says), and the table (``turn``: as the action just left it;
        None: read now). What :meth:`state` and :meth:`page` then show."""
        return player.take_late(), turn or player.session.turn()

    def state(
        self, player: Player, read: tuple[list[str], Turn], held: str | None
    ) -> dict[str, Any]:
        """What the script needs after an action or a poll (``read``: :meth:`read`'s,
        made in the player's turn at its store): the game fragment, the answer
        lines, the late news among them (``news``: what a poll says), whether a
        hint still thinks, the page's language. ``held``: the token of the
        fragment the script holds (:class:`~.delta.Shown`): when it is the one
        last sent, only what changed (``patch``), else the whole (``html``).
        Made after the turn (:meth:`Player.call`'s ``then``): it reads no store."""
        news, turn = read
        frame = page_frame(turn.language)  # one per catalog: its words join the key
        token, deal = form_token(self.secret, player.id), turn.table.code or ""

        def make(version: int) -> str:
            model = self._page_model(player, turn, frame)
            return self.render("game.html", m=model, version=version, token=token, deal=deal)

        # A table as it was (a refused command, a poll): the fragment made before.
        html = player.fragment.get(fragment_key(turn, frame, token, deal), player.version, make)
        return {
            "version": player.version,
            "answer": list(player.answer),
            "news": news,
            **player.shown.answer(html, held),
            "searching": turn.table.waiting,
            "letterKeys": player.letter_keys,
            "lang": frame.lang,
        }

    def page(self, player: Player, read: tuple[list[str], Turn]) -> str:
        """The whole page (``read``: :meth:`read`'s, made in the player's turn at
        its store), made after that turn."""
        turn = read[1]
        return self.render(
            "page.html",
            m=self._page_model(player, turn, page_frame(turn.language)),
            version=player.version,
            token=form_token(self.secret, player.id),
            deal=turn.table.code or "",
        )

    @staticmethod
    def _page_model(player: Player, turn: Turn, frame: PageFrame) -> PageModel:
        """The page of ``turn`` in ``frame`` for ``player`` (its answer, its letter
        keys)."""
        return page_model(turn, frame, player.answer, letter_keys=player.letter_keys)

    def refusal_page(self, language: str, sentence: str) -> str:
        with in_language(language):
            return self.render(
                "refusal.html",
                lang=LANG_TAGS.get(language, "en"),
                title=words.title(),
                sentence=sentence,
                back=words.back_to_game(),
            )


def create_app(
    data_dir: Path | str,
    *,
    hint_finder: HintFinder | None = None,
    rng: random.Random | None = None,
    burst: float = 40,
    per_second: float = 15,
    game_clock: Callable[[], float] | None = None,
    max_players: int = MAX_PLAYERS,
    par_finder: ParFinder | None = None,
    trusted_proxies: str | None = None,
    rules: Rules | None = None,
    language: str = DEFAULT_LANGUAGE,
    allowed_hosts: frozenset[str] | None = None,
) -> Starlette:
    """The web game, its players kept under ``data_dir`` (made if missing).

    ``hint_finder`` None: the solver's hints; ``rng`` orders new deals; ``burst``
    and ``per_second``: the commands a player may send at once and then each second;
    ``game_clock``: the games' clock (None: monotonic; tests give a fake one);
    ``max_players``: the players kept in memory (the least recently seen is closed,
    its game saved, and taken up from disk when it comes back); ``par_finder``
    None: the solver's; ``trusted_proxies``: the addresses (comma-separated, or
    ``*``) of the proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are
    believed (the client's address and https: the cookie is then Secure); from any
    other peer they are ignored. None: believed from none. ``rules``: the rules of
    every new deal (None: ``paciencia``, :data:`~.players.WEB_RULES`);
    ``language``: the page's language for a browser that asks for none of ours.
    ``allowed_hosts``: the only ``Host`` names a form may be sent to (None: any; a
    server on 127.0.0.1: :data:`~.guard.LOOPBACK_HOSTS`).

    The solver's hints and pars run in child processes (:class:`~.solving.SolverPool`),
    so a search never holds up another player's request.
    """
    folder = Path(data_dir)
    with contextlib.suppress(OSError):  # then every player's first form says so
        folder.mkdir(parents=True, exist_ok=True)
    pool = SolverPool() if hint_finder is None or par_finder is None else None
    players = Players(
        folder,
        hint_finder=hint_finder or (pool.hint_finder() if pool else None),
        par_finder=par_finder or (pool.par_finder() if pool else None),
        rng=rng,
        burst=burst,
        per_second=per_second,
        game_clock=game_clock,
        max_players=max_players,
        rules=rules,
        language=language,
    )
    game = WebGame(players, server_secret(folder))

    async def language_of(request: Request, player: Player | None = None) -> str:
        """The language a refusal or a new guest speaks: the player's (in memory,
        else as their store keeps it: another worker's player, or one this worker
        let go), else the browser's first the game speaks, else the server's."""
        cookie = request.cookies.get(COOKIE)
        player = player or players.known(cookie)
        if player is not None and hasattr(player, "session"):
            return player.session.settings.language
        saved = None
        if cookie and PLAYER_ID.match(cookie):  # anything else names no store
            # A refusal never fails for want of this: the browser's language then.
            with contextlib.suppress(Exception):
                saved = await anyio.to_thread.run_sync(saved_language, players.root, cookie)
        return saved or accepted_language(request.headers.get("accept-language"), players.language)

    async def refuse(
        request: Request, status: int, sentence: Callable[[], str], player: Player | None = None
    ) -> Response:
        language = await language_of(request, player)
        with in_language(language):
            text = sentence()
        # The security headers here too: a 500 is sent from outside the middleware.
        headers = {**SECURITY_HEADERS, "cache-control": "no-store"}
        if _wants_json(request):
            body = {"refused": True, "answer": [text]}
            return JSONResponse(body, status_code=status, headers=headers)
        return HTMLResponse(game.refusal_page(language, text), status_code=status, headers=headers)

    def checked_origin(request: Request) -> bool:
        """A form from this site (:func:`same_origin`), to a host this server is."""
        # The scheme from the scope: ``request.url`` would build the whole URL for it.
        scheme = request.scope.get("scheme", "http")
        return same_origin(request.headers, scheme) and host_allowed(request.headers, allowed_hosts)

    async def find(request: Request) -> Player | None:
        """The player the cookie names: in memory at once, else taken up from disk
        off the event loop (a thread hop costs more than the lookup itself)."""
        cookie = request.cookies.get(COOKIE)
        found = players.in_memory(cookie)
        if found is not None:
            return found
        return await anyio.to_thread.run_sync(players.find, cookie)

    async def home(request: Request) -> Response:
        player = await find(request)
        new = player is None
        if player is None:
            language = await language_of(request)
            player = await anyio.to_thread.run_sync(players.guest, language)
        chosen = player
        page = await asyncio.wrap_future(
            chosen.call(lambda: game.read(chosen), then=partial(game.page, chosen))
        )
        response = HTMLResponse(page, headers={"cache-control": "no-store"})
        if new:
            response.set_cookie(
                COOKIE,
                player.id,
                max_age=COOKIE_AGE,
                path="/",
                httponly=True,
                samesite="lax",
                secure=request.url.scheme == "https",
            )
        return response

    async def state(request: Request) -> Response:
        player = await find(request)
        if player is None:
            return await refuse(request, 403, words.stale_form)
        chosen = player
        held = request.query_params.get("held")
        read = await asyncio.wrap_future(
            chosen.call(lambda: game.read(chosen), then=lambda done: game.state(chosen, done, held))
        )
        return JSONResponse(read, headers={"cache-control": "no-store"})

    async def revive(request: Request, form: Mapping[str, str]) -> Player | None:
        """The player of a good form this process does not know (a guest another
        worker showed, or one pushed out of memory), back with the deal its form
        names; None when the cookie and token are not a pair this server made."""
        cookie, token = request.cookies.get(COOKIE), form.get("token")
        if not cookie or not PLAYER_ID.match(cookie) or not token_ok(game.secret, cookie, token):
            return None
        deal = form.get("deal")
        language = await language_of(request)
        return await anyio.to_thread.run_sync(
            players.revive, cookie, deal if isinstance(deal, str) else "", language
        )

    async def at_once(
        request: Request, player: Player, quick: QuickWork, held: str | None
    ) -> Response | None:
        """The script's answer to a form that needs no turn at the store (``quick``,
        :func:`~.forms.quick_work_for`'s: a line that is no command), made now on
        the event loop, without the hop to the player's thread; None when it takes
        its turn after all (:meth:`Player.now`: something of the player's in
        flight, the store written elsewhere, or the line is a command). The no-JS
        page always takes its turn: its 303 may reach a worker that shows the
        store's record, which this answer does not write."""

        def answer() -> dict[str, Any] | bool | None:
            bucket = player.limit.state()
            if not player.limit.allow():
                return False
            turn = quick(player)
            if turn is None:  # it takes its turn at the store, and is counted there
                player.limit.restore(bucket)
                return None
            player.answered(turn)
            return game.state(player, game.read(player, turn), held)

        def here() -> bool:
            # Asked first, before the store: a move takes its turn at once, unless
            # the bucket is empty (then refused here, as a flood costs no turns).
            return quick.applies(player) or player.limit.empty()

        answered = player.now(answer, first=here)
        if answered is False:
            return await refuse(request, 429, words.too_fast, player)
        if isinstance(answered, dict):
            return JSONResponse(answered, headers={"cache-control": "no-store"})
        return None

    def poster(kind: str) -> Callable[[Request], Any]:
        async def post(request: Request) -> Response:
            if not checked_origin(request):
                return await refuse(request, 403, words.stale_form)
            player = await find(request)
            fields = await form_fields(request)
            if player is None:
                player = await revive(request, fields)
            if player is None or not token_ok(game.secret, player.id, fields.get("token")):
                return await refuse(request, 403, words.stale_form, player)
            chosen = player
            held = fields.get("held")
            quick = quick_work_for(kind, fields) if _wants_json(request) else None
            if quick is not None and (answered := await at_once(request, chosen, quick, held)):
                return answered
            work = work_for(kind, fields)

            def play() -> tuple[list[str], Turn] | bool | None:
                # Counted under the player's lock, on the bucket every worker shares.
                if not chosen.limit.allow():
                    return False
                turn = _play(chosen, work)
                return game.read(chosen, turn) if _wants_json(request) else None

            def show(done: tuple[list[str], Turn] | bool | None) -> dict[str, Any] | bool | None:
                # The page made after the turn at the store (Player.call's then).
                if isinstance(done, tuple):
                    return game.state(chosen, done, held)
                return done

            # A guest's first form keeps it on disk first (Player.call's settle).
            settle = partial(players.settle, chosen)
            result = await asyncio.wrap_future(chosen.call(play, settle=settle, then=show))
            if result is False:
                return await refuse(request, 429, words.too_fast, chosen)
            if isinstance(result, dict):
                return JSONResponse(result, headers={"cache-control": "no-store"})
            return RedirectResponse("/", status_code=303)

        return post

    async def clock(request: Request) -> Response:
        """The tab was hidden (the clock pauses) or shown again (it runs): the same
        checks as every form; the answer and the table do not change."""
        if not checked_origin(request):
            return await refuse(request, 403, words.stale_form)
        player = await find(request)
        fields = await form_fields(request)
        if player is None or not token_ok(game.secret, player.id, fields.get("token")):
            return await refuse(request, 403, words.stale_form, player)
        hidden = fields.get("state") == "hidden"
        chosen = player

        def tick() -> bool | None:
            if not chosen.limit.allow():
                return None
            # A command of the session's, through its guard: silent, the table kept.
            return chosen.session.turn(TabClock(hidden=hidden)).table.clock.paused

        paused = await asyncio.wrap_future(
            chosen.call(tick, settle=partial(players.settle, chosen))
        )
        if paused is None:
            return await refuse(request, 429, words.too_fast, chosen)
        return JSONResponse({"paused": paused}, headers={"cache-control": "no-store"})

    async def failure(request: Request, exc: Exception) -> Response:
        return await refuse(request, 500, words.failure)

    async def unsaved(request: Request, exc: Exception) -> Response:
        """The player's store cannot be opened or made now (the database away, a
        full disk), or another worker holds the current game while the database is
        away: one sentence; nothing changed, the next request tries again."""
        return await refuse(request, 503, words.store_away)

    async def gone(request: Request, exc: Exception) -> Response:
        """The client went away before its body was whole (nothing to answer, and
        nothing to log: it happens to any server, and a flood of them would drown
        the log)."""
        return Response(status_code=400)

    async def too_large(request: Request, exc: Exception) -> Response:
        return await refuse(request, 413, words.too_large)

    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 404:
            return await refuse(request, 404, words.not_found)
        return await refuse(request, status if 400 <= status < 600 else 500, words.failure)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await anyio.to_thread.run_sync(players.close)
        if pool is not None:  # after the sessions: their searches were cancelled
            await anyio.to_thread.run_sync(pool.close)

    app = Starlette(
        routes=[
            Route("/", home, methods=["GET"]),
            Route("/state", state, methods=["GET"]),
            *(
                Route(f"/{kind}", poster(kind), methods=["POST"])
                for kind in ("act", "card", "type", "language", "keys")
            ),
            Route("/clock", clock, methods=["POST"]),
            Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        ],
        exception_handlers={
            Exception: failure,
            BodyTooLarge: too_large,
            StorageError: unsaved,
            ClientDisconnect: gone,
            HTTPException: http_error,
        },
        lifespan=lifespan,
    )

    async def refuse_large(scope: Scope, receive: Receive, send: Send) -> None:
        refusal = await refuse(Request(scope), 413, words.too_large)
        await refusal(scope, receive, send)

    app.add_middleware(Front, limit=MAX_BODY, refuse=refuse_large)
    if trusted_proxies:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted_proxies)
    app.state.players = players
    return app


def saved_language(root: Path, player_id: str) -> str | None:
    """The language the store of player ``player_id`` (folder ``root/player_id``)
    keeps, one of the game's; None when there is no such player here or it cannot
    be read now. Reads one setting (:func:`~pyramide_a11y.storage.peek.peek_setting`):
    never writes, never raises, so a refusal can always use it."""
    folder = root / player_id
    try:
        if not PLAYER_ID.match(player_id) or not folder.is_dir():
            return None
    except OSError:
        return None
    return normalise_language(peek_setting(folder, "language", player=player_id))


def _play(player: Player, work: Work) -> Turn | None:
    """``work`` on the player's session; its answer becomes the page's. The turn
    it made (None: the work was answered without the session, as a refusal)."""
    done = work(player)
    player.answered(done)
    return done if isinstance(done, Turn) else None


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def app_from_environment() -> Starlette:
    """The app of one worker of ``pyramide serve --workers N`` (uvicorn imports it
    in each worker process): its data folder from :data:`DATA_DIR_ENV`, set by the
    command, with its rules and language; the database from ``PYRAMIDE_DATABASE``,
    as for every store. The worker ends with the command, however the command ends
    (``kill -9`` too)."""
    end_with_supervisor(os.environ.get(SUPERVISOR_ENV, ""))
    short_pauses()  # this worker's collector: a server's process alone
    rules = os.environ.get(RULES_ENV)
    return create_app(
        os.environ[DATA_DIR_ENV],
        trusted_proxies=os.environ.get(PROXIES_ENV) or None,
        allowed_hosts=LOOPBACK_HOSTS if os.environ.get(LOOPBACK_ENV) else None,
        rules=parse_rules(rules) if rules else None,
        language=os.environ.get(LANGUAGE_ENV) or DEFAULT_LANGUAGE,
    )


def end_with_supervisor(supervisor: str) -> None:
    """Have the kernel stop this worker (SIGTERM: its sessions close, their games
    saved) when the command that started it ends, by any way: a ``kill -9`` of the
    command would otherwise leave its workers serving on the port, and a restart
    could not have it. Linux only; elsewhere nothing. ``supervisor``: the
    command's process id (a worker whose command is already gone ends now)."""
    if not sys.platform.startswith("linux") or not supervisor.isdigit():
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != int(supervisor):  # the command ended before the request took effect
        os.kill(os.getpid(), signal.SIGTERM)
