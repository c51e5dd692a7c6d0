"""The ends of a deal on the page: the result panel (a dialog with the script, a
section without it), the impasse's exits, and the clock paused while the tab is
hidden."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pyramide_a11y.commands import Action, CardSpec, Command, Simple, Touch
from pyramide_a11y.engine import Card, Draw, Move, Recycle, RemoveKing, RemovePair
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import messages, sentence
from pyramide_a11y.narration import page_words as words
from pyramide_a11y.web.app import COOKIE, create_app
from pyramide_a11y.web.players import Player, Players

from .conftest import Served, token_of
from .test_web_browser import ACTIVE, Table, axe_violations, winnable_deal

# The deals tried by stuck_deal (a greedy line until no move at all is left).
STUCK_CODE_SEARCH = range(1, 400)


def command_of(move: Move) -> Command:
    """The session's command for one engine move."""
    if isinstance(move, Draw):
        return Simple(Action.DRAW)
    if isinstance(move, Recycle):
        return Simple(Action.RECYCLE)
    if isinstance(move, RemoveKing):
        return Touch((_spec(move.card),))
    assert isinstance(move, RemovePair)
    return Touch((_spec(move.first), _spec(move.second)))


def _spec(card: Card) -> CardSpec:
    return CardSpec(card.rank, card.suit)


def players_of(app: Any) -> Players:
    players: Players = app.state.players
    return players


def browser_player(served: Served, page: Any) -> Player:
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)
    player = players_of(served.app).find(cookie)
    assert player is not None
    return player


def settled(app: Any, player: Player) -> Player:
    """``player`` kept on disk, as its first form would (a guest has no store)."""
    player.call(lambda: players_of(app).settle(player, lambda: None)).result()
    return player


def play_on(app: Any, player: Player, code: str, moves: tuple[Move, ...]) -> None:
    """The deal ``code`` dealt and ``moves`` played on the player's session."""
    settled(app, player)

    def work() -> None:
        session = player.session
        with in_language(session.settings.language):
            player.answered(session.handle(code))
            for move in moves:
                player.answered(session.perform(session.resolve(command_of(move))))

    player.call(work).result()


def almost_won(browser: Any, served: Served, **context: Any) -> tuple[Any, Move]:
    """A page one move from the win (every move before it played on the session)."""
    code, moves = winnable_deal()
    ctx = browser.new_context(**context)
    page = ctx.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")  # a player (a cookie) now
    play_on(served.app, browser_player(served, page), code, moves[:-1])
    page.reload()
    page.wait_for_selector("body[data-ready='yes']")
    return page, moves[-1]


def win_by_keys(page: Any, last: Move) -> None:
    """The last move by the keyboard; waits for the result dialog."""
    table = Table(page, "")
    cards = [last.card] if isinstance(last, RemoveKing) else []
    if isinstance(last, RemovePair):
        cards = [last.first, last.second]
    assert cards, "the last move of a win removes cards"
    for card in cards[:-1]:
        table.touch(str(card))
    table.focus_card(str(cards[-1]))
    page.keyboard.press("Enter")
    page.wait_for_selector("dialog#result-dialog[open]")


def test_the_won_deal_opens_the_result_dialog(browser: Any, served: Served) -> None:
    page, last = almost_won(
        browser,
        served,
        locale="en",
        bypass_csp=True,
        permissions=["clipboard-read", "clipboard-write"],
    )
    code, moves = winnable_deal()
    win_by_keys(page, last)
    dialog = page.get_by_role("dialog", name="You won!")
    assert dialog.is_visible()
    # Focus on the dialog itself: its name and facts are read, a stray Enter spends
    # nothing.
    assert page.evaluate(ACTIVE) == "result-dialog"
    assert dialog.get_attribute("aria-describedby") == "result-facts"
    facts = page.locator("#result-facts").inner_text()
    with in_language("en"):
        for fact in (messages.moves(len(moves)), messages.won_panel_removed(28), code):
            assert fact in facts
        copied, again, table_exit = (
            words.code_copied(code),
            words.result_replay(),
            words.result_table(),
        )
    # The one live region is inside the dialog, empty: the dialog itself is heard.
    assert page.locator("dialog #answer[aria-live='polite']").count() == 1
    assert page.locator("[aria-live]").count() == 1
    assert page.locator("#answer").inner_text() == ""
    assert page.locator("#result").count() == 0  # the section became the dialog
    assert dialog.get_by_role("button", name=again).is_visible()
    assert axe_violations(page) == []
    # The par is late news: said in the live region inside the dialog, and listed.
    page.wait_for_function(
        "() => document.getElementById('result-facts').children.length === 5"
        " && document.querySelector('dialog #answer').textContent !== ''",
        timeout=20000,
    )
    par = page.locator("#result-facts li").nth(3).inner_text()
    assert par in page.locator("#answer").inner_text()
    page.locator("#copy-code").click()
    page.wait_for_function("t => document.getElementById('answer').textContent === t", arg=copied)
    assert page.evaluate("navigator.clipboard.readText()") == code
    # Esc closes it: the live region back in its place, the panel a section, focus kept.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result-dialog", state="detached")
    assert page.locator("main section[aria-labelledby=answer-heading] > #answer").count() == 1
    assert page.locator("#game #result h2").inner_text() == "You won!"
    assert page.evaluate("document.activeElement !== document.body")
    assert page.get_by_role("link", name=table_exit).count() == 1
    page.context.close()


