"""A lesson by ear (``pyramide learn`` / ``aprender``, ``learn`` in a game).

Eleven short steps, each on a small fixed table: a full deck arranged so the
situation the step teaches is in the bottom row, the waste or the stock (some
steps first play a few moves, such as 24 draws to empty the stock). Each step
says what it teaches and what to type; the line goes through the real parser
(``commands.parse_command`` and ``resolve``) and the real engine (:class:`Game`);
a mistake is explained in one sentence (a move that is not the one asked for is
taken back), and the right answer moves on. A step that deals a table other than
the one the player last heard says so and reads it, as ``table`` does (step 1
does not: hearing its table is its task). A letter alone gets the game's answer,
``?`` the step's own help (at the review step, the game's help), ``quit`` leaves.

The lesson plays no game of the player's: ``pyramide learn`` discards, before
any move, the game its session dealt, so it never shows in history or statistics.

The step reached is saved (the ``lesson_step`` setting) on every step, so
``quit`` leaves the lesson and ``learn`` offers to go on from there or restart.
The session hands every line to its :class:`Lessons` while one runs: the lesson
uses the session's loop, prompt, speech and printer.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    CommandSyntaxError,
    LetterAloneError,
    NoSuchCardError,
    Rows,
    Simple,
    Touch,
    Where,
    parse_command,
    resolve,
    syntax_refusal,
)
from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.playing import READINGS, Play
from pyramide_a11y.engine import (
    DECK,
    Card,
    Event,
    EventKind,
    Game,
    Layout,
    Position,
    Reason,
    Refusal,
    RemoveKing,
    RemovePair,
    get_rules,
    parse_move,
)
from pyramide_a11y.engine.geometry import slot
from pyramide_a11y.i18n import get_language
from pyramide_a11y.i18n.languages import continue_words
from pyramide_a11y.narration import answers as said
from pyramide_a11y.narration import describe, lesson_text, narrator
from pyramide_a11y.narration import help as help_text
from pyramide_a11y.solver.hints import HintKind, suggest
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import load_settings, save_setting

PROGRESS_KEY = "lesson_step"
"""The saved setting that keeps the step reached (0: start from the beginning)."""

_REVIEWS = (
    Action.TABLE,
    Action.FREE,
    Action.PILES,
    Action.PAIRS,
    Action.WASTE,
    Action.STATUS,
    Action.RULES,
    Action.HELP,
    Action.KEYS,
    Action.REPEAT,
)


class Milestone(enum.Enum):
    """A step's goal that is neither one action nor one event."""

    REVIEW = "review"
    """Any command that only reads the table or the help."""
    UNCOVERED = "uncovered"
    """The step's first card is free."""


@dataclass(frozen=True)
class Step:
    """One step: its table, the moves played before it, the cards its sentences
    name, and what completes it (``goal``: an action, an event kind, or a
    :class:`Milestone`: any review command, or freeing ``cards[0]``).

    What the sentences say of ``cards`` holds on the table (``tests/core/
    test_lesson.py`` checks it): ``pair`` names its pair, then a free card
    as the example of notation; ``king`` its free king; ``covered`` the covered
    card, then the two free cards over it; ``stock`` and ``stock_top`` the stock
    card, then the free card it pairs with; ``undo`` the two cards just removed."""

    name: str
    goal: Action | EventKind | Milestone
    rules: str = "pyramide"
    bottom: tuple[str, ...] = ("AC", "3D", "6H", "9S", "7C", "2D", "5C")
    above: dict[int, str] = field(default_factory=dict)
    """Row 6 cards by position (0-based)."""
    waste: tuple[str, ...] = ("9H",)
    stock: tuple[str, ...] = ()
    """The first cards of the stock (the first is drawn first)."""
    setup: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def named(self) -> tuple[Card, ...]:
        return tuple(Card.parse(c) for c in self.cards)

    def game(self) -> Game:
        """The step's table, with its set-up moves played."""
        rules = get_rules(self.rules)
        fixed = {slot(6, c): Card.parse(card) for c, card in enumerate(self.bottom)}
        fixed |= {slot(5, c): Card.parse(card) for c, card in self.above.items()}
        waste = tuple(Card.parse(c) for c in self.waste) if rules.initial_waste else ()
        front = tuple(Card.parse(c) for c in self.stock)
        used = set(fixed.values()) | set(waste) | set(front)
        rest = iter([c for c in DECK if c not in used])
        pyramid = tuple(fixed.get(s) or next(rest) for s in range(28))
        layout = Layout(pyramid, front + tuple(rest), waste, rules)
        game = Game(layout, rules)
        for move in self.setup:
            game.play(parse_move(move))
        return game


