"""uvicorn's HTTP/1.1 protocol with a deadline on each request: a client that
sends its headers or its body too slowly (a "slowloris", holding connections
open a byte at a time) is disconnected, so it cannot keep a worker's
connections from the players. uvicorn times out only idle keep-alive
connections; ``pyramide serve`` gives it this class (``http=``)."""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import SECURITY_HEADERS_RAW

REQUEST_TIMEOUT_S = 20.0
"""Seconds from a request's first byte to its last (headers and body): the game's
forms are a few hundred bytes, sent at once by any browser on any network."""


class TimedH11Protocol(H11Protocol):
    """:class:`H11Protocol` whose requests must arrive whole within
    :attr:`request_timeout` seconds of their first byte (of the connection, for
    the first): else the connection is closed."""

    request_timeout = REQUEST_TIMEOUT_S

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and self.conn.their_state is h11.IDLE:
            self._arm()  # the next request on a kept-alive connection begins
        super().data_received(data)
        if self.conn.their_state in (h11.DONE, h11.MUST_CLOSE, h11.CLOSED, h11.ERROR):
            self._disarm()  # the request is whole: the app has it

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's answer to a request it cannot read, with the game's security
        headers (uvicorn's own has none)."""
        headers = [
            (b"content-type", b"text/plain; charset=utf-8"),
            (b"connection", b"close"),
            *SECURITY_HEADERS_RAW,
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=msg.encode("ascii", "replace")),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.request_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self.transport.close()  # connection_lost tells a waiting app it went away
