"""The settings' ranges and names, as constants only: the command line's parser
reads them without loading the rest of the play core."""

RATE_RANGE = (80, 450)
"""Words per minute the speech rate may be set to, in play and on the command line."""
VOLUME_RANGE = (0, 100)
"""The speech volume, in play and on the command line (100: the voice's ordinary
loudness)."""
THINK_RANGE = (0.5, 60.0)
"""Seconds a hint may think, in play and on the command line."""
SCREEN_READER = "screen-reader"
"""The speech route of the screen reader's own voice."""
SPEECH_ROUTES = ("auto", SCREEN_READER, "pyttsx3", "espeak-ng", "speech-dispatcher", "none")
"""What may speak (``--speech``, the saved ``speech``): the speech factory's
choices, named here so that settings need no speech code
(``tests/speech/test_speech_routes.py`` checks the two agree)."""