NO_PAIR = ("AC", "3D", "6H", "9S", "2D", "5C", "2S")
"""A bottom row with no pair and no king (with 9H on the waste)."""

STEPS: tuple[Step, ...] = (
    Step("free", goal=Action.FREE, bottom=("2C", "9D", "5H", "JS", "3D", "8C", "4H")),
    Step("pair", goal=EventKind.PAIR, cards=("6H", "7C", "AC")),
    Step("king", goal=EventKind.KING, bottom=("2C", "9D", "KD", "5H", "3D", "6S", "AS"),
         cards=("KD",)),
    Step(
        "covered",
        goal=Milestone.UNCOVERED,
        bottom=("2H", "JC", "3C", "3H", "5D", "5S", "AD"),
        above={0: "8S"},
        waste=("6D",),
        cards=("8S", "2H", "JC"),
    ),
    Step("pairs", goal=Action.PAIRS, bottom=("AC", "3D", "6H", "9S", "7C", "KS", "5C"),
         waste=("8D",)),
    Step("stock", goal=EventKind.PAIR, bottom=NO_PAIR, stock=("8D",), cards=("8D", "5C")),
    Step("recycle", goal=EventKind.RECYCLE, rules="paciencia", bottom=NO_PAIR,
         stock=("QS",), setup=("draw",) * 24),
    Step("stock_top", goal=EventKind.PAIR, rules="paciencia", bottom=NO_PAIR,
         stock=("8D",), cards=("8D", "5C")),
    Step("undo", goal=EventKind.UNDO, setup=("6H+7C",), cards=("6H", "7C")),
    Step("hint", goal=Action.HINT),
    Step("review", goal=Milestone.REVIEW),
)  # fmt: skip