def test_a_failed_copy_is_said_and_an_exit_closes_the_dialog(browser: Any, served: Served) -> None:
    page, last = almost_won(browser, served, locale="pt-BR")
    page.add_init_script("navigator.clipboard.writeText = () => Promise.reject(new Error('no'));")
    page.reload()
    page.wait_for_selector("body[data-ready='yes']")
    code, _ = winnable_deal()
    win_by_keys(page, last)
    with in_language("pt_BR"):
        failed, replay = words.copy_failed(code), words.result_replay()
    page.locator("#copy-code").click()
    page.wait_for_function("t => document.getElementById('answer').textContent === t", arg=failed)
    assert page.locator("dialog #answer").count() == 1  # heard inside the modal dialog
    page.get_by_role("button", name=replay).click()
    page.wait_for_selector("dialog#result-dialog", state="detached")
    page.wait_for_function(
        "() => document.querySelectorAll('#table ul.row button.card').length === 28"
    )
    assert page.evaluate("!!document.activeElement.closest('#table')")  # on the new table
    assert page.locator("#result").count() == 0
    page.context.close()


def test_the_seeds_exits_are_the_catalogs_words() -> None:
    with in_language("pt_BR"):
        assert words.result_new() == "Nova distribuição"
        assert words.result_replay() == "Repetir a mesma distribuição"
        assert words.result_table() == "Voltar a olhar a mesa"
        assert words.impasse_undo() == "Desfazer a última jogada"
        assert words.impasse_replay() == "Repetir esta distribuição"
        assert words.impasse_new() == "Distribuir outra"
        assert words.impasse_hint() == "Dica"
        assert sentence(messages.impasse()) == "Não há mais jogadas possíveis."
    with in_language("pt_PT"):
        assert words.impasse_undo() == "Anular a última jogada"


def http_player(client: TestClient) -> Player:
    player = players_of(client.app).find(client.cookies.get(COOKIE))
    assert player is not None
    return player


