"""``pyramide serve`` misconfigured (issue 36: 21 of 24 cases started anyway, then
played unsaved, answered every form with a 500, listened on every interface, or
respawned workers for ever): each is refused before any address is printed, in
one sentence in the command's language that says how to fix it, with a
non-zero exit and no traceback."""

from __future__ import annotations

import io
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from pyramide_a11y.cli.main import main
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import serve_words as words
from pyramide_a11y.storage.postgres import DATABASE_ENV

from .conftest import serve_command


def _serve(
    capsys: pytest.CaptureFixture[str], *options: str, lang: str = "en"
) -> tuple[int, str, str]:
    """``pyramide serve`` with ``options``: its exit status, output and errors."""
    out = io.StringIO()
    status = main(["serve", "--lang", lang, "--port", "0", *options], out)
    return status, out.getvalue(), capsys.readouterr().err


def _refused(result: tuple[int, str, str], sentence: str) -> None:
    status, out, err = result
    assert status != 0
    assert "http://" not in out  # no address: the server never started
    assert err.strip() == f"pyramide serve: {sentence}"
    assert "Traceback" not in err


@pytest.fixture
def folder(tmp_path: Path) -> str:
    return str(tmp_path / "web")


def test_an_empty_host(capsys: pytest.CaptureFixture[str], folder: str) -> None:
    result = _serve(capsys, "--data-dir", folder, "--host", "")
    _refused(result, words.no_host())


@pytest.mark.parametrize("host", ["no-such-host.invalid", "999.1.1.1", "203.0.113.77"])
def test_a_host_not_of_this_computer(
    capsys: pytest.CaptureFixture[str], folder: str, host: str
) -> None:
    _refused(_serve(capsys, "--data-dir", folder, "--host", host), words.unknown_host(host))


@pytest.mark.parametrize("port", ["-1", "70000"])
def test_a_port_out_of_range(capsys: pytest.CaptureFixture[str], folder: str, port: str) -> None:
    out = io.StringIO()
    status = main(["serve", "--lang", "en", "--data-dir", folder, "--port", port], out)
    _refused((status, out.getvalue(), capsys.readouterr().err), words.bad_port(int(port)))


def test_a_port_in_use(capsys: pytest.CaptureFixture[str], folder: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        out = io.StringIO()
        status = main(["serve", "--lang", "en", "--data-dir", folder, "--port", str(port)], out)
        result = (status, out.getvalue(), capsys.readouterr().err)
    _refused(result, words.port_in_use(port))


@pytest.mark.parametrize("proxies", ["10.0.0.1,bogus", "10.0.0.0/99", ",", "localhost"])
def test_bad_trusted_proxies(capsys: pytest.CaptureFixture[str], folder: str, proxies: str) -> None:
    status, out, err = _serve(capsys, "--data-dir", folder, "--trusted-proxies", proxies)
    assert status != 0 and "http://" not in out and "Traceback" not in err
    assert err.startswith("pyramide serve: --trusted-proxies: ")


def test_good_trusted_proxies_are_taken(folder: str) -> None:
    from pyramide_a11y.cli.serve_setup import check_proxies

    check_proxies("127.0.0.1, 10.0.0.0/8,::1")
    check_proxies("*")


def test_a_data_folder_under_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    folder = tmp_path / "file" / "web"
    _refused(_serve(capsys, "--data-dir", str(folder)), words.folder_under_file(str(folder)))


def _without_root_powers() -> list[str] | None:
    """A prefix that runs a command without the powers that let root write into any
    folder (``setpriv``: CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH out of its
    bounding set), so that a folder's mode binds it as it binds any user; [] for a
    user who is not root; None where neither can be had."""
    if not hasattr(os, "geteuid"):
        return None
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search", "--"] if setpriv else None


@pytest.mark.skipif(_without_root_powers() is None, reason="needs setpriv (util-linux) as root")
def test_a_read_only_data_folder_with_two_workers(tmp_path: Path) -> None:
    # Issue 36: the workers respawned for ever. As root too (CI runs as root): the
    # server runs without root's power to write anywhere.
    prefix = _without_root_powers()
    assert prefix is not None
    folder = tmp_path / "web"
    (folder / "players").mkdir(parents=True)
    (folder / "players").chmod(0o500)
    try:
        command = serve_command(folder, "--port", "0", "--workers", "2", "--lang", "en")
        # The run ends by itself (no respawn loop); a hang is a failure, not a wait.
        done = subprocess.run(prefix + command, capture_output=True, text=True, timeout=120)
    finally:
        (folder / "players").chmod(0o700)
    _refused((done.returncode, done.stdout, done.stderr), words.folder_unwritable(str(folder)))
    assert list((folder / "players").iterdir()) == []  # not even a probe left


@pytest.mark.parametrize("url", ["postgressql://localhost/x", "mysql://localhost/x", "x"])
def test_a_database_that_is_not_postgresql(
    capsys: pytest.CaptureFixture[str], folder: str, url: str
) -> None:
    _refused(
        _serve(capsys, "--data-dir", folder, "--database", url), words.not_postgresql("--database")
    )


def test_a_wrong_database_variable(
    capsys: pytest.CaptureFixture[str], folder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATABASE_ENV, "mysql://localhost/x")
    _refused(_serve(capsys, "--data-dir", folder), words.not_postgresql(DATABASE_ENV))


def test_postgresql_without_psycopg(
    capsys: pytest.CaptureFixture[str], folder: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if not installed
    result = _serve(capsys, "--data-dir", folder, "--database", "postgresql:///x")
    _refused(result, words.no_psycopg())
    assert "pyramide-a11y[postgresql]" in result[2]


@pytest.mark.parametrize(
    "url",
    [
        "postgresql:///postgres?host=/nonexistent-folder&port=5",  # nobody there
        "postgresql://[garbled",  # not a URL PostgreSQL reads
        "postgresql:///postgres?nosuchoption=1",
    ],
)
def test_a_database_that_cannot_be_used(
    capsys: pytest.CaptureFixture[str], folder: str, url: str
) -> None:
    status, out, err = _serve(capsys, "--data-dir", folder, "--database", url)
    assert status != 0 and "http://" not in out and "Traceback" not in err
    assert err.startswith("pyramide serve: The PostgreSQL server of --database cannot be used (")
    assert err.count("\n") == 1


def test_refused_in_the_commands_language(capsys: pytest.CaptureFixture[str], folder: str) -> None:
    result = _serve(capsys, "--data-dir", folder, "--host", "", lang="pt_PT")
    with in_language("pt_PT"):
        sentence = words.no_host()
    _refused(result, sentence)