class LessonProgress:
    """Where the step reached is kept: the settings store, or only memory."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.step = 0
        saved = load_settings(store).get(PROGRESS_KEY)
        if isinstance(saved, int) and 0 <= saved < len(STEPS):
            self.step = saved

    def save(self, step: int) -> None:
        self.step = step
        save_setting(self.store, PROGRESS_KEY, step)  # a failure leaves it in memory


class Lesson:
    """The lesson's answers, one per line, as :meth:`.session.Session.handle` gives them.

    ``standalone``: started by ``pyramide learn`` (leaving ends the program), not
    from a game (leaving goes back to it). An answer with ``quit`` set means the
    lesson is over or was left."""

    def __init__(self, progress: LessonProgress, *, standalone: bool = False) -> None:
        self.progress = progress
        self.standalone = standalone
        self.index = progress.step
        self.offering = progress.step > 0
        self.game = STEPS[self.index].game()
        self.last: list[str] = []
        self._left: tuple[Position, Card | None] | None = None
        """The table (position, selection) the step before left: the next step's
        own is read only if it differs (None: no step before, in this lesson)."""

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    def opening(self) -> Answer:
        """The welcome, then the offer to resume, or the first step."""
        if self.offering:
            offer = lesson_text.resume_offer(self.index + 1, len(STEPS), self.step.name)
            return self._said([offer])
        return self._said([lesson_text.welcome(len(STEPS)), *self._step_lines(dealt=True)])

    def handle(self, line: str) -> Answer:
        """The answer to one line; ``quit`` set when the lesson ends or is left."""
        text = line.strip()
        try:
            command = parse_command(text, get_language()) if text else None
        except LetterAloneError as err:
            # The game's answer: the rank it would be, written out, or not understood.
            return self._said(syntax_refusal(err, text))
        except CommandSyntaxError:
            command = None
            if not self.offering:
                return self._said([self._again()])
        if command == Simple(Action.QUIT):
            return self._leave()
        if self.offering:
            return self._offer_answer(text, command)
        if command is None or command == Simple(Action.LEARN):
            return self._said(self._step_lines())
        if command == Simple(Action.HELP) and self.step.goal is not Milestone.REVIEW:
            # The game's help lists what the lesson does not take (n, settings, keys);
            # the review step's text promises "? every command", so it keeps it.
            return self._said(self._help())
        return self._command(command)

    # -- answers ---------------------------------------------------------------------------

    def _said(self, lines: list[str], quit: bool = False) -> Answer:
        self.last = lines
        return Answer(list(lines), quit=quit)

    def _step_lines(self, *, dealt: bool = False) -> list[str]:
        """The step's heading and what it asks. ``dealt``: the step's table was just
        dealt; when the player has not heard it (another table before, or none),
        it is said to be new and read, as ``table`` reads it (step 1 excepted:
        hearing its table is its task)."""
        heading = lesson_text.heading(self.index + 1, len(STEPS), self.step.name)
        lines = [heading]
        table = (self.game.position, self.game.selected)
        if dealt and self.index > 0 and table != self._left:
            lines.append(lesson_text.new_table(narrator.table_summary(self.game)))
        return [*lines, *lesson_text.intro(self.step.name, self.step.named())]

    def _again(self) -> str:
        return lesson_text.again(self.step.name, self.step.named())

    def _help(self) -> list[str]:
        """``?``: the step, what to type, the lesson's own commands; then the help's
        two lines on cards (how they are typed, how they pair), which every step
        uses, spoken as the help speaks them."""
        heading = lesson_text.heading(self.index + 1, len(STEPS), self.step.name)
        return [lesson_text.step_help(heading, self._again()), *help_text.help_lines()[:2]]

    def _offer_answer(self, text: str, command: object) -> Answer:
        if text.lower() in continue_words():
            self.offering = False
            return self._said(self._step_lines(dealt=True))
        if command == Simple(Action.REPLAY):
            self.offering = False
            self._go_to(0)
            return self._said(self._step_lines(dealt=True))
        return self._said([lesson_text.resume_choice()])

    def _leave(self) -> Answer:
        self.progress.save(self.index)
        ending = [] if self.standalone else [lesson_text.back_to_game()]
        return self._said([lesson_text.left(self.index + 1), *ending], quit=True)

    def _go_to(self, index: int) -> None:
        # The table this step leaves is the one the player is on: the next step
        # reads its own only if it differs.
        self._left = (self.game.position, self.game.selected)
        self.index = index
        self.progress.save(index)
        self.game = self.step.game()

    def _done(self, lines: list[str]) -> Answer:
        """The step's task is done: the next step, or the end."""
        well_done = lesson_text.well_done()
        if self.index + 1 == len(STEPS):
            self.progress.save(0)
            if self.standalone:  # the program ends: how to play
                ending = [lesson_text.start_a_game()]
            else:  # the game goes on: how to start another
                ending = [lesson_text.back_to_game(), lesson_text.new_deal()]
            last = narrator.join([well_done, lesson_text.finished(), *ending])
            return self._said([*lines, last], quit=True)
        self._go_to(self.index + 1)
        return self._said([*lines, well_done, *self._step_lines(dealt=True)])

    # -- one command -----------------------------------------------------------------------

    def _command(self, command: object) -> Answer:
        game, goal = self.game, self.step.goal
        match command:
            case Simple(Action.REPEAT):
                lines = list(self.last)
                return self._done(lines) if goal is Milestone.REVIEW else Answer(lines)
            case Simple(action) if action in _REVIEWS:
                lines = _review(action, game)
                return (
                    self._done(lines) if goal in (Milestone.REVIEW, action) else self._said(lines)
                )
            case Rows(row):
                lines = narrator.rows(game, row)
                return self._done(lines) if goal is Milestone.REVIEW else self._said(lines)
            case Where(spec):
                lines = [narrator.where(resolve((spec,), game)[0], game)]
                return self._done(lines) if goal is Milestone.REVIEW else self._said(lines)
            case Simple(Action.HINT):
                move = suggest(game.position, game.rules)
                kind = HintKind.MOVE if isinstance(move, RemovePair | RemoveKing) else None
                kind = kind or {"draw": HintKind.DRAW, "recycle": HintKind.RECYCLE}.get(str(move))
                lines = said.hint(kind, move)
                return self._done(lines) if goal is Action.HINT else self._said(lines)
            case Simple(Action.DRAW):
                return self._outcome(game.draw())
            case Simple(Action.RECYCLE):
                return self._outcome(game.recycle())
            case Simple(Action.UNDO):
                return self._outcome(game.undo())
            case Simple(Action.CANCEL):
                return self._outcome(game.cancel())
            case Touch(specs):
                try:
                    cards = resolve(specs, game)
                except (NoSuchCardError, AmbiguousCardError):
                    return self._said([self._again()])
                return self._touch(cards)
        return self._said([self._again()])

    def _touch(self, cards: tuple[Card, ...]) -> Answer:
        game = self.game
        if len(cards) == 1:
            return self._outcome(game.select(cards[0]))
        if game.selected is not None:
            game.cancel()
        first = game.select(cards[0])
        if isinstance(first, Refusal) or first.kind is not EventKind.SELECT:
            return self._outcome(first)
        second = game.select(cards[1])
        if isinstance(second, Refusal):
            game.cancel()
        return self._outcome(second)

    def _outcome(self, outcome: Event | Refusal) -> Answer:
        game, step = self.game, self.step
        if isinstance(outcome, Refusal):
            if outcome.reason is Reason.SUM_NOT_13 and len(outcome.cards) == 2:
                return self._said([lesson_text.sum_not_13(*outcome.cards)])
            if outcome.reason is Reason.COVERED and outcome.cards:
                return self._said([lesson_text.covered(outcome.cards[0])])
            return self._said([self._again()])
        lines = describe(outcome, game)
        if self._reached(outcome):
            return self._done(lines)
        kind = outcome.kind
        if kind in (EventKind.SELECT, EventKind.CANCEL, EventKind.UNDO):
            return self._said(lines)
        if kind is EventKind.DRAW and step.name == "stock":
            return self._said([*lines, lesson_text.after_draw()])
        game.undo()  # the step's table stays as the step set it
        return self._said([narrator.join([lesson_text.taken_back(), self._again()])])

    def _reached(self, event: Event) -> bool:
        step = self.step
        if step.goal is Milestone.UNCOVERED:
            return step.named()[0] in self.game.position.free_cards()
        if step.goal is not event.kind:
            return False
        named = step.named()
        return event.kind is not EventKind.PAIR or not named or named[0] in event.removed


