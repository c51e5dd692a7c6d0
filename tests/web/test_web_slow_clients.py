"""Slow clients are timed out (issue 36: 600 "slowloris" connections, each
sending a byte now and then, were all still open after 60 s): a request whose
headers or body do not arrive whole within the deadline is disconnected, while a
player's request is answered. ``pyramide serve`` gives uvicorn that protocol."""

from __future__ import annotations

import http.client
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from starlette.types import Receive, Scope, Send

from pyramide_a11y.cli.serve import uvicorn_options
from pyramide_a11y.web.app import create_app
from pyramide_a11y.web.protocol import TimedH11Protocol


class QuickDeadline(TimedH11Protocol):
    request_timeout = 0.5  # the deadline, short for the test


@pytest.fixture
def address(tmp_path: Path) -> Iterator[tuple[str, int]]:
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(64)
    options = {**uvicorn_options(), "http": QuickDeadline}
    server = uvicorn.Server(uvicorn.Config(create_app(tmp_path / "web"), **options))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        yield listening.getsockname()
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()


def _closed_by_server(connection: socket.socket) -> bool:
    """Waits (at most 30 s: the event is the server's close) for the server to
    close ``connection`` without an answer."""
    connection.settimeout(30)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_serve_gives_uvicorn_the_timed_protocol() -> None:
    assert issubclass(uvicorn_options()["http"], TimedH11Protocol)


def test_headers_too_slow_are_cut_off(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as slow:
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end
        assert _closed_by_server(slow)


def test_a_body_too_slow_is_cut_off(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as slow:
        slow.sendall(
            b"POST /act HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded"
            b"\r\nContent-Length: 100\r\n\r\ndo=dr"
        )
        assert _closed_by_server(slow)


def test_a_connection_that_says_nothing_is_cut_off(address: tuple[str, int]) -> None:
    with socket.create_connection(address) as silent:
        assert _closed_by_server(silent)


def test_a_whole_request_is_answered_and_kept_alive(address: tuple[str, int]) -> None:
    player = http.client.HTTPConnection(*address, timeout=30)
    try:
        for _ in range(2):  # one connection, two requests
            player.request("GET", "/static/nothing")
            reply = player.getresponse()
            reply.read()
            assert reply.status == 404
            assert not reply.will_close
    finally:
        player.close()


def test_a_client_gone_mid_body_raises_nothing(tmp_path: Path) -> None:
    # Issue 36: each one logged a full traceback (uvicorn logs what the app raises).
    app = create_app(tmp_path / "web")
    raised: list[BaseException] = []
    finished = threading.Event()

    async def watched(scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await app(scope, receive, send)
        except BaseException as err:
            raised.append(err)
            raise
        finally:
            if scope["type"] == "http" and scope["method"] == "POST":
                finished.set()

    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(8)
    server = uvicorn.Server(uvicorn.Config(watched, **uvicorn_options()))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        with socket.create_connection(listening.getsockname()) as leaving:
            leaving.sendall(
                b"POST /act HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 100\r\n\r\ndo=dr"
            )
        assert finished.wait(30)
        assert raised == []
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()
