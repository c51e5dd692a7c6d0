"""The settings name the speech routes without importing speech: the names must be
the speech factory's own."""

from __future__ import annotations

from pyramide_a11y.core.limits import SCREEN_READER, SPEECH_ROUTES
from pyramide_a11y.speech import factory


def test_the_settings_routes_are_the_speech_factorys_choices() -> None:
    assert SPEECH_ROUTES == factory.CHOICES
    assert SCREEN_READER == factory.SCREEN_READER
