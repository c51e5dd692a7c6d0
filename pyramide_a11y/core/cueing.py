"""Which sound cue an action plays, and where: the session's side of the cues.

The session tells :class:`SessionCues` what happened (:meth:`~SessionCues.outcome`,
:meth:`~SessionCues.hint`, :meth:`~SessionCues.focus`); the cue waits until
the answer is made (:meth:`~SessionCues.take`, called by ``Session.say``), which
carries it (``Answer.cue``) to the front end that plays it just ahead of the words.
A cue is placed where its card sat: a pair by its pyramid card (the higher one
when both are in the pyramid), a King by its slot, draw and recycle at the piles.
Whether cues play, and in stereo or mono, is read from the session's settings
(``sounds``, ``sounds_mono``) when each cue is played, so a change typed in play
(``core.settings.apply_setting``) holds from the next cue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from pyramide_a11y.engine import Card, Event, EventKind, Game, Refusal
from pyramide_a11y.engine.geometry import ROW_COL
from pyramide_a11y.narration import join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration.cues import CENTRE, Cue, CueKind, Place, pile_place, place_of

_A = TypeVar("_A")
_KINDS = {
    EventKind.PAIR: CueKind.PAIR,
    EventKind.KING: CueKind.KING,
    EventKind.DRAW: CueKind.DRAW,
    EventKind.RECYCLE: CueKind.RECYCLE,
}


class CueSettings(Protocol):
    """The settings the cues follow (``core.settings.Settings`` is one)."""

    sounds: bool
    """Cues on."""
    sounds_mono: bool
    """Every cue in both ears alike (``sounds mono``), instead of placed left to right."""


@dataclass
class _OwnSettings:
    """The cues' settings when the session gives none: on or off, in stereo."""

    sounds: bool
    sounds_mono: bool = False


def card_place(game: Game, card: Card | None) -> Place:
    """Where ``card`` sits (or sat) on the table: its pyramid slot's place, else the
    piles (the waste)."""
    pyramid = game.layout.pyramid
    if card is not None and card in pyramid:
        row, col = ROW_COL[pyramid.index(card)]
        return place_of(row, col)
    return pile_place(waste=True)


class SessionCues:
    """The cues of one session: on or off, stereo or mono (the ``sounds`` setting),
    and whether its front end can play them (``playable``)."""

    def __init__(
        self, playable: bool, on: bool = True, settings: CueSettings | None = None
    ) -> None:
        """With ``settings`` (the session's), cues follow them as they change and
        ``on`` is ignored; without, ``on`` starts them on or off, in stereo."""
        self.playable = playable
        self.settings: CueSettings = settings if settings is not None else _OwnSettings(on)
        self._pending: tuple[CueKind, Place] | None = None

    @property
    def on(self) -> bool:
        """Cues play (the ``sounds`` setting)."""
        return self.settings.sounds

    @on.setter
    def on(self, on: bool) -> None:
        self.settings.sounds = on

    def outcome(self, game: Game, outcome: Event | Refusal) -> None:
        """An action's outcome: pair, King, draw, recycle (a new round), refusal or
        win; a selection, a cancel or an undo play none."""
        if isinstance(outcome, Refusal):
            refused = outcome.cards[0] if outcome.cards else None
            self._ask(CueKind.REFUSAL, card_place(game, refused))
            return
        if outcome.won:
            self._ask(CueKind.WIN, CENTRE)
            return
        kind = _KINDS.get(outcome.kind)
        if kind is None:
            return
        if kind in (CueKind.DRAW, CueKind.RECYCLE):
            self._ask(kind, pile_place(waste=False))
            return
        in_pyramid = [c for c in outcome.removed if c in game.layout.pyramid]
        # The higher card of a pair is the one the player reached for in the pyramid.
        card = min(in_pyramid, key=game.layout.pyramid.index) if in_pyramid else None
        self._ask(kind, card_place(game, card))

    def hint(self, answer: _A) -> _A:
        """``answer`` gives a hint (or «no hint»): it gets the hint-ready cue."""
        self._ask(CueKind.HINT, CENTRE)
        return answer

    def focus(self, game: Game, card: Card | None) -> None:
        """The keyboard focus is on ``card``: its place, as a tick."""
        if card is not None:
            self._ask(CueKind.FOCUS, card_place(game, card))

    def _ask(self, kind: CueKind, place: Place) -> None:
        self._pending = (kind, place)

    def take(self) -> Cue | None:
        """The cue waiting for the answer being made, when sounds are on (in mono
        when ``sounds_mono`` is set); None otherwise. Either way none waits after."""
        pending, self._pending = self._pending, None
        if pending is None or not self.on or not self.playable:
            return None
        return Cue(*pending, mono=self.settings.sounds_mono)

    def switch(self, on: bool) -> str:
        """``sounds on`` / ``sounds off``: the sentence that answers it."""
        self.on = on
        if on and not self.playable:
            return join([m.sounds_on(), m.sounds_unavailable()])
        return join([m.sounds_on() if on else m.sounds_off()])
