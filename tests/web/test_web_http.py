"""The web app by HTTP alone (no browser): the page, the forms, and hostile requests.

Every refusal must be one sentence in the player's language and change nothing;
no response may carry a traceback.
"""

from __future__ import annotations

import html as html_lib
import random
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from pyramide_a11y.engine import RemoveKing, RemovePair
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import answers, messages, row_name, sentence
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.solver import Hint, Knowledge, hint_for
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import Served, serve_command, token_of

LANGS = [("en", "en"), ("pt-PT", "pt_PT"), ("pt-BR", "pt_BR")]


def text_of(page: str, element_id: str) -> str:
    """The text inside the element ``element_id`` (tags dropped, spaces joined)."""
    found = re.search(rf'<(\w+) id="{element_id}"[^>]*>(.*?)</\1>', page, re.S)
    assert found is not None, f"no #{element_id}"
    inner = re.sub(r"<[^>]+>", " ", found.group(2))
    return " ".join(html_lib.unescape(inner).split())


def player_of(client: TestClient) -> Player:
    players: Players = client.app.state.players  # type: ignore[attr-defined]
    player = players.find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def table_key(player: Player) -> tuple[object, ...]:
    game = player.session.game
    return (game.position, game.moves, game.selected, player.session.source.code)


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text and "Error:" not in text


@pytest.mark.parametrize(("tag", "code"), LANGS)
def test_the_page_is_in_the_accepted_language_and_semantic(
    client: TestClient, tag: str, code: str
) -> None:
    page = client.get("/", headers={"accept-language": f"{tag},fr;q=0.5"})
    assert page.status_code == 200
    text = page.text
    assert f'<html lang="{tag}">' in text
    # One live region (the answer), polite; no alert, no status role beside it.
    assert text.count("aria-live") == 1 and '<div id="answer" aria-live="polite">' in text
    assert 'role="alert"' not in text and 'role="status"' not in text
    assert text.count("<h1>") == 1 and text.count("<h3 ") == 7
    with in_language(code):
        assert f"<title>{html_lib.escape(words.title())}</title>" in text
        for r in range(1, 8):
            assert f">{sentence(row_name(r)).removesuffix('.')}</h3>" in text
    buttons = re.findall(
        r'<button type="submit" name="card" value="[^"]+" id="card-\d+"[^>]*>', text
    )
    assert len(buttons) == 28
    assert sum('class="card free"' in b for b in buttons) == 7  # 7 free at the start
    # No state a screen reader would say on every card: covered cards say so in
    # their names, and aria-pressed is there only on a selected card.
    assert not any("aria-disabled" in b or "aria-pressed" in b for b in buttons)
    for action in ("draw", "recycle", "undo", "hint", "new", "replay", "rules"):
        assert f'value="{action}" id="{action}"' in text
    assert 'id="stock-top"' in text and 'id="line"' in text
    # No inline script or style, everything from this server.
    assert not re.search(r"<script(?![^>]*\bsrc=\"/static/)", text)
    assert "<style" not in text and " style=" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "default-src 'none'" in csp
    cookie = page.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert re.match(rf"{COOKIE}=[A-Za-z0-9_-]{{43}};", page.headers["set-cookie"])