def _review(action: Action, game: Game) -> list[str]:
    if action is Action.STATUS:
        return [narrator.status(game, 0.0, None, deal=False)]  # a lesson table is no deal
    reading = READINGS.get(action)
    return said.review(reading, game) if reading is not None else []


class Lessons:
    """The lesson in one session: the one running (:attr:`current`, which answers
    every line while it runs) and the step reached, kept in ``store`` (None: in
    memory, for this session). ``play`` is the game the lesson pauses and goes
    back to."""

    def __init__(self, play: Play, store: Store | None) -> None:
        self._play = play
        self._store = store
        self._progress: LessonProgress | None = None  # read at the first lesson
        self.current: Lesson | None = None

    def start(self, *, standalone: bool = False) -> Answer:
        """Start the lesson and return its opening; the game's clock waits
        meanwhile. ``standalone``: ``pyramide learn``, where leaving it ends the
        program."""
        if self._progress is None:  # kept here too: without a store it is all there is
            self._progress = LessonProgress(self._store)
        if standalone:
            self._forget_unplayed_game()
        self.current = Lesson(self._progress, standalone=standalone)
        self._play.timer.pause()
        return self.current.opening()

    def _forget_unplayed_game(self) -> None:
        """``pyramide learn``: the session dealt a game (recorded at once, to be
        resumable) that the lesson will never play. It is discarded now, before any
        move, so it is never offered, listed in history or counted; and the end of
        input does not say a game was saved."""
        storage, deal = self._play.storage, self._play.deal
        if storage is not None and deal.saved is not None and storage.discard_unplayed(deal.saved):
            deal.saved = None  # nothing of it is kept: nothing to close or offer

    def handle(self, line: str) -> Answer:
        """A line while the lesson runs; when it ends or is left, back to the game
        (its table), or goodbye (``quit`` set) when the lesson was all this session
        ran."""
        lesson = self.current
        if lesson is None:
            raise RuntimeError("no lesson runs")
        answer = lesson.handle(line)
        if not answer.quit:
            return answer
        self.current = None
        if lesson.standalone:  # no game was played: none is said to be saved
            return Answer([*answer.lines, *said.goodbye(False)], quit=True)
        return Answer([*answer.lines, narrator.table_summary(self._play.game)])