def test_without_javascript_the_result_is_a_section_before_the_table(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        page = client.get("/", headers={"accept-language": "en"})
        client.post("/act", data={"token": token_of(page.text), "do": "draw"})
        code, moves = winnable_deal()
        play_on(client.app, http_player(client), code, moves)
        text = client.get("/").text
        assert "<dialog" not in text
        result = text.index('<section id="result"')
        # First in the game, before the (empty) table: what a reloaded page shows
        # at its top; the answer of the winning move is on the page too.
        assert text.index("<h1>") < result < text.index('id="pyramid-heading"')
        assert '<div id="answer"' in text
        section = text[result : text.index("</section>", result)]
        assert 'name="do" value="new"' in section and 'name="do" value="replay"' in section
        assert 'href="#pyramid-heading"' in section
        assert re.search(r'<h2 id="result-heading"[^>]*>You won!</h2>', section)
        assert code in section and 'id="copy-code"' in section and " hidden>" in section
        # The exit is a plain form post.
        posted = client.post("/act", data={"token": token_of(text), "do": "replay"})
        assert posted.status_code == 200 and '<section id="result"' not in posted.text


JSON = "application/json"
"""The Accept header of the page's script."""


@pytest.mark.parametrize("tag", ["en", "pt-BR"])
def test_the_impasse_offers_its_exits(tmp_path: Path, tag: str) -> None:
    code, line = stuck_deal()
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        client.get("/", headers={"accept-language": tag})
        play_on(client.app, http_player(client), code, line)
        text = client.get("/").text
        language = "pt_BR" if tag == "pt-BR" else "en"
        with in_language(language):
            impasse = sentence(messages.impasse())
            undo = words.impasse_undo()
        assert (
            impasse
            in text[
                text.index('<div id="answer"') : text.index(
                    "</div>", text.index('<div id="answer"')
                )
            ]
        )
        form = text[
            text.index('<form method="post" action="/act" class="exits js-form" id="impasse"') :
        ]
        form = form[: form.index("</form>")]
        # Its exits are a toolbar (screen readers switch to focus mode there, so the
        # keys work); no autofocus: the answer said it once, focus stays put.
        assert f'id="impasse-undo">{undo}</button>' in form
        assert '<div role="toolbar" aria-labelledby="impasse-text">' in form
        assert [v for v in re.findall(r'value="(\w+)" id="impasse-', form)] == [
            "undo",
            "replay",
            "new",
        ]
        # A move refused now is said alone: the impasse was heard once, after the
        # move that caused it (issue 34), and its exits stay on the page.
        refused = client.post(
            "/act", data={"token": token_of(text), "do": "draw"}, headers={"accept": JSON}
        ).json()
        assert refused["answer"] and not any(impasse in said for said in refused["answer"])
        text = client.get("/").text
        assert 'id="impasse"' in text
        before = http_player(client).session.game.moves
        client.post("/act", data={"token": token_of(text), "do": "undo"})
        assert 'id="impasse"' not in client.get("/").text
        assert http_player(client).session.game.moves == before  # the counter never goes down


def stuck_deal() -> tuple[str, tuple[Move, ...]]:
    """A deal and a line of moves that ends at the dead end: no move at all left
    (nothing to remove, the stock empty and no recycle left)."""
    from pyramide_a11y.core.sources import coded_source
    from pyramide_a11y.engine import Game, get_rules
    from pyramide_a11y.engine.dealcode import DealCode

    rules = get_rules("paciencia")
    for n in STUCK_CODE_SEARCH:
        source = coded_source(DealCode(rules, n * 104729))
        game = Game(source.layout, source.rules)
        played: list[Move] = []
        for _ in range(400):  # greedy: the first legal removal, else draw / recycle
            if game.impasse:
                assert source.code is not None
                return source.code, tuple(played)
            moves = game.legal_moves()
            if not moves:
                break
            removals = [m for m in moves if isinstance(m, RemoveKing | RemovePair)]
            move = removals[0] if removals else moves[0]
            game.play(move)
            played.append(move)
    raise AssertionError("no stuck deal found")


@pytest.mark.parametrize(
    ("locale", "language"), [("en", "en"), ("pt-PT", "pt_PT"), ("pt-BR", "pt_BR")]
)
def test_at_the_impasse_focus_stays_on_the_table_where_the_keys_work(
    browser: Any, served: Served, locale: str, language: str
) -> None:
    code, line = stuck_deal()
    context = browser.new_context(locale=locale, bypass_csp=True)  # axe is injected
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready='yes']")
    play_on(served.app, browser_player(served, page), code, line[:-1])
    page.reload()
    page.wait_for_selector("body[data-ready='yes']")
    assert page.locator("#impasse").count() == 0
    table, last = Table(page, code), line[-1]
    page.locator("#table button.card[tabindex='0']").focus()
    if isinstance(last, Draw | Recycle):
        said = table.act("draw" if isinstance(last, Draw) else "recycle")
    else:
        cards = [last.card] if isinstance(last, RemoveKing) else list(last.cards)
        said = ""
        for card in cards:
            said = table.touch(str(card))
    with in_language(language):
        assert said.count(messages.impasse()) == 1  # said once, after the move
        undo, replay = words.impasse_undo(), words.impasse_replay()
    page.wait_for_selector("#impasse")
    assert page.evaluate("() => !!document.activeElement.closest('#table')")
    assert axe_violations(page) == []  # the impasse with its exits
    # Its exits: a toolbar, arrows move among them.
    page.locator("#impasse-undo").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.textContent") == replay
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.textContent") == undo
    # Back on the table, U undoes the last move: the exits gone, focus kept.
    page.locator("#table button.card[tabindex='0']").focus()
    table.key("u")
    assert page.locator("#impasse").count() == 0
    assert page.evaluate("document.activeElement !== document.body")
    context.close()


