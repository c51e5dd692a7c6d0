"""What stands between a request and a player's game: the form token, the origin
check, the size limit and the security headers.

Pure functions and one small ASGI middleware (:class:`Front`); the refusal sentences are the
app's (it words them in the player's language).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import tempfile
import zlib
from functools import lru_cache
from pathlib import Path

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pyramide_a11y.i18n import normalise_language

MAX_BODY = 4096
"""Bytes a request body may have: the game's forms need far less."""
SECRET_FILE = "web-secret"

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # no-referrer makes a form post's Origin "null"
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
}
SECURITY_HEADERS_RAW = tuple(
    (name.encode(), value.encode()) for name, value in SECURITY_HEADERS.items()
)
""":data:`SECURITY_HEADERS` as ASGI headers, encoded once (every response has them)."""


def server_secret(data_dir: Path) -> bytes:
    """The key of the form tokens, kept in ``data_dir`` (made once, owner-only), so
    a page still works after the server restarts, and on every worker: workers
    starting together agree on one key (it is written whole to a file of its own,
    then linked into place, which only the first can do)."""
    path = data_dir / SECRET_FILE
    for _attempt in range(2):
        try:
            secret = path.read_bytes()
            if len(secret) >= 32:
                return secret
        except OSError:
            pass
        fresh = secrets.token_bytes(32)
        try:
            with tempfile.NamedTemporaryFile(dir=data_dir, delete=False) as draft:
                draft.write(fresh)
            os.chmod(draft.name, 0o600)
            try:
                os.link(draft.name, path)  # fails when another worker was first
                return fresh
            except FileExistsError:
                continue  # read the one that won
            finally:
                os.unlink(draft.name)
        except OSError:
            return fresh  # an unwritable folder: tokens then last as long as this run
    return fresh


TOKENS_KEPT = 4096
"""Form tokens kept (:func:`form_token`): the players playing now."""


@lru_cache(maxsize=TOKENS_KEPT)
def form_token(secret: bytes, player_id: str) -> str:
    """The token every form of ``player_id`` carries (an HMAC of the id). Made
    once per player while it plays: each move checked it and sent it again, two
    HMACs a request."""
    return hmac.new(secret, player_id.encode(), hashlib.sha256).hexdigest()


def token_ok(secret: bytes, player_id: str, given: object) -> bool:
    """Whether ``given`` (a form field, any type) is that player's token."""
    # Compared as bytes: ``compare_digest`` refuses a str that is not ASCII (a 500).
    if not isinstance(given, str):
        return False
    expected = form_token(secret, player_id).encode()
    return hmac.compare_digest(expected, given.encode("utf-8", "surrogatepass"))


def same_origin(headers: Headers, scheme: str) -> bool:
    """False for a request a browser says came from another site: ``Sec-Fetch-Site``
    other than same-origin or none, or an ``Origin`` that is not this host's. A
    request with neither header (no browser) must still carry the form token."""
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True
    host = headers.get("host", "")
    return origin == f"{scheme}://{host}"


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})
"""The names of a server listening on this computer only."""


def host_allowed(headers: Headers, allowed: frozenset[str] | None) -> bool:
    """Whether the request's ``Host`` (its port left out) is one of ``allowed``
    (None: any). The origin check compares ``Origin`` with ``Host``, both the
    browser's: a page of another site whose name was pointed at this computer
    ("DNS rebinding") passes it, but names a host a server on 127.0.0.1 is not."""
    if allowed is None:
        return True
    host = headers.get("host", "").strip().lower()
    name = host if host.endswith("]") else host.rsplit(":", 1)[0]
    return name in allowed


def accepted_language(header: str | None, default: str) -> str:
    """The first language of an ``Accept-Language`` header that the game speaks
    (by weight), else ``default``."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "")[:500].split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        choices.append((-weight, index, tag.strip()))
    for _weight, _index, tag in sorted(choices):
        found = normalise_language(tag) if tag != "*" else None
        if found is not None:
            return found
    return default


class Front:
    """The app's one middleware (one hop a request, not one per concern): refuses
    (413, through ``refuse``) a request whose body is over ``limit`` bytes, by its
    Content-Length or as it streams in; adds :data:`SECURITY_HEADERS` (a strict
    CSP among them) to every response; and sends a whole response of at least
    :data:`GZIP_MIN` bytes gzipped when the client accepts it (a page, a move's
    JSON; a file streamed in parts, or one already encoded, goes as it is)."""

    def __init__(self, app: ASGIApp, limit: int, refuse: ASGIApp) -> None:
        self.app, self.limit, self.refuse = app, limit, refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_headers = Headers(scope=scope)
        secured = _secured(send)
        length = request_headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self.refuse(scope, receive, secured)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        if not accepts_gzip(request_headers.get("accept-encoding", "")):
            await self.app(scope, limited, secured)
            return
        await self.app(scope, limited, _gzipped(secured))


GZIP_MIN = 500
"""Bytes under which a response goes uncompressed (gzip's own header and the
work would not pay; a refusal's JSON, a redirect)."""
GZIP_LEVEL = 5
"""zlib's level: a move's JSON or a page compresses about as well as at 9, for
far less work."""


def accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``q=0`` refuses it)."""
    for part in header.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _secured(send: Send) -> Send:
    async def with_headers(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            have = {name.lower() for name, _ in headers}
            headers += [(name, value) for name, value in SECURITY_HEADERS_RAW if name not in have]
            message = {**message, "headers": headers}
        await send(message)

    return with_headers


def gzipped(body: bytes) -> bytes:
    """``body`` gzipped at :data:`GZIP_LEVEL`, with deflate's window and hash table
    sized to the body rather than the largest: every earlier byte of the body is
    still within reach, so it comes out as short (never longer in 20,000 bodies
    of 0–40 KB tried), without setting up and clearing some 256 KiB of state for
    a move's JSON of a kilobyte or two (40 µs for 1.3 KB with the largest, 10 µs
    sized, on the machine of issue 38)."""
    # deflate reaches back 2**bits - 262 bytes (its look-ahead is kept in the window);
    # a hash table half the window's size (memLevel) finds the matches the largest
    # does (a quarter missed a few bytes' worth in 4 bodies of those 20,000).
    bits = min(15, max(9, (len(body) + 262).bit_length()))
    packer = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + bits, min(8, bits - 5))
    return packer.compress(body) + packer.flush()


def _gzipped(send: Send) -> Send:
    """``send`` with a whole body (one message) of :data:`GZIP_MIN` bytes or more
    gzipped: the start is held until the body shows whether it is whole."""
    start: Message | None = None

    async def compressing(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
            return
        held, start = start, None
        if held is None:
            await send(message)
            return
        body = message.get("body", b"")
        headers = Headers(raw=held.get("headers", []))
        whole = message["type"] == "http.response.body" and not message.get("more_body", False)
        if not whole or len(body) < GZIP_MIN or "content-encoding" in headers:
            await send(held)
            await send(message)
            return
        packed = gzipped(body)
        raw = [(k, v) for k, v in held.get("headers", []) if k.lower() != b"content-length"]
        raw += [
            (b"content-encoding", b"gzip"),
            (b"content-length", str(len(packed)).encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        await send({**held, "headers": raw})
        await send({**message, "body": packed})

    return compressing


class BodyTooLarge(Exception):
    """A streamed body went over the limit (the app answers 413)."""
