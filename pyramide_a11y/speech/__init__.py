"""Speech: the :class:`Speaker` interface, its backends and a recording fake."""

from .base import RecordingSpeaker, SilentSpeaker, Speaker

__all__ = ["RecordingSpeaker", "SilentSpeaker", "Speaker"]