HIDE = """hidden => {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
    Object.defineProperty(document, 'visibilityState', {configurable: true,
        get: () => hidden ? 'hidden' : 'visible'});
    document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_the_clock_pauses_while_the_tab_is_hidden(browser: Any, tmp_path: Path) -> None:
    now = [1000.0]
    server = Served(tmp_path / "web", game_clock=lambda: now[0])
    try:
        context = browser.new_context(locale="en")
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='yes']")
        timer = settled(server.app, browser_player(server, page)).session.timer
        now[0] += 5  # five seconds played
        page.evaluate(HIDE, True)
        page.wait_for_selector("body[data-clock='paused']")
        assert timer.paused
        now[0] += 100  # the tab is hidden: not counted
        page.evaluate(HIDE, False)
        page.wait_for_selector("body[data-clock='running']")
        assert not timer.paused
        now[0] += 2
        assert timer.elapsed() == pytest.approx(7)
        # The time the game says (status) leaves the hidden span out.
        table = Table(page, "")
        mark = table.mark()
        page.locator("#line").fill("status")
        page.keyboard.press("Enter")
        with in_language("en"):
            assert sentence(messages.elapsed(7)).removesuffix(".") in table.answered(mark)
        context.close()
    finally:
        server.stop()


def test_the_clock_form_is_checked_like_every_form(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "web"), base_url="http://testserver") as client:
        page = client.get("/", headers={"accept-language": "pt-BR"})
        token = token_of(page.text)
        refused = client.post("/clock", data={"token": "x", "state": "hidden"})
        assert refused.status_code == 403
        cross = client.post(
            "/clock",
            data={"token": token, "state": "hidden"},
            headers={"origin": "https://elsewhere.example", "accept": "application/json"},
        )
        assert cross.status_code == 403 and cross.json()["refused"] is True
        assert not http_player(client).session.timer.paused
        ok = client.post("/clock", data={"token": token, "state": "hidden"})
        assert ok.json() == {"paused": True}
        assert client.post("/clock", data={"token": token, "state": "??"}).json() == {
            "paused": False
        }


# Watches the pyramid's list box as a screen reader meets it: the task in which it
# gets its role, and what is pending when focus lands on a card (a mutation record
# not yet delivered was made in the same task as the focus).
WATCH_LIST_BOX = """() => {
  const rows = document.getElementById('rows');
  window.__listBox = {roleBefore: rows.getAttribute('role'), delivered: [], atFocus: null};
  const seen = window.__listBox;
  const roles = (records) => records
    .filter(r => r.target === rows && r.attributeName === 'role')
    .map(() => rows.getAttribute('role'));
  const observer = new MutationObserver(records => { seen.delivered.push(...roles(records)); });
  observer.observe(rows, {attributes: true});
  document.addEventListener('focusin', event => {
    if (seen.atFocus === null && rows.contains(event.target)) {
      seen.atFocus = {pending: roles(observer.takeRecords()), role: rows.getAttribute('role'),
                      name: rows.getAttribute('aria-label'), id: event.target.id};
    }
  });
}"""


IN_TABLE = "document.getElementById('table').contains(document.activeElement)"


def test_after_the_win_n_deals_into_a_list_box_already_there(browser: Any, served: Served) -> None:
    """A won deal's rows hold no card, so no list box; N deals anew. The list box
    gets its role with its rows, a task before focus moves onto its first free card
    (made in the same change, Chromium made it a new object as focus moved), and the
    dialog left the document's caret where focus went, in the table (left at the
    page's heading, Orca sometimes took its focus to be there, outside the table,
    and said "Pyramid tool bar" before the new deal's answer)."""
    page, last = almost_won(browser, served, locale="en")
    win_by_keys(page, last)
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#result-dialog", state="detached")
    assert page.locator("#rows [role='option']").count() == 0
    focused, caret = page.evaluate(
        "[document.activeElement.id, window.getSelection().anchorNode?.id ?? null]"
    )
    assert caret == focused and page.evaluate(IN_TABLE), "the caret is not where focus is"
    page.evaluate(WATCH_LIST_BOX)
    page.keyboard.press("n")
    page.wait_for_function("() => window.__listBox.atFocus !== null", timeout=20000)
    seen = page.evaluate("window.__listBox")
    assert seen["roleBefore"] is None  # the won deal's rows: no list box
    assert seen["atFocus"]["role"] == "listbox"
    assert seen["atFocus"]["pending"] == [], "the list box's role came with the focus"
    assert seen["delivered"] == ["listbox"]
    with in_language("en"):
        dealt = sentence(messages.new_deal())
    # Focus came from the stock into the list box: the answer is the list box's
    # name, said first as focus enters it.
    assert page.evaluate(ACTIVE) == seen["atFocus"]["id"]
    assert (seen["atFocus"]["name"] or "").startswith(dealt)
    page.context.close()