def test_static_files_are_served_with_the_same_headers(client: TestClient) -> None:
    script = client.get("/static/game.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "content-security-policy" in script.headers
    assert client.get("/static/game.css").status_code == 200


def test_a_draw_and_a_pair_by_forms(client: TestClient) -> None:
    token = token_of(client.get("/").text)
    player = player_of(client)
    drawn = client.post("/act", data={"token": token, "do": "draw"}, follow_redirects=False)
    assert drawn.status_code == 303 and drawn.headers["location"] == "/"
    page = client.get("/").text
    assert "23 cards in the stock" in text_of(page, "status")
    assert text_of(page, "answer")
    game = player.session.game
    for _ in range(30):  # play until a removal is legal (draws only otherwise)
        moves = [m for m in game.legal_moves() if isinstance(m, RemovePair | RemoveKing)]
        if moves:
            break
        client.post("/act", data={"token": token, "do": "draw"})
    move = moves[0]
    cards = move.cards if isinstance(move, RemovePair) else (move.card,)
    removed = game.position.removed_count
    in_pyramid = sum(card in game.position.pyramid for card in cards)
    for card in cards:
        client.post("/card", data={"token": token, "card": str(card)})
        page = client.get("/").text
        if card is cards[0] and len(cards) == 2:
            # Its name says so first, in the game's words: no toggle button.
            with in_language("en"):
                named = f'data-card="{card}" aria-label="{sentence(words.selected())} '
            assert named in page
            assert "aria-pressed" not in page.split('id="letter-keys"')[0]
    assert not re.search(r'aria-label="Selected\.', page)
    assert game.position.removed_count == removed + in_pyramid
    with in_language("en"):
        assert messages.removed_of_28(game.position.removed_count) in text_of(page, "status")


def test_a_cross_site_post_is_refused(client: TestClient) -> None:
    token = token_of(client.get("/").text)
    player = player_of(client)
    before = table_key(player)
    forged = [
        ({"origin": "http://evil.example"}, {"token": token, "do": "draw"}),
        ({"sec-fetch-site": "cross-site"}, {"token": token, "do": "draw"}),
        ({}, {"do": "draw"}),
        ({}, {"token": "0" * 64, "do": "draw"}),
    ]
    for headers, data in forged:
        answer = client.post("/act", data=data, headers=headers, follow_redirects=False)
        assert answer.status_code == 403
        with in_language("en"):
            assert text_of(answer.text, "refusal") == words.stale_form()
        no_traceback(answer.text)
    assert table_key(player) == before
    same_site = client.post(
        "/act",
        data={"token": token, "do": "draw"},
        headers={"origin": "http://testserver", "sec-fetch-site": "same-origin"},
    )
    assert same_site.status_code == 200 and table_key(player) != before


def test_another_players_id_changes_nothing(tmp_path: Path) -> None:
    app = create_app(tmp_path / "web")
    with TestClient(app) as alice, TestClient(app) as bob:
        alice_token = token_of(alice.get("/").text)
        token_of(bob.get("/").text)
        bobs = player_of(bob)
        before = table_key(bobs)
        # Alice names Bob in a field: only her own game is hers to change.
        alice.post("/act", data={"token": alice_token, "do": "draw", "player": bobs.id})
        assert table_key(bobs) == before
        # Alice with Bob's id as her cookie but her own token: refused.
        alice.cookies.clear()
        alice.cookies.set(COOKIE, bobs.id)
        refused = alice.post("/act", data={"token": alice_token, "do": "draw"})
        assert refused.status_code == 403 and table_key(bobs) == before
        # Ids that name no player, or a path: a new player on a page, refused on a post.
        for fake in ("../../etc", "x" * 43, "", "a/b"):
            alice.cookies.clear()
            alice.cookies.set(COOKIE, fake)
            assert alice.post("/act", data={"token": alice_token, "do": "draw"}).status_code == 403
        assert not (tmp_path / "etc").exists()
        # Alice's only: Bob has only looked (a guest until his first form: nothing on disk).
        assert len(list((tmp_path / "web" / "players").iterdir())) == 1


def test_an_oversized_body_is_refused(client: TestClient) -> None:
    token = token_of(client.get("/").text)
    player = player_of(client)
    before = table_key(player)
    big = client.post("/act", data={"token": token, "do": "draw", "pad": "x" * 10_000})
    assert big.status_code == 413
    with in_language("en"):
        assert text_of(big.text, "refusal") == words.too_large()

    def chunks() -> object:
        yield f"token={token}&do=draw&pad=".encode()
        for _ in range(5):
            yield b"y" * 2000

    streamed = client.post(
        "/act",
        content=chunks(),  # type: ignore[arg-type]
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert streamed.status_code == 413
    no_traceback(streamed.text)
    assert table_key(player) == before


@pytest.mark.parametrize(("tag", "code"), LANGS)
def test_bad_command_text_gets_the_games_refusal(client: TestClient, tag: str, code: str) -> None:
    token = token_of(client.get("/", headers={"accept-language": tag}).text)
    player = player_of(client)
    before = table_key(player)
    client.post("/type", data={"token": token, "line": "xyzzy"})
    with in_language(code):
        expected = " ".join(answers.unknown_command("xyzzy"))
    assert text_of(client.get("/").text, "answer") == expected
    # ``new FILE`` would read the server's disk: on a page only deal codes are read.
    client.post("/type", data={"token": token, "line": "n /etc/passwd"})
    with in_language(code):
        expected = sentence(messages.bad_deal_code("/etc/passwd"))
    assert text_of(client.get("/").text, "answer") == expected
    client.post("/act", data={"token": token, "do": "explode"})
    client.post("/card", data={"token": token, "card": "ZZ"})
    with in_language(code):
        expected = " ".join(answers.unknown_command("ZZ"))
    assert text_of(client.get("/").text, "answer") == expected
    assert table_key(player) == before


def test_random_form_fields_change_nothing(client: TestClient) -> None:
    token = token_of(client.get("/").text)
    player = player_of(client)
    before = table_key(player)
    rng = random.Random(26)
    alphabet = "abcXYZ019 -_+&=%?/\\<>\"'\x00é✓♠\n"
    for _ in range(60):
        path = rng.choice(["/act", "/card", "/type", "/language", "/keys", "/nowhere", "/"])
        fields = {
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8))): "".join(
                rng.choice(alphabet) for _ in range(rng.randint(0, 30))
            )
            for _ in range(rng.randint(0, 5))
        }
        fields.pop("line", None)
        fields.pop("on", None)
        if rng.random() < 0.8:
            fields["token"] = token
        answer = client.post(path, data=fields, follow_redirects=False)
        assert answer.status_code in (303, 403, 404, 405), (path, fields, answer.status_code)
        no_traceback(answer.text)
    assert table_key(player) == before
    assert player.letter_keys


