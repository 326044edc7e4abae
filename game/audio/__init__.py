"""Sound for the game: effects synthesised in code and the service that plays them.

``SoundService`` is what the engine holds; ``synth`` makes the samples and the WAV files.
"""

from __future__ import annotations

from game.audio.sound import SoundService
from game.audio.synth import SOUND_NAMES

__all__ = ["SOUND_NAMES", "SoundService"]
