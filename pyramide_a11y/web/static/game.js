/* The page in place: forms sent with fetch, the table changed where it stands,
   the answer said first (in the name of the card focus moves to, or else in the
   live region), focus never lost, and the table's keys.
   Without this script every button is a form post and the page still plays.
   It holds no words: every sentence comes from the server, in the page's language. */
(function () {
  "use strict";

  var LETTERS = { u: "undo", h: "hint", n: "new", d: "draw", r: "recycle" };
  var POLL_MS = 700;
  var queue = Promise.resolve();
  var pollTimer = null;
  var announceTimer = null;
  var answered = 0;
  var dialog = null;
  var answerHome = null;
  var resultDismissed = false;

  function $(selector, root) { return (root || document).querySelector(selector); }
  function all(selector, root) {
    return Array.prototype.slice.call((root || document).querySelectorAll(selector));
  }
  function tableButtons(root) { return all("#table button.card", root); }
  function freeButtons(root) { return all("#table button.card.free", root); }
  function token() { var t = $("input[name='token']"); return t ? t.value : ""; }

  /* -- the live region: cleared, then set, so the same answer twice is heard twice;
     one paragraph per answer (one insertion: its lines are heard in order); late
     news is added after the answer, so only the news is heard. ``quiet``: the
     answer is shown there but not spoken (the focused card's name carries it). -- */
  function announce(lines, append, quiet) {
    var region = $("#answer");
    if (!region) { return; }
    if (announceTimer !== null) { clearTimeout(announceTimer); announceTimer = null; }
    var mark = ++answered;
    function put() {
      var p = document.createElement("p");
      p.textContent = lines.join(" ");
      region.appendChild(p);
      document.body.setAttribute("data-answered", String(mark));
    }
    if (quiet) {
      region.setAttribute("aria-live", "off");
      if (!append) { region.textContent = ""; }
      put();
      return;
    }
    region.setAttribute("aria-live", "polite");
    if (!append) { region.textContent = ""; }
    announceTimer = setTimeout(function () { announceTimer = null; put(); }, append ? 0 : 60);
  }

  /* -- the answer in the name of the card focus moves to: heard first, before
     where focus is, then the card's short name; its full name (row, position,
     partners) is back once focus leaves it -- */
  function shortName(el) {
    var words = el.querySelector(".words");
    return words ? words.textContent : el.textContent;
  }

  function carry(el, text) {
    if (!el.hasAttribute("data-label")) {
      el.setAttribute("data-label", el.getAttribute("aria-label") || "");
    }
    el.setAttribute("aria-label", text ? text + " " + shortName(el) : shortName(el));
  }

  /* Focus coming into the pyramid from outside it: a screen reader says the
     containers it enters first (Orca: the table's toolbar when focus comes from
     outside the table, then the list box), so the answer goes in the name of
     the outermost one entered, and the card keeps its short name. */
  function carryIn(container, text) {
    container.removeAttribute("aria-labelledby");
    container.setAttribute("aria-label", text);
    container.setAttribute("data-carried", "yes");
  }

  function uncarryContainers() {
    all("#table[data-carried], #rows[data-carried]").forEach(function (container) {
      container.removeAttribute("data-carried");
      container.removeAttribute("aria-label");
      container.setAttribute("aria-labelledby", "pyramid-heading");
    });
  }

  function uncarry(el) {
    if (!el.hasAttribute || !el.hasAttribute("data-label")) { return; }
    var label = el.getAttribute("data-label");
    el.removeAttribute("data-label");
    if (label) { el.setAttribute("aria-label", label); } else { el.removeAttribute("aria-label"); }
  }

  /* -- the pyramid one list box of its cards (``role=option`` on the buttons),
     put on by the script: a screen reader then says a card by its name alone
     (row and position are in it), not "push button" after each, nor "list
     with N items" at each change of row. The APG grid was tried: Orca says
     "row 1 column 2" there, more words, and reads a cell's text, not its name.
     The row headings and the gaps are for reading the page, not inside the
     list box (its children are options); the arrows move among the free cards
     (``move``), Enter still sends the button's form. Without the script every
     card is a button of a form under its row's heading. -- */
  function upgrade(root) {
    var rows = root.querySelector("#rows");
    if (!rows) { return; }
    var cards = all("button.card", rows);
    if (!cards.length) { return; }
    rows.setAttribute("role", "listbox");
    rows.setAttribute("aria-labelledby", "pyramid-heading");
    all("h3, .gap", rows).forEach(function (el) { el.setAttribute("aria-hidden", "true"); });
    cards.forEach(function (card) { card.setAttribute("role", "option"); });
  }

  /* The outermost container (a selector) that focus, leaving ``focused`` for the
     card ``target`` of the ``fresh`` fragment, enters and a screen reader says:
     the table from outside it, the pyramid's list box from the stock or the
     waste; null when focus stays inside the list box. */
  function enteredBy(focused, target, fresh) {
    var list = fresh.querySelector("#rows[role='listbox']");
    if (!list || !list.contains(target)) { return null; }
    var inside = function (selector) {
      return !!(focused && focused.closest && focused.closest(selector));
    };
    if (!inside("#table")) { return "#table"; }
    return inside("#rows") ? null : "#rows";
  }

  /* -- the table changed in place: elements kept where they stay, so focus stays -- */
  function syncAttributes(from, to) {
    var i, name;
    for (i = from.attributes.length - 1; i >= 0; i--) {
      name = from.attributes[i].name;
      if (name !== "tabindex" && !to.hasAttribute(name)) { from.removeAttribute(name); }
    }
    for (i = 0; i < to.attributes.length; i++) {
      name = to.attributes[i].name;
      if (name === "hidden" && from.hasAttribute("data-js-only")) { continue; }
      if (from.getAttribute(name) !== to.attributes[i].value) {
        from.setAttribute(name, to.attributes[i].value);
      }
    }
  }

  function morph(from, to) {
    syncAttributes(from, to);
    var olds = Array.prototype.slice.call(from.childNodes);
    var news = Array.prototype.slice.call(to.childNodes);
    var count = Math.max(olds.length, news.length);
    for (var i = 0; i < count; i++) {
      var a = olds[i], b = news[i];
      if (!b) { from.removeChild(a); continue; }
      if (!a) { from.appendChild(b); continue; }
      if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName ||
          (a.nodeType === 1 && a.id !== b.id)) {
        from.replaceChild(b, a);
        continue;
      }
      if (a.nodeType !== 1) {
        if (a.nodeValue !== b.nodeValue) { a.nodeValue = b.nodeValue; }
        continue;
      }
      morph(a, b);
    }
  }

  function isCard(el) { return !!el && el.tagName === "BUTTON" && el.classList.contains("card"); }
  function isFree(el) { return isCard(el) && el.classList.contains("free"); }

  /* Where focus goes when the focused card leaves: the next free card that stays,
     else a card just freed, else any free card, else Draw. */
  function focusTarget(focused, fresh) {
    var freeBefore = freeButtons();
    var at = freeBefore.indexOf(focused);
    var ordered = freeBefore.slice(at + 1).concat(freeBefore.slice(0, Math.max(at, 0)));
    var i, el;
    for (i = 0; i < ordered.length; i++) {
      el = fresh.querySelector("#" + ordered[i].id);
      if (isFree(el) && el.value === ordered[i].value) { return ordered[i].id; }
    }
    var freeAfter = freeButtons(fresh);
    for (i = 0; i < freeAfter.length; i++) {
      el = document.getElementById(freeAfter[i].id);
      if (!isFree(el)) { return freeAfter[i].id; }
    }
    return freeAfter.length ? freeAfter[0].id : "draw";
  }

  /* A table dealt anew (a new deal, the same deal again, back to the start): every
     pyramid card in place where the old table had gaps, or other cards. */
  function dealtAnew(fresh) {
    var slots = "#table li[id^='slot-']";
    var olds = all(slots), news = all(slots, fresh);
    if (!news.length || news.length !== olds.length || all(slots + " .gap", fresh).length) {
      return false;
    }
    if (all(slots + " .gap").length) { return true; }
    for (var i = 0; i < olds.length; i++) {
      var a = olds[i].querySelector("button"), b = news[i].querySelector("button");
      if (!a || !b || a.value !== b.value) { return true; }
    }
    return false;
  }

  /* A table dealt anew: the table (a toolbar), the pyramid's list box and the
     piles stay the same elements, and the list box's rows are put in at once.
     A screen reader then hears focus move inside the list box it is in, not
     into a new toolbar (the whole table replaced, Orca once said "Pyramid tool
     bar" before the answer); and the rows change in one insertion, not card by
     card (past 50 queued events Orca drops the live region's news). The piles
     are few: ``morph`` changes them in place, so a focused stock or waste top
     stays where it is until focus moves to the new deal's first free card.
     The list box's own role and name go on with its rows: a won deal's rows
     hold no card, so no role; put on only when focus moved (by ``morph``),
     Chromium made the list box a new object in the same change as the focus
     (Orca's log: the new rows added to a "section", its role a frame later). */
  function redeal(fresh) {
    var rows = $("#rows"), freshRows = fresh.querySelector("#rows");
    if (!rows || !freshRows) { return; }
    syncAttributes(rows, freshRows);
    var copy = freshRows.cloneNode(true);
    var part = document.createDocumentFragment();
    while (copy.firstChild) { part.appendChild(copy.firstChild); }
    rows.textContent = "";
    rows.appendChild(part);
  }

  /* -- the result panel: a modal dialog while the script runs (the page without it
     shows the same content as a section after the answer). The one live region
     goes inside the dialog while it is open, so late news and the copy's answer
     are heard there; the dialog itself is announced by its name and description. -- */
  function showJsOnly(root) {
    all("[data-js-only]", root).forEach(function (el) { el.hidden = false; });
  }

  function takeResult(root) {
    var section = root.querySelector("#result");
    if (!section || resultDismissed) { return section ? null : false; }
    section.parentNode.removeChild(section);
    return section;
  }

  /* Where focus rests in the table: its tab stop, else a free card, else Draw. */
  function tableStop() {
    return $("#table button.card[tabindex='0']") || freeButtons()[0] ||
      document.getElementById("draw");
  }

  function sensibleFocus() {
    var target = tableStop();
    if (target) { target.focus(); }
  }

  function openResult(section) {
    var content = document.createElement("div");
    content.id = "result-content";
    while (section.firstChild) { content.appendChild(section.firstChild); }
    showJsOnly(content);
    if (dialog) {
      morph(dialog.querySelector("#result-content"), content);
      showJsOnly(dialog);
      wireResult(dialog);
      return false;
    }
    dialog = document.createElement("dialog");
    dialog.id = "result-dialog";
    /* Focus goes to the dialog itself: the screen reader says its name and its
       description (the facts), and a stray Enter there spends nothing. */
    dialog.tabIndex = -1;
    dialog.setAttribute("aria-labelledby", "result-heading");
    dialog.setAttribute("aria-describedby", "result-facts");
    dialog.appendChild(content);
    var region = $("#answer");
    if (region) {
      answerHome = region.parentNode;
      region.textContent = "";
      region.setAttribute("aria-live", "polite");
      dialog.appendChild(region);
    }
    dialog.addEventListener("cancel", function () { resultDismissed = "now"; });
    dialog.addEventListener("close", resultClosed);
    ($("main") || document.body).appendChild(dialog);
    dialog.showModal();
    wireResult(dialog);
    dialog.focus();
    return true;
  }

  /* Esc, "look at the table" or an exit: the live region goes back to its place,
     the panel's content back to the page (dismissed by the player: as a section). */
  function resultClosed() {
    var closing = dialog;
    if (!closing) { return; }
    dialog = null;
    var region = $("#answer", closing);
    if (region && answerHome) { answerHome.appendChild(region); }
    var content = $("#result-content", closing);
    var outcome = $("#outcome");
    if (resultDismissed === "now" && content && outcome) {
      resultDismissed = true;
      var section = document.createElement("section");
      section.id = "result";
      section.className = "result";
      section.setAttribute("aria-labelledby", "result-heading");
      while (content.firstChild) { section.appendChild(content.firstChild); }
      outcome.insertBefore(section, outcome.firstChild);
    }
    closing.parentNode.removeChild(closing);
    sensibleFocus();
  }

  function dismissResult() {
    if (!dialog) { return; }
    resultDismissed = "now";
    closeDialog(tableStop());
  }

  /* Closing a modal dialog, Chromium tells the screen reader that focus moved and
     that the document's caret did: to the page's first text, its heading, when the
     caret was never put anywhere. Orca handles the two in either order; when the
     caret's comes last, Orca's focus is on that heading, outside the table, and the
     next move's answer came after "Pyramid tool bar" (Orca's debug log, 3 December
     2026: the caret event dequeued 120 ms late). So the caret goes first where focus
     is going. */
  function closeDialog(to) {
    var selection = window.getSelection ? window.getSelection() : null;
    if (selection && to) {
      try { selection.collapse(to, 0); } catch (ignored) { /* no caret: focus alone */ }
    }
    dialog.close();
  }

  /* The game fragment ``html`` in place of the old; ``lines`` the answer. Focus
     moves when the focused card leaves or is covered (to the next free card),
     when the table is dealt anew or the focused control left (to the table's first
     free card): the card it lands on carries the answer first in its name. Returns
     {opened: the result dialog opened, carried: the answer is in a card's name}. */
  function replaceGame(html, lines) {
    var game = $("#game");
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    var fresh = holder.content.firstElementChild;
    var done = { opened: false, carried: false };
    if (!game || !fresh) { return done; }
    upgrade(fresh);
    var result = takeResult(fresh);
    if (result === false) { resultDismissed = false; }
    var focused = document.activeElement;
    var text = lines && lines.length ? lines.join(" ") : "";
    var anew = dealtAnew(fresh);
    var target = null;
    var inField = focused && focused.matches && focused.matches("input, select, textarea");
    if (isCard(focused) && game.contains(focused)) {
      var next = fresh.querySelector("#" + focused.id);
      if (anew) {
        target = (freeButtons(fresh)[0] || {}).id || null;
      } else if (!isFree(next) || next.value !== focused.value) {
        target = focusTarget(focused, fresh);
      }
    } else if (anew && !inField && !result) {
      target = (freeButtons(fresh)[0] || {}).id || null;
    }
    var early = target !== null && !anew ? document.getElementById(target) : null;
    if (target !== null && text) {
      var freshTarget = fresh.querySelector("#" + target);
      if (isCard(freshTarget)) {
        var entered = enteredBy(focused, freshTarget, fresh);
        var said = text;
        if (entered) {
          carryIn(fresh.querySelector(entered), text);
          var live = $(entered);
          if (live) { carryIn(live, text); }
          said = "";
        }
        carry(freshTarget, said);
        if (early) { carry(early, said); }
        done.carried = true;
      }
    }
    /* A won deal's list box holds no card; filled again, Chromium makes it a new
       object (the tool bar loses it and gains it back). Focus moving in the same
       change, Orca sometimes took the list box for a new one around the card and
       said "Pyramid tool bar" before the answer: so the list box and its rows go
       in first (``redeal``), and focus moves a frame later, once they are there
       for the screen reader. */
    var refilled = anew && target !== null && !$("#rows [role='option']");
    if (anew) { redeal(fresh); }
    function land() {
      /* The result dialog closed first: nothing outside it takes focus while it is open. */
      if (dialog && result === false) {
        closeDialog(target !== null ? document.getElementById(target) : null);
      }
      /* Focus first to a card that stays, so it is never lost while the old goes. */
      if (early && early !== focused) { early.focus(); }
      morph(game, fresh);
      var landed = target !== null ? document.getElementById(target) : null;
      if (landed && document.activeElement !== landed) { landed.focus(); }
      if (!document.activeElement || document.activeElement === document.body) {
        if (focused && !document.contains(focused) && !result) {
          var stop = $("#table button.card[tabindex='0']") || freeButtons()[0];
          if (stop && text) { carry(stop, text); done.carried = true; }
          if (stop) { stop.focus(); } else { var draw = document.getElementById("draw"); if (draw) { draw.focus(); } }
        }
      }
      rove(landed && isCard(landed) ? landed : undefined);
      showJsOnly(game);
      if (result) { done.opened = openResult(result); done.carried = false; }
      return done;
    }
    if (refilled) {
      done.later = nextFrame().then(land);
      return done;
    }
    return land();
  }

  /* Resolved once the page has drawn a frame after this one (what changed is
     then known to the screen reader); at most 200 ms (a hidden page draws none). */
  function nextFrame() {
    return new Promise(function (resolve) {
      var timer = setTimeout(resolve, 200);
      requestAnimationFrame(function () {
        requestAnimationFrame(function () { clearTimeout(timer); resolve(); });
      });
    });
  }

  /* -- roving tabindex: the table is one stop of Tab, arrows move inside it -- */
  function rove(current) {
    var buttons = tableButtons();
    if (!buttons.length) { return; }
    var keep = current;
    if (buttons.indexOf(keep) < 0) { keep = document.activeElement; }
    if (buttons.indexOf(keep) < 0) { keep = buttons.filter(function (b) { return b.getAttribute("tabindex") === "0"; })[0]; }
    if (buttons.indexOf(keep) < 0) { keep = freeButtons()[0] || buttons[0]; }
    buttons.forEach(function (b) { b.tabIndex = b === keep ? 0 : -1; });
  }

  /* The row a card is in: its list (the stock and the waste share one). */
  function rowOf(el) { return el.closest("ul"); }

  function move(from, key) {
    var free = freeButtons();
    if (!free.length) { return; }
    var at = free.indexOf(from);
    var to = null;
    if (key === "Home") { to = free[0]; }
    else if (key === "End") { to = free[free.length - 1]; }
    else if (at < 0) { to = free[0]; }
    else if (key === "ArrowRight") { to = free[(at + 1) % free.length]; }
    else if (key === "ArrowLeft") { to = free[(at - 1 + free.length) % free.length]; }
    else {
      /* Up and down: the nearest free card in another row, that way. */
      var step = key === "ArrowDown" ? 1 : -1;
      var here = rowOf(from);
      for (var i = at + step; i >= 0 && i < free.length; i += step) {
        if (rowOf(free[i]) !== here) { to = free[i]; break; }
      }
      to = to || from;
    }
    if (to) { rove(to); to.focus(); }
  }

  /* -- only what changed: the server sends the game fragment whole once, then
     line patches of the last one it sent (``held`` names it; web/delta.py). The
     text held here is the server's own, so a patched text is exactly the whole
     one, and the page changes from it as from a whole fragment. -- */
  var held = { token: "", html: "" };

  function patched(text, patch) {
    var lines = text.split("\n");
    var end = lines.length;
    for (var i = patch.length - 1; i >= 0; i--) {
      var start = patch[i][0], removed = patch[i][1];
      if (start < 0 || start + removed > end) { return null; }
      Array.prototype.splice.apply(lines, [start, removed].concat(patch[i][2]));
      end = start;
    }
    return lines.join("\n");
  }

  /* The whole fragment of ``state`` (given, or the held one patched), kept for the
     next patch; null when a patch does not fit what is held (then the page is
     loaded again). A state without a fragment (a refusal) keeps what is held. */
  function fragmentOf(state) {
    var html = typeof state.html === "string" ? state.html : undefined;
    if (html === undefined && state.patch) {
      html = state.base === held.token ? patched(held.html, state.patch) : null;
      if (html === null) { return null; }
    }
    if (html !== undefined && typeof state.held === "string") {
      held = { token: state.held, html: html };
    }
    return html;
  }

  function heldToken() { return held.token; }

  /* -- sending: one request at a time, in order -- */
  function apply(state, announceIt, append) {
    if (state.lang && state.lang !== document.documentElement.lang) {
      window.location.reload();
      return;
    }
    var fragment = fragmentOf(state);
    if (fragment === null) { window.location.reload(); return; }
    var lines = announceIt && state.answer ? state.answer : null;
    var done = typeof fragment === "string" ? replaceGame(fragment, lines) : {};
    if (done.later) {
      /* The next request waits too: it changes the page as focus has it. */
      return done.later.then(function () { applied(state, done, announceIt, append); });
    }
    applied(state, done, announceIt, append);
  }

  /* The rest of ``apply`` once the page has changed and focus has moved: the
     letter keys' switch, the answer, the next poll. */
  function applied(state, done, announceIt, append) {
    if (done.opened) { announceIt = false; }  /* the dialog is heard: its name, its facts */
    if (typeof state.letterKeys === "boolean") {
      document.body.setAttribute("data-letter-keys", state.letterKeys ? "on" : "off");
      var toggle = document.getElementById("letter-keys");
      if (toggle) {
        toggle.setAttribute("aria-pressed", state.letterKeys ? "true" : "false");
        toggle.value = state.letterKeys ? "0" : "1";
      }
    }
    if (announceIt && state.answer) { announce(state.answer, append === true, done.carried); }
    schedulePoll(state.searching === true);
  }

  function send(url, data) {
    queue = queue.then(function () {
      /* The fragment held when this request leaves (the one before it answered). */
      data.set("held", heldToken());
      return fetch(url, {
        method: "POST",
        body: new URLSearchParams(data),
        headers: { "Accept": "application/json" },
        credentials: "same-origin"
      }).then(function (response) {
        return response.json();
      }).then(function (state) {
        return apply(state, true);
      }).catch(function () {
        window.location.reload();
      });
    });
    return queue;
  }

  function schedulePoll(searching) {
    if (pollTimer !== null) { clearTimeout(pollTimer); pollTimer = null; }
    if (!searching) { return; }
    pollTimer = setTimeout(function () {
      pollTimer = null;
      queue = queue.then(function () {
        var game = $("#game");
        var version = game ? Number(game.getAttribute("data-version")) : 0;
        return fetch("/state?held=" + encodeURIComponent(heldToken()), { headers: { "Accept": "application/json" }, credentials: "same-origin" })
          .then(function (response) { return response.json(); })
          .then(function (state) {
            /* Only the news is said: the answer before it was heard already. */
            var news = state.news && state.news.length ? state.news : null;
            if (news) { state.answer = news; }
            return apply(state, news !== null && state.version !== version, true);
          })
          .catch(function () { schedulePoll(true); });
      });
    }, POLL_MS);
  }

  function act(name) {
    var data = new FormData();
    data.append("token", token());
    data.append("do", name);
    send("/act", data);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("js-form")) { return; }
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
    /* A touch screen: the rules then speak of taps, not of letters. */
    if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) {
      data.append("pointer", "coarse");
    }
    /* Draw and Recycle sit at the stock, in the table's form, sent to /act. */
    var action = (submitter && submitter.getAttribute("formaction")) || form.getAttribute("action");
    send(action, data);
    var line = form.querySelector("input[name='line']");
    if (line) { line.value = ""; }
  });

  /* -- the deal's code to the clipboard; the answer (copied or not) in the live region -- */
  function copyCode(button) {
    var done;
    try {
      done = navigator.clipboard.writeText(button.getAttribute("data-code"));
    } catch (err) {
      done = Promise.reject(err);
    }
    Promise.resolve(done).then(function () {
      announce([button.getAttribute("data-copied")]);
    }, function () {
      announce([button.getAttribute("data-failed")]);
    });
  }

  /* The panel's two script-only actions, each on its own control: a click
     listener on the document would make every element "clickable" to a screen
     reader. */
  function wireResult(root) {
    var copy = $("#copy-code", root);
    if (copy) {
      copy.onclick = function (event) { event.preventDefault(); copyCode(copy); };
    }
    var table = $("#result-table", root);
    if (table) {
      table.onclick = function (event) {
        if (dialog) { event.preventDefault(); dismissResult(); }
      };
    }
  }

  /* -- the clock pauses while the tab is hidden, and resumes when it shows -- */
  document.addEventListener("visibilitychange", function () {
    var data = new FormData();
    data.append("token", token());
    data.append("state", document.hidden ? "hidden" : "visible");
    queue = queue.then(function () {
      return fetch("/clock", {
        method: "POST",
        body: new URLSearchParams(data),
        headers: { "Accept": "application/json" },
        credentials: "same-origin",
        keepalive: true
      }).then(function (response) { return response.json(); })
        .then(function (state) {
          if (typeof state.paused === "boolean") {
            document.body.setAttribute("data-clock", state.paused ? "paused" : "running");
          }
        })
        .catch(function () { /* the clock is only a courtesy: play goes on */ });
    });
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var target = event.target;
    if (dialog && target.closest && target.closest("dialog")) {
      if (event.key === "Escape") { event.preventDefault(); dismissResult(); }
      return;
    }
    var inField = target.matches && target.matches("input, select, textarea");
    var inTable = target.closest && target.closest("#table");
    var arrow = ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"].indexOf(event.key) >= 0;
    if (inTable && arrow) {
      event.preventDefault();
      move(target, event.key);
      return;
    }
    if (arrow && !inField && target.closest && target.closest("[role='toolbar']") &&
        toolbarMove(target, event.key)) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape" && !inField) {
      event.preventDefault();
      act("cancel");
      return;
    }
    if (inField || event.shiftKey || document.body.getAttribute("data-letter-keys") !== "on") { return; }
    var action = LETTERS[event.key.toLowerCase()];
    if (action) {
      event.preventDefault();
      act(action);
    }
  });

  /* -- a toolbar of buttons (the controls, the impasse's exits): arrows move
     among them, so the screen reader stays in focus mode and the keys work -- */
  function toolbarMove(target, key) {
    var bar = target.closest("[role='toolbar']");
    var buttons = all("button", bar).filter(function (b) { return !b.hidden; });
    var at = buttons.indexOf(target);
    if (at < 0 || !buttons.length) { return false; }
    var to = key === "Home" ? 0 : key === "End" ? buttons.length - 1 :
      key === "ArrowRight" || key === "ArrowDown" ? (at + 1) % buttons.length :
      (at - 1 + buttons.length) % buttons.length;
    buttons[to].focus();
    return true;
  }

  document.addEventListener("focusout", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-label")) { uncarryContainers(); }
    uncarry(event.target);
  });

  document.addEventListener("focusin", function (event) {
    if (isCard(event.target) && event.target.closest("#table")) { rove(event.target); }
  });

  /* -- on load, focus goes to the table's stop: a screen reader is then in its
     focus mode there (an APG widget), so the letters the page speaks of reach
     the game at once. Left on the page's top, Orca reads the page aloud and,
     while it does, takes a Tab into the table in browse mode: the letters
     would go to its quick navigation. The opening line is heard from the live
     region, as before. -- */
  function enterTable() {
    var stop = $("#table button.card[tabindex='0']") || freeButtons()[0];
    if (stop) { stop.focus(); }
  }

  function start() {
    upgrade(document);
    rove();
    var game = $("#game");
    showJsOnly(document);
    var result = game ? takeResult(game) : null;
    var region = $("#answer");
    if (region) { region.setAttribute("aria-live", "polite"); }
    if (result) { openResult(result); } else { enterTable(); }
    document.body.setAttribute("data-ready", "yes");
    schedulePoll(!!game && game.getAttribute("data-searching") === "yes");
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