def test_a_fault_is_one_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # As a browser sees it: the fault answered, not raised into the test.
    client = TestClient(create_app(tmp_path / "web"), raise_server_exceptions=False)
    token = token_of(client.get("/").text)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr("pyramide_a11y.web.app.page_model", broken)
    for answer in (client.get("/"), client.post("/act", data={"token": token, "do": "draw"})):
        assert answer.status_code == 500
        assert "secret detail" not in answer.text
        no_traceback(answer.text)
        with in_language("en"):
            assert text_of(answer.text, "refusal") == words.failure()
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    with in_language("en"):
        assert text_of(missing.text, "refusal") == words.not_found()


def test_commands_past_the_rate_are_refused(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web", burst=3, per_second=0.001)) as client:
        token = token_of(client.get("/").text)
        player = player_of(client)
        for _ in range(3):
            assert client.post("/act", data={"token": token, "do": "draw"}).status_code == 200
        before = table_key(player)
        refused = client.post("/act", data={"token": token, "do": "draw"})
        assert refused.status_code == 429
        with in_language("en"):
            assert text_of(refused.text, "refusal") == words.too_fast()
        assert table_key(player) == before


def test_the_game_is_taken_up_after_a_restart(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web")) as first:
        token = token_of(first.get("/", headers={"accept-language": "pt-PT"}).text)
        first.post("/act", data={"token": token, "do": "draw"})
        first.post("/keys", data={"token": token, "on": "0"})
        cookie = first.cookies.get(COOKIE)
        code = player_of(first).session.source.code
    with TestClient(create_app(tmp_path / "web")) as second:
        second.cookies.set(COOKIE, cookie or "")
        page = second.get("/")
        assert "set-cookie" not in page.headers
        player = player_of(second)
        assert player.session.source.code == code
        assert '<html lang="pt-PT">' in page.text
        assert 'data-letter-keys="off"' in page.text
        with in_language("pt_PT"):
            assert messages.stock_count(23) in page.text
        assert second.post("/act", data={"token": token, "do": "draw"}).status_code == 200


def test_the_language_form(client: TestClient) -> None:
    token = token_of(client.get("/", headers={"accept-language": "en"}).text)
    client.post("/language", data={"token": token, "lang": "pt_BR"})
    page = client.get("/").text
    assert '<html lang="pt-BR">' in page
    with in_language("pt_BR"):
        assert text_of(page, "answer") == sentence(messages.language_set())
    client.post("/language", data={"token": token, "lang": "fr"})
    with in_language("pt_BR"):
        expected = " ".join(answers.unknown_command("fr"))
    page = client.get("/").text
    assert text_of(page, "answer") == expected and '<html lang="pt-BR">' in page


def test_a_slow_hint_says_searching_and_the_table_keeps_answering(tmp_path: Path) -> None:
    gate = threading.Event()

    def slow(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        gate.wait(20)
        return hint_for(knowledge, budget, cancelled)

    with TestClient(create_app(tmp_path / "web", hint_finder=slow)) as client:
        token = token_of(client.get("/", headers={"accept-language": "pt-BR"}).text)
        player = player_of(client)
        players: Players = client.app.state.players  # type: ignore[attr-defined]
        player.call(lambda: players.settle(player, lambda: None)).result()  # as after a form
        arrived = threading.Event()
        emit = player.session.emit

        def noted(answer: object) -> None:
            emit(answer)  # type: ignore[arg-type]
            arrived.set()

        player.session.emit = noted
        state = client.post(
            "/act", data={"token": token, "do": "hint"}, headers={"accept": "application/json"}
        ).json()
        with in_language("pt_BR"):
            searching = sentence(messages.searching())
        assert searching == "Procurando uma solução."
        assert state["answer"] == [searching] and state["searching"] is True
        assert searching in client.get("/").text
        moves = player.session.game.moves
        client.post("/act", data={"token": token, "do": "undo"})  # answered meanwhile
        assert text_of(client.get("/").text, "answer") != searching
        assert player.session.game.moves == moves
        gate.set()
        assert arrived.wait(20)
        polled = client.get("/state").json()
        assert polled["searching"] is False
        assert any(line.startswith("Dica") for line in polled["answer"]), polled["answer"]


def test_pyramide_serve_prints_the_address_and_serves(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = serve_command(tmp_path / "web", "--port", str(port), "--lang", "en")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        url = f"http://127.0.0.1:{port}/"
        with in_language("en"):
            assert line.strip() == words.serving(url)
        # Printed once the port listens: the first request is answered.
        page = httpx2.get(url, headers={"accept-language": "pt-PT"}, timeout=30)
        assert page.status_code == 200 and '<html lang="pt-PT">' in page.text
        assert (tmp_path / "web" / "players").is_dir()
    finally:
        server.terminate()
        server.wait(10)


def test_pyramide_version_does_not_load_the_web() -> None:
    code = (
        "import sys, io; from pyramide_a11y.cli.main import build_parser; "
        "p = build_parser(); a = p.parse_args(['serve', '--port', '9']); "
        "print(a.port, 'starlette' in sys.modules, 'uvicorn' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["9", "False", "False"]


def test_one_players_requests_are_played_one_at_a_time_and_saved(tmp_path: Path) -> None:
    served = Served(tmp_path / "web")
    with httpx2.Client(base_url=served.url, timeout=30) as first:
        token = token_of(first.get("/").text)
        cookie = first.cookies[COOKIE]
    answers_seen: list[int] = []

    def draw() -> None:
        with httpx2.Client(base_url=served.url, cookies={COOKIE: cookie}, timeout=30) as client:
            reply = client.post(
                "/act",
                data={"token": token, "do": "draw"},
                headers={"accept": "application/json"},
            )
            answers_seen.append(reply.status_code)

    workers = [threading.Thread(target=draw) for _ in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
    assert answers_seen == [200] * 8
    with httpx2.Client(base_url=served.url, cookies={COOKIE: cookie}, timeout=30) as client:
        state = client.get("/state").json()
    served.stop()
    with in_language("en"):
        assert messages.stock_count(16) in state["html"]
    # Every draw was saved (the store is used on the thread that opened it): a new
    # server takes the game up where it was.
    again = Served(tmp_path / "web")
    try:
        with httpx2.Client(base_url=again.url, cookies={COOKIE: cookie}, timeout=30) as client:
            state = client.get("/state").json()
    finally:
        again.stop()
    with in_language("en"):
        assert messages.stock_count(16) in state["html"]


def test_the_cookie_is_secure_over_https(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web"), base_url="https://testserver") as client:
        page = client.get("/")
        assert "secure" in page.headers["set-cookie"].lower()
        token = token_of(page.text)
        played = client.post(
            "/act", data={"token": token, "do": "draw"}, headers={"origin": "https://testserver"}
        )
        assert played.status_code == 200
        forged = client.post(
            "/act", data={"token": token, "do": "draw"}, headers={"origin": "http://testserver"}
        )
        assert forged.status_code == 403


@pytest.mark.parametrize(("tag", "code"), LANGS)
def test_the_languages_are_named_in_themselves_through_the_catalogs(
    client: TestClient, tag: str, code: str
) -> None:
    text = client.get("/", headers={"accept-language": tag}).text
    # Buttons, not a list box: a <select> is announced by the screen reader on
    # load, before the game's own opening line.
    assert "<select" not in text
    options = re.findall(
        r'<button type="submit" name="lang" value="(\w+)" id="lang-[\w-]+" lang="([\w-]+)"'
        r'(?: aria-current="true")?>([^<]+)</button>',
        text,
    )
    names = {}
    for language, lang_tag in (("pt_PT", "pt-PT"), ("pt_BR", "pt-BR"), ("en", "en")):
        with in_language(language):
            names[language] = (lang_tag, words.language_name(language))
    assert [(value, lang, html_lib.unescape(name)) for value, lang, name in options] == [
        (language, lang_tag, name) for language, (lang_tag, name) in names.items()
    ]
    assert names["pt_PT"][1] == "Português (Portugal)" and names["pt_BR"][1] == "Português (Brasil)"
    assert f'value="{code}" id="lang-{tag}" lang="{tag}" aria-current="true">' in text
